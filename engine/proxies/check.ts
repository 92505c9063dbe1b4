import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProxyStatus, ProxyType } from '../../lib/schemas/proxy';
import { describeUpstream, ProbeError, requestThroughProxy, type Upstream } from './upstream';

export const CHECK_TIMEOUT_MS = 8000;
const PATH_PREFIX = '/kd-proxy-check/';

export interface CheckOutcome {
  status: ProxyStatus;
  message: string;
  /** The address the check target saw the request come from; null when nothing got through. */
  ip: string | null;
}

/** Turns "::ffff:127.0.0.1" into the IPv4 address it carries. */
export function plainIp(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

/**
 * The target a check reaches through the proxy: a tiny endpoint on this machine that answers with the address the
 * request came from and a one-time nonce, so an answer can only have come from here, through the proxy.
 */
export class CheckTarget {
  private server?: http.Server;
  private port = 0;

  constructor(private readonly host: string) {}

  async start(): Promise<void> {
    const server = http.createServer((req, res) => {
      const url = req.url ?? '';
      const nonce = url.startsWith(PATH_PREFIX) ? url.slice(PATH_PREFIX.length) : '';
      if (req.method !== 'GET' || !/^[a-f0-9]{24}$/.test(nonce)) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
        .end(JSON.stringify({ nonce, ip: plainIp(req.socket.remoteAddress) }));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.host, () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  url(nonce: string): URL {
    return new URL(`http://${this.host}:${this.port}${PATH_PREFIX}${nonce}`);
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export function managedOutcome(type: ProxyType): CheckOutcome {
  return {
    status: 'unavailable',
    ip: null,
    message:
      `this local engine has no ${type} proxy provider: ${type} proxies come from Kernel's managed proxy network, ` +
      'so no traffic can go through this proxy here. Use a custom proxy to route sessions through your own proxy server.',
  };
}

function refusal(status: number, statusText: string, up: Upstream, what: string): string {
  if (status === 407) {
    return up.username
      ? `the proxy at ${describeUpstream(up)} refused the username and password (407 Proxy Authentication Required)`
      : `the proxy at ${describeUpstream(up)} requires credentials (407 Proxy Authentication Required); set a username and password`;
  }
  return `the proxy at ${describeUpstream(up)} answered ${status}${statusText ? ` ${statusText}` : ''} instead of reaching ${what}`;
}

/** Checks a custom proxy by sending a request through it to the engine's own check target. */
export async function checkThroughProxy(up: Upstream, target: CheckTarget, timeoutMs = CHECK_TIMEOUT_MS): Promise<CheckOutcome> {
  const nonce = crypto.randomBytes(12).toString('hex');
  const url = target.url(nonce);
  const what = `the check target at ${url.host} on this machine`;
  try {
    const res = await requestThroughProxy(up, url, timeoutMs);
    if (res.status !== 200) return { status: 'unavailable', ip: null, message: refusal(res.status, res.statusText, up, what) };
    let seen: { nonce?: unknown; ip?: unknown } = {};
    try {
      seen = JSON.parse(res.body) as typeof seen;
    } catch {
      /* handled below */
    }
    if (seen.nonce !== nonce || typeof seen.ip !== 'string') {
      return {
        status: 'unavailable',
        ip: null,
        message: `the proxy at ${describeUpstream(up)} answered, but not with the response of ${what} (is it a forwarding proxy?)`,
      };
    }
    return { status: 'available', ip: seen.ip, message: `reached ${what} through ${describeUpstream(up)}; the target saw ${seen.ip}` };
  } catch (err) {
    return { status: 'unavailable', ip: null, message: err instanceof ProbeError ? err.message : String(err) };
  }
}

/** Checks reachability of an operator-chosen URL through the proxy; the exit address is not known from it. */
export async function checkUrlThroughProxy(up: Upstream, url: URL, timeoutMs = CHECK_TIMEOUT_MS): Promise<CheckOutcome> {
  try {
    const res = await requestThroughProxy(up, url, timeoutMs);
    // 502/504 over plain http is the proxy saying it could not reach the site.
    if (res.status === 407 || res.refusedByProxy || (url.protocol === 'http:' && (res.status === 502 || res.status === 504))) {
      return { status: 'unavailable', ip: null, message: refusal(res.status, res.statusText, up, url.origin) };
    }
    return { status: 'available', ip: null, message: `reached ${url.origin} through ${describeUpstream(up)} (HTTP ${res.status})` };
  } catch (err) {
    return { status: 'unavailable', ip: null, message: err instanceof ProbeError ? err.message : String(err) };
  }
}
