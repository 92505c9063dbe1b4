import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { describeFailure, proxyAuthorization, toProxy, type Upstream } from './upstream';

// Headers that describe one hop and must not be forwarded (RFC 9110 §7.6.1), plus the client's own proxy auth.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
}

/**
 * A forwarding proxy on loopback that Chromium uses instead of an upstream proxy that needs credentials: Chromium
 * cannot take proxy credentials on its command line, so this adds Proxy-Authorization (and TLS to the upstream when
 * its protocol is https) to every request and tunnel. It listens on 127.0.0.1 only; anything local that could reach
 * it can also reach the session's own DevTools port, so it opens no new door.
 */
export class CredentialRelay {
  private readonly sockets = new Set<Socket>();
  private readonly agent: http.Agent;
  private readonly auth: string | undefined;
  port = 0;

  private constructor(
    private readonly up: Upstream,
    private readonly server: http.Server,
  ) {
    this.auth = proxyAuthorization(up);
    this.agent = up.protocol === 'https' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.once('close', () => this.sockets.delete(s));
    });
    server.on('request', (req, res) => this.forward(req, res));
    server.on('connect', (req: http.IncomingMessage, socket: Socket, head: Buffer) => this.tunnel(req, socket, head));
    server.on('clientError', (_err, socket: Socket) => socket.destroy());
  }

  static async start(up: Upstream): Promise<CredentialRelay> {
    const relay = new CredentialRelay(up, http.createServer());
    await new Promise<void>((resolve, reject) => {
      relay.server.once('error', reject);
      relay.server.listen(0, '127.0.0.1', () => resolve());
    });
    relay.port = (relay.server.address() as AddressInfo).port;
    return relay;
  }

  private withAuth(headers: http.OutgoingHttpHeaders): http.OutgoingHttpHeaders {
    return this.auth ? { ...headers, 'proxy-authorization': this.auth } : headers;
  }

  /** A plain-http request in absolute-URI form: pass it on to the upstream proxy. */
  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!/^https?:\/\//i.test(req.url ?? '')) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('this is a proxy: send absolute-URI requests');
      return;
    }
    const { mod, options } = toProxy(this.up, {
      method: req.method,
      path: req.url,
      agent: this.agent,
      headers: this.withAuth(forwardable(req.headers)),
    });
    const upstream = mod.request(options, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, forwardable(upRes.headers));
      upRes.pipe(res);
    });
    upstream.on('error', (err) => {
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain' }).end(`relay: ${describeFailure(err, this.up)}`);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  /** CONNECT (https and websockets): open the same tunnel through the upstream proxy, then splice the sockets. */
  private tunnel(req: http.IncomingMessage, client: Socket, head: Buffer): void {
    const { mod, options } = toProxy(this.up, {
      method: 'CONNECT',
      path: req.url,
      agent: false,
      headers: this.withAuth({ host: req.url }),
    });
    const upstream = mod.request(options);
    client.on('error', () => upstream.destroy());
    upstream.once('connect', (upRes, upSocket: Socket, upHead: Buffer) => {
      client.write(`HTTP/1.1 ${upRes.statusCode} ${upRes.statusMessage ?? ''}\r\n\r\n`);
      if (upRes.statusCode !== 200) {
        upSocket.destroy();
        client.end();
        return;
      }
      const done = () => {
        upSocket.destroy();
        client.destroy();
      };
      upSocket.on('error', done).on('close', done);
      client.on('close', done);
      if (upHead.length) client.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.pipe(client);
      client.pipe(upSocket);
    });
    upstream.once('error', (err) => {
      if (client.writable) client.end(`HTTP/1.1 502 Bad Gateway\r\ncontent-type: text/plain\r\n\r\nrelay: ${describeFailure(err, this.up)}`);
    });
    upstream.end();
  }

  async close(): Promise<void> {
    this.agent.destroy();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
