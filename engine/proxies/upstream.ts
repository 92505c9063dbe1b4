import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import tls from 'node:tls';
import { isIpAddress, type ProxyProtocol } from '../../lib/schemas/proxy';

/** Where a custom proxy listens and how to talk to it. */
export interface Upstream {
  host: string;
  port: number;
  protocol: ProxyProtocol;
  username?: string;
  password?: string;
}

/** A failure to get an answer through the proxy, worded for the operator. */
export class ProbeError extends Error {}

export interface ProbeResponse {
  status: number;
  statusText: string;
  body: string;
  /** The proxy refused to open a tunnel (CONNECT answered with this status), so the target was never reached. */
  refusedByProxy?: boolean;
}

const MAX_BODY = 64 * 1024;

export function proxyAuthorization(up: Upstream): string | undefined {
  if (!up.username) return undefined;
  return `Basic ${Buffer.from(`${up.username}:${up.password ?? ''}`, 'utf8').toString('base64')}`;
}

/** The host as it goes into a URL or a request line (IPv6 in brackets). */
export function hostForUrl(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function describeUpstream(up: Upstream): string {
  return `${up.protocol}://${hostForUrl(up.host)}:${up.port}`;
}

/** Options for a request addressed to the proxy itself (TLS to the proxy when its protocol is https). */
export function toProxy(up: Upstream, extra: http.RequestOptions): { mod: typeof http | typeof https; options: https.RequestOptions } {
  const options: https.RequestOptions = { host: up.host, port: up.port, ...extra };
  if (up.protocol === 'https' && !isIpAddress(up.host)) options.servername = up.host;
  return { mod: up.protocol === 'https' ? https : http, options };
}

/** Explains a socket-level failure in terms of the proxy the operator configured. */
export function describeFailure(err: unknown, up: Upstream): string {
  const e = err as NodeJS.ErrnoException;
  const where = describeUpstream(up);
  switch (e.code) {
    case 'ECONNREFUSED':
      return `could not connect to the proxy at ${where}: connection refused (nothing listens there)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `could not resolve the proxy host ${up.host}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `the proxy at ${where} closed the connection`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `the proxy host ${up.host} is unreachable from this machine`;
    case 'ABORT_ERR':
    case 'ETIMEDOUT':
      return `no answer through the proxy at ${where} in time`;
  }
  if (up.protocol === 'https' && (e.code?.startsWith('ERR_SSL') || e.code?.includes('CERT') || /SSL|TLS|certificate/i.test(e.message))) {
    return `TLS with the proxy at ${where} failed (${e.message}); if it is a plain HTTP proxy, set its protocol to http`;
  }
  return `the request through the proxy at ${where} failed: ${e.message}`;
}

function readBody(res: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) res.destroy();
    });
    res.on('end', () => resolve(body));
    res.on('close', () => resolve(body));
    res.on('error', reject);
  });
}

/** Opens a CONNECT tunnel through the proxy to host:port; resolves with the raw socket once the proxy says 200. */
export function openTunnel(up: Upstream, host: string, port: number, signal: AbortSignal): Promise<Socket> {
  const authority = `${hostForUrl(host)}:${port}`;
  const auth = proxyAuthorization(up);
  const { mod, options } = toProxy(up, {
    method: 'CONNECT',
    path: authority,
    agent: false,
    signal,
    headers: { host: authority, ...(auth ? { 'proxy-authorization': auth } : {}) },
  });
  return new Promise((resolve, reject) => {
    const req = mod.request(options);
    req.once('connect', (res, socket, head) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        reject(Object.assign(new ProbeError(`CONNECT ${res.statusCode}`), { status: res.statusCode, statusText: res.statusMessage }));
        return;
      }
      if (head.length) socket.unshift(head);
      resolve(socket);
    });
    req.once('error', reject);
    req.end();
  });
}

/**
 * GETs a URL through the proxy the way a browser does: an absolute-URI request for http, a CONNECT tunnel for
 * https. Resolves with whatever answered (the proxy or the target); rejects with a ProbeError when nothing did.
 */
export async function requestThroughProxy(up: Upstream, url: URL, timeoutMs: number): Promise<ProbeResponse> {
  const signal = AbortSignal.timeout(timeoutMs);
  const auth = proxyAuthorization(up);
  try {
    if (url.protocol === 'http:') {
      const { mod, options } = toProxy(up, {
        method: 'GET',
        path: url.href,
        agent: false,
        signal,
        headers: { host: url.host, connection: 'close', ...(auth ? { 'proxy-authorization': auth } : {}) },
      });
      return await new Promise<ProbeResponse>((resolve, reject) => {
        const req = mod.request(options, (res) => {
          readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', body }), reject);
        });
        req.once('error', reject);
        req.end();
      });
    }
    let tunnel: Socket;
    try {
      tunnel = await openTunnel(up, url.hostname.replace(/^\[|\]$/g, ''), Number(url.port || 443), signal);
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status) return { status, statusText: (err as { statusText?: string }).statusText ?? '', body: '', refusedByProxy: true };
      throw err;
    }
    return await new Promise<ProbeResponse>((resolve, reject) => {
      const req = https.request(
        url,
        {
          method: 'GET',
          agent: false,
          signal,
          headers: { connection: 'close' },
          createConnection: () => tls.connect({ socket: tunnel, servername: isIpAddress(url.hostname) ? undefined : url.hostname }),
        },
        (res) => {
          readBody(res).then((body) => resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', body }), reject);
        },
      );
      req.once('error', (err) => reject(new ProbeError(`reached ${url.host} through the proxy, but ${err.message}`)));
      req.end();
    });
  } catch (err) {
    if (err instanceof ProbeError) throw err;
    throw new ProbeError(describeFailure(err, up));
  }
}
