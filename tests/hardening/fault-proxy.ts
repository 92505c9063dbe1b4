import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the proxy does to requests whose path matches: pass them on, or fail in one of the ways networks do. */
export type Fault =
  | { kind: 'pass' }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'reset' }
  | { kind: 'trickle'; bytesPerTick: number; intervalMs: number }
  | { kind: 'reset-after'; bytes: number };

/**
 * A fault-injecting HTTP proxy for the dashboard → API hop. It forwards to `target` unless a rule for the request's
 * path says otherwise, counts open upstream connections, and records every request it saw.
 */
export class FaultProxy {
  private server = http.createServer((req, res) => void this.handle(req, res));
  private rules: { match: RegExp; fault: Fault }[] = [];
  private sockets = new Set<Socket>();
  readonly seen: { method: string; path: string }[] = [];
  openUpstreams = 0;
  url = '';

  constructor(private readonly target: string) {
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  set(match: RegExp, fault: Fault): void {
    this.rules.unshift({ match, fault });
  }

  clear(): void {
    this.rules = [];
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    this.seen.push({ method: req.method ?? 'GET', path });
    const fault = this.rules.find((r) => r.match.test(path))?.fault ?? { kind: 'pass' };
    if (fault.kind === 'status') {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      res.end(fault.body === undefined ? '' : JSON.stringify(fault.body));
      return;
    }
    if (fault.kind === 'hang') return; // never answers; the client's deadline must end it
    if (fault.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    const upstream = await fetch(new URL(path, this.target), {
      method: req.method,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k))) as Record<string, string>,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : (req as unknown as ReadableStream),
      duplex: 'half',
      redirect: 'manual',
    } as RequestInit).catch(() => undefined);
    if (!upstream) {
      res.writeHead(502).end();
      return;
    }
    this.openUpstreams++;
    const headers: Record<string, string> = {};
    upstream.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(k)) headers[k] = v;
    });
    res.writeHead(upstream.status, headers);
    const reader = upstream.body?.getReader();
    let sent = 0;
    const done = () => {
      this.openUpstreams--;
      void reader?.cancel().catch(() => {});
    };
    res.on('close', () => {
      if (!res.writableEnded) done();
    });
    try {
      while (reader) {
        const { value, done: end } = await reader.read();
        if (end) break;
        if (fault.kind === 'reset-after' && sent + value.length >= fault.bytes) {
          res.write(value.subarray(0, Math.max(0, fault.bytes - sent)));
          req.socket.destroy();
          return;
        }
        if (fault.kind === 'trickle') {
          for (let i = 0; i < value.length; i += fault.bytesPerTick) {
            res.write(value.subarray(i, i + fault.bytesPerTick));
            await new Promise((r) => setTimeout(r, fault.intervalMs));
            if (res.destroyed) return;
          }
        } else res.write(value);
        sent += value.length;
      }
      res.end();
      this.openUpstreams--;
    } catch {
      res.destroy();
    }
  }
}
