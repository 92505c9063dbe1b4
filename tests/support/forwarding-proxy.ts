import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  /** The absolute URI (plain http) or the host:port authority (CONNECT). */
  target: string;
  proxyAuthorization?: string;
}

export interface ForwardingProxy {
  port: number;
  seen: SeenRequest[];
  /** Holds every request that arrives from now on until the returned function is called (no timing involved). */
  hold(): () => void;
  close(): Promise<void>;
}

export interface ForwardingProxyOptions {
  /** When set, requests without exactly these Basic credentials get 407. */
  credentials?: { username: string; password: string };
  /** Names this proxy resolves itself (e.g. "site.test" → "127.0.0.1:4321"), as a proxy with its own hosts file would. */
  hosts?: Record<string, string>;
}

/**
 * A small real forwarding proxy on loopback for tests: absolute-URI requests and CONNECT tunnels, optional Basic
 * authentication, and a log of what went through it.
 */
export async function startForwardingProxy(opts: ForwardingProxyOptions = {}): Promise<ForwardingProxy> {
  const seen: SeenRequest[] = [];
  const sockets = new Set<net.Socket>();
  const expected = opts.credentials
    ? `Basic ${Buffer.from(`${opts.credentials.username}:${opts.credentials.password}`).toString('base64')}`
    : undefined;
  const resolve = (host: string, port: number): [string, number] => {
    const mapped = opts.hosts?.[host];
    if (!mapped) return [host, port];
    const [h, p] = mapped.split(':');
    return [h!, Number(p)];
  };
  const authorized = (req: http.IncomingMessage) => !expected || req.headers['proxy-authorization'] === expected;
  let gate: Promise<void> | undefined;
  const afterGate = (fn: () => void) => (gate ? void gate.then(fn) : fn());

  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
    afterGate(() => forward(req, res));
  });
  const forward = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!authorized(req)) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URI required');
      return;
    }
    const [host, port] = resolve(url.hostname, Number(url.port || 80));
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request({ host, port, method: req.method, path: url.pathname + url.search, headers }, (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('bad gateway');
      else res.destroy();
    });
    req.pipe(upstream);
  };
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push({ method: 'CONNECT', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'] });
    afterGate(() => tunnel(req, client, head));
  });
  const tunnel = (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (!authorized(req)) {
      client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n');
      return;
    }
    const [h, p] = (req.url ?? '').split(/:(?=\d+$)/);
    const [host, port] = resolve(h!, Number(p));
    const upstream = net.connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const done = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', () => {
      if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      done();
    });
    client.on('error', done).on('close', done);
  };
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    hold() {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      gate = held;
      return () => {
        if (gate === held) gate = undefined;
        release();
      };
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** A plain http site on loopback that answers every path with a small page naming it. */
export async function startSite(title: string): Promise<{ port: number; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>${title}</title><p>${title}</p>`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
