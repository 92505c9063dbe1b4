import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckTarget, checkThroughProxy, plainIp } from '@/engine/proxies/check';
import { CredentialRelay } from '@/engine/proxies/relay';
import { startForwardingProxy, startSite, type ForwardingProxy } from '../support/forwarding-proxy';

const credentials = { username: 'carol', password: 'pa:ss@word' };
let site: Awaited<ReturnType<typeof startSite>>;
let upstream: ForwardingProxy;
let relay: CredentialRelay;
let target: CheckTarget;

beforeAll(async () => {
  site = await startSite('relayed');
  upstream = await startForwardingProxy({ credentials, hosts: { 'site.relay.test': `127.0.0.1:${site.port}` } });
  relay = await CredentialRelay.start({ host: '127.0.0.1', port: upstream.port, protocol: 'http', ...credentials });
  target = new CheckTarget('127.0.0.1');
  await target.start();
});

afterAll(async () => {
  await relay.close();
  await upstream.close();
  await site.close();
  await target.close();
});

const basic = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

/** Sends CONNECT to the relay, then a plain GET through the tunnel; returns the raw bytes that came back. */
function throughTunnel(port: number, authority: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
    });
    let data = '';
    let sentGet = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (!sentGet && data.includes('\r\n\r\n')) {
        sentGet = true;
        if (!data.startsWith('HTTP/1.1 200')) return socket.end();
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
      }
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('CredentialRelay', () => {
  it('forwards absolute-URI requests with the upstream credentials added', async () => {
    const res = await get(relay.port, 'http://site.relay.test/page?x=1');
    expect(res.status).toBe(200);
    expect(res.body).toContain('relayed');
    const seen = upstream.seen.find((s) => s.target === 'http://site.relay.test/page?x=1');
    expect(seen?.proxyAuthorization).toBe(basic);
  });

  it('opens CONNECT tunnels through the upstream with the credentials added', async () => {
    const raw = await throughTunnel(relay.port, `site.relay.test:${site.port}`, '/tunnelled');
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(raw).toContain('relayed');
    expect(site.hits).toContain('/tunnelled');
    expect(upstream.seen.find((s) => s.method === 'CONNECT')?.proxyAuthorization).toBe(basic);
  });

  it('passes the upstream refusal on when the credentials are wrong', async () => {
    const wrong = await CredentialRelay.start({ host: '127.0.0.1', port: upstream.port, protocol: 'http', username: 'carol', password: 'nope!' });
    try {
      expect((await get(wrong.port, 'http://site.relay.test/')).status).toBe(407);
      expect(await throughTunnel(wrong.port, `site.relay.test:${site.port}`, '/')).toMatch(/^HTTP\/1\.1 407/);
    } finally {
      await wrong.close();
    }
  });

  it('answers 502 naming the upstream when it is down, and refuses non-proxy requests', async () => {
    const gone = await startForwardingProxy();
    await gone.close();
    const dead = await CredentialRelay.start({ host: '127.0.0.1', port: gone.port, protocol: 'http', username: 'u', password: 'secret' });
    try {
      const res = await get(dead.port, 'http://site.relay.test/');
      expect(res.status).toBe(502);
      expect(res.body).toMatch(new RegExp(`connection refused`));
      expect((await get(dead.port, '/not-absolute')).status).toBe(400);
    } finally {
      await dead.close();
    }
  });
});

describe('proxy check', () => {
  it('reaches the check target through a forwarding proxy and reports the address it saw', async () => {
    const outcome = await checkThroughProxy({ host: '127.0.0.1', port: upstream.port, protocol: 'http', ...credentials }, target);
    expect(outcome).toMatchObject({ status: 'available', ip: '127.0.0.1' });
  });

  it('does not trust a server that answers without reaching the target', async () => {
    const liar = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"nonce":"x","ip":"203.0.113.9"}'));
    await new Promise<void>((r) => liar.listen(0, '127.0.0.1', () => r()));
    try {
      const outcome = await checkThroughProxy({ host: '127.0.0.1', port: (liar.address() as AddressInfo).port, protocol: 'http' }, target);
      expect(outcome.status).toBe('unavailable');
      expect(outcome.ip).toBeNull();
      expect(outcome.message).toMatch(/not with the response/);
    } finally {
      liar.close();
    }
  });

  it('explains missing credentials and timeouts', async () => {
    const noCreds = await checkThroughProxy({ host: '127.0.0.1', port: upstream.port, protocol: 'http' }, target);
    expect(noCreds.message).toMatch(/requires credentials/);
    const silent = net.createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    try {
      const outcome = await checkThroughProxy({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port, protocol: 'http' }, target, 300);
      expect(outcome).toMatchObject({ status: 'unavailable', ip: null });
      expect(outcome.message).toMatch(/no answer .* in time/);
    } finally {
      silent.close();
    }
  });

  it('normalises IPv4-mapped addresses', () => {
    expect(plainIp('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(plainIp('::1')).toBe('::1');
    expect(plainIp(undefined)).toBeNull();
  });
});
