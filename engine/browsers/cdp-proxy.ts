import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { lexicalSessionPath } from '../fs/paths';
import type { BrowserService, LiveSession } from './service';

const CDP_PATH = /^\/browsers\/([A-Za-z0-9._-]+)\/cdp$/;

/**
 * The session's cdp_ws_url points here rather than at Chromium: the engine checks the session's token, counts the
 * connection as activity, and keeps downloads inside the session's filesystem by mapping every downloadPath an
 * agent sets onto the session root.
 */
export class CdpProxy {
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
  private readonly sockets = new Set<WebSocket>();

  constructor(private readonly browsers: BrowserService) {}

  handles(url: URL): boolean {
    return CDP_PATH.test(url.pathname);
  }

  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
    const id = CDP_PATH.exec(url.pathname)![1]!;
    const row = this.browsers.store.byId(id);
    const session = this.browsers.liveById(id);
    const token = url.searchParams.get('jwt') ?? '';
    if (!row || !session || row.deleted_at || !safeEqual(token, row.cdp_token)) {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n' +
        JSON.stringify({ code: 'not_found', message: `browser session ${id} not found` }));
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (client) => this.bridge(client, session));
  }

  private bridge(client: WebSocket, session: LiveSession): void {
    const release = this.browsers.hold(session.id);
    const upstream = new WebSocket(session.chromium.wsEndpoint, { perMessageDeflate: false, maxPayload: 256 * 1024 * 1024 });
    this.sockets.add(client);
    this.sockets.add(upstream);
    const pending: WebSocket.RawData[] = [];
    const close = () => {
      release();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
      if (client.readyState <= WebSocket.OPEN) client.close();
      if (upstream.readyState <= WebSocket.OPEN) upstream.close();
    };
    client.on('message', (data, isBinary) => {
      const out = isBinary ? data : rewriteDownloadPath(String(data), session.root);
      if (upstream.readyState === WebSocket.OPEN) upstream.send(out, { binary: isBinary });
      else pending.push(Buffer.from(out as string));
    });
    upstream.on('open', () => {
      for (const m of pending.splice(0)) upstream.send(String(m));
    });
    upstream.on('message', (data, isBinary) => {
      this.browsers.touch(session.id);
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    });
    client.on('close', close);
    upstream.on('close', close);
    client.on('error', close);
    upstream.on('error', close);
  }

  closeAll(): void {
    for (const s of this.sockets) s.terminate();
    this.sockets.clear();
  }
}

function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** Browser/Page.setDownloadBehavior with a downloadPath: map the path into the session's filesystem. */
export function rewriteDownloadPath(text: string, root: string): string {
  if (!text.includes('setDownloadBehavior')) return text;
  try {
    const msg = JSON.parse(text) as { method?: string; params?: { downloadPath?: string } };
    if (!msg.method?.endsWith('.setDownloadBehavior') || typeof msg.params?.downloadPath !== 'string') return text;
    const requested = msg.params.downloadPath;
    const inside = requested.startsWith(root + path.sep) ? requested : lexicalSessionPath(root, requested);
    msg.params.downloadPath = inside ?? path.join(root, 'downloads');
    return JSON.stringify(msg);
  } catch {
    return text;
  }
}
