import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startForwardingProxy, startSite, type ForwardingProxy } from '../support/forwarding-proxy';
import { kernel, raw } from './client';

const k = kernel();
const sessions: string[] = [];
const closers: Array<() => Promise<void>> = [];

afterAll(async () => {
  await Promise.allSettled(sessions.map((id) => k.browsers.deleteByID(id)));
  await Promise.allSettled(closers.map((c) => c()));
});

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`;

async function post(path: string, body: unknown, key?: string | null) {
  const res = await raw(path, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, key });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let proxy: ForwardingProxy;
let authProxy: ForwardingProxy;
let site: Awaited<ReturnType<typeof startSite>>;

beforeAll(async () => {
  site = await startSite('through-the-proxy');
  // The site is reachable only by a name the test proxies resolve, so a page that loads went through a proxy.
  const hosts = { 'site.proxied.test': `127.0.0.1:${site.port}` };
  proxy = await startForwardingProxy({ hosts });
  authProxy = await startForwardingProxy({ hosts, credentials: { username: 'alice', password: 'p@ss:word!' } });
  closers.push(() => proxy.close(), () => authProxy.close(), () => site.close());
});

describe('proxies', () => {
  it('creates each managed type with its config and answers honestly that no provider is here', async () => {
    const cases = [
      { type: 'datacenter', config: { country: 'de' } },
      { type: 'isp' },
      { type: 'residential', config: { country: 'US', city: 'sanfrancisco' } },
      { type: 'mobile', config: { country: 'US', state: 'ca' } },
    ] as const;
    for (const c of cases) {
      const name = unique(c.type);
      const p = await k.proxies.create({ ...c, name });
      expect(p).toMatchObject({ type: c.type, name, protocol: 'https', status: 'unavailable', bypass_hosts: [] });
      expect(p.id).toMatch(/^proxy_/);
      expect(p.last_checked).toBeTruthy();
      expect(p.ip_address).toBeUndefined();
      expect((p as { status_message?: string }).status_message).toMatch(/no traffic can go through this proxy here/);
      const checked = await k.proxies.check(p.id!);
      expect(checked.status).toBe('unavailable');
      expect(checked.ip_address).toBeUndefined();
    }
    const dc = await k.proxies.create({ type: 'datacenter', config: { country: 'de' } });
    expect(dc.config).toEqual({ country: 'DE' });
    expect((await k.proxies.create({ type: 'isp' })).config).toEqual({ country: 'US' });
    const mobile = await k.proxies.create({ type: 'mobile', config: { country: 'US', state: 'ca' } });
    expect(mobile.config).toEqual({ country: 'US', state: 'CA' });
  });

  it('creates a custom proxy, checks it through the proxy and records the exit address', async () => {
    const name = unique('custom');
    const created = await k.proxies.create({ type: 'custom', name, protocol: 'http', config: { host: '127.0.0.1', port: proxy.port } });
    expect(created).toMatchObject({ status: 'available', ip_address: '127.0.0.1', config: { host: '127.0.0.1', port: proxy.port, has_password: false } });
    const before = proxy.seen.length;
    const checked = await k.proxies.check(created.id!);
    expect(checked.status).toBe('available');
    expect(checked.ip_address).toBe('127.0.0.1');
    expect(Date.parse(checked.last_checked!)).toBeGreaterThanOrEqual(Date.parse(created.last_checked!));
    // The check really went through the proxy: it saw an absolute-URI request for the engine's check target.
    expect(proxy.seen.slice(before).some((s) => s.method === 'GET' && /\/kd-proxy-check\//.test(s.target))).toBe(true);

    const got = await k.proxies.retrieve(created.id!);
    expect(got).toMatchObject({ id: created.id, status: 'available', ip_address: '127.0.0.1' });
  });

  it('keeps the password write-only and sends it to the proxy', async () => {
    const p = await k.proxies.create({
      type: 'custom',
      protocol: 'http',
      config: { host: 'localhost', port: authProxy.port, username: 'alice', password: 'p@ss:word!' },
    });
    expect(p.config).toEqual({ host: 'localhost', port: authProxy.port, username: 'alice', has_password: true });
    expect(JSON.stringify(p)).not.toContain('p@ss:word!');
    expect(p.status).toBe('available');
    const listed = await raw(`/proxies?query=${p.id}`);
    expect(await listed.text()).not.toContain('p@ss:word!');

    const wrong = await k.proxies.create({
      type: 'custom',
      protocol: 'http',
      config: { host: '127.0.0.1', port: authProxy.port, username: 'alice', password: 'not-it' },
    });
    expect(wrong.status).toBe('unavailable');
    expect((wrong as { status_message?: string }).status_message).toMatch(/407/);
  });

  it('reports a proxy that is down or speaks the wrong protocol as unavailable, with the reason', async () => {
    const closed = await startForwardingProxy();
    await closed.close();
    const down = await k.proxies.create({ type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: closed.port } });
    expect(down.status).toBe('unavailable');
    expect(down.ip_address).toBeUndefined();
    expect((down as { status_message?: string }).status_message).toMatch(/connection refused/);

    const tlsToPlain = await k.proxies.create({ type: 'custom', config: { host: '127.0.0.1', port: proxy.port } });
    expect(tlsToPlain.protocol).toBe('https');
    expect(tlsToPlain.status).toBe('unavailable');
    expect((tlsToPlain as { status_message?: string }).status_message).toMatch(/TLS|protocol to http/);
  });

  it('checks against a chosen url without changing the stored status', async () => {
    const p = await k.proxies.create({ type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: proxy.port } });
    const res = await k.proxies.check(p.id!, { url: 'http://site.proxied.test/hello' });
    expect(res.status).toBe('available');
    expect(site.hits).toContain('/hello');
    const unreachable = await k.proxies.check(p.id!, { url: 'http://127.0.0.1:1/' });
    expect(unreachable.status).toBe('unavailable');
    expect((await k.proxies.retrieve(p.id!)).status).toBe('available');
  });

  it('lists with pagination, query and exact name, scoped to the organization', async () => {
    const tag = unique('list');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await k.proxies.create({ type: 'datacenter', name: `${tag}-${i}` })).id!);
    const first = await raw(`/proxies?limit=2&query=${tag}`);
    expect(first.headers.get('x-has-more')).toBe('true');
    expect(first.headers.get('x-next-offset')).toBe('2');
    const seen: string[] = [];
    for await (const p of k.proxies.list({ limit: 2, query: tag.toUpperCase() })) seen.push(p.id!);
    expect(seen.sort()).toEqual([...ids].sort());
    const byName: string[] = [];
    for await (const p of k.proxies.list({ name: `${tag}-1` })) byName.push(p.id!);
    expect(byName).toEqual([ids[1]]);
    const byId: string[] = [];
    for await (const p of k.proxies.list({ query: ids[2] })) byId.push(p.id!);
    expect(byId).toEqual([ids[2]]);

    const other = kernel('other');
    const theirs: string[] = [];
    for await (const p of other.proxies.list({ query: tag })) theirs.push(p.id!);
    expect(theirs).toEqual([]);
    await expect(other.proxies.retrieve(ids[0]!)).rejects.toMatchObject({ status: 404 });
    await expect(other.proxies.delete(ids[0]!)).rejects.toMatchObject({ status: 404 });
    await expect(other.proxies.check(ids[0]!)).rejects.toMatchObject({ status: 404 });
  });

  it('renames, soft-deletes (then 404 and gone from the list)', async () => {
    const p = await k.proxies.create({ type: 'isp', name: unique('del') });
    const renamed = await k.proxies.update(p.id!, { name: `${p.name}-renamed` });
    expect(renamed.name).toBe(`${p.name}-renamed`);
    await k.proxies.delete(p.id!);
    await expect(k.proxies.retrieve(p.id!)).rejects.toMatchObject({ status: 404 });
    await expect(k.proxies.check(p.id!)).rejects.toMatchObject({ status: 404 });
    await expect(k.proxies.delete(p.id!)).rejects.toMatchObject({ status: 404 });
    const left: string[] = [];
    for await (const x of k.proxies.list({ query: p.id! })) left.push(x.id!);
    expect(left).toEqual([]);
  });

  it('routes a session through a custom proxy; the session keeps proxy_id after the proxy is deleted', async () => {
    const p = await k.proxies.create({ type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: proxy.port } });
    const b = await k.browsers.create({ headless: true, proxy_id: p.id });
    sessions.push(b.session_id);
    expect(b.proxy_id).toBe(p.id);
    const browser = await chromium.connectOverCDP(b.cdp_ws_url);
    try {
      const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
      await page.goto('http://site.proxied.test/via-plain-proxy');
      expect(await page.title()).toBe('through-the-proxy');
      expect(proxy.seen.some((s) => s.target === 'http://site.proxied.test/via-plain-proxy')).toBe(true);

      await k.proxies.delete(p.id!);
      expect((await k.browsers.retrieve(b.session_id)).proxy_id).toBe(p.id);
      // The running session is not modified: it still goes through the proxy.
      await page.goto('http://site.proxied.test/after-delete');
      expect(await page.title()).toBe('through-the-proxy');
    } finally {
      await browser.close();
    }
    await expect(k.browsers.create({ headless: true, proxy_id: p.id })).rejects.toMatchObject({ status: 400 });
  });

  it('routes a session through a proxy that needs credentials, via the engine relay', async () => {
    const p = await k.proxies.create({
      type: 'custom',
      protocol: 'http',
      bypass_hosts: ['bypassed.example'],
      config: { host: '127.0.0.1', port: authProxy.port, username: 'alice', password: 'p@ss:word!' },
    });
    const b = await k.browsers.create({ headless: true, proxy_id: p.id });
    sessions.push(b.session_id);
    const browser = await chromium.connectOverCDP(b.cdp_ws_url);
    try {
      const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage());
      await page.goto('http://site.proxied.test/with-credentials');
      expect(await page.title()).toBe('through-the-proxy');
      const hit = authProxy.seen.find((s) => s.target === 'http://site.proxied.test/with-credentials');
      expect(hit?.proxyAuthorization).toBe(`Basic ${Buffer.from('alice:p@ss:word!').toString('base64')}`);
    } finally {
      await browser.close();
    }
  });

  it('refuses a proxy_id that is unknown, deleted, managed or of another organization', async () => {
    const theirs = await kernel('other').proxies.create({ type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: proxy.port } });
    const cross = await post('/browsers', { headless: true, proxy_id: theirs.id });
    expect(cross.status).toBe(400);
    expect(cross.body.message).toMatch(/^proxy_id: /);
    const unknown = await post('/browsers', { headless: true, proxy_id: 'proxy_nope' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^proxy_id: /);
    const managed = await k.proxies.create({ type: 'datacenter' });
    const refused = await post('/browsers', { headless: true, proxy_id: managed.id });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^proxy_id: .*datacenter/);
    const malformed = await post('/browsers', { headless: true, proxy_id: '../x' });
    expect(malformed.status).toBe(400);
  });

  it('refuses bad input with a 400 that names the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ type: 'satellite' }, /^type: must be one of datacenter, isp, residential, mobile, custom/],
      [{}, /^type: /],
      [{ type: 'datacenter', protocol: 'socks5' }, /^protocol: must be http or https/],
      [{ type: 'custom' }, /^config: is required/],
      [{ type: 'custom', config: { port: 8080 } }, /^config\.host: is required/],
      [{ type: 'custom', config: { host: 'proxy.example.com' } }, /^config\.port: is required/],
      [{ type: 'custom', config: { host: 'proxy.example.com', port: 0 } }, /^config\.port: must be an integer from 1 to 65535/],
      [{ type: 'custom', config: { host: 'proxy.example.com', port: 65536 } }, /^config\.port: must be an integer from 1 to 65535/],
      [{ type: 'custom', config: { host: 'http://proxy.example.com/x', port: 80 } }, /^config\.host: /],
      [{ type: 'custom', config: { host: 'h', port: 80, username: 'u' } }, /^config\.password: is required when username is set/],
      [{ type: 'custom', config: { host: 'h', port: 80, username: 'u', password: 'abc' } }, /^config\.password: must be at least 5/],
      [{ type: 'custom', config: { host: 'h', port: 80, username: 'u', password: 'abcdef\nX-Injected: 1' } }, /^config\.password: must not contain control/],
      [{ type: 'datacenter', config: { city: 'berlin' } }, /^config\.city: does not belong to a datacenter proxy/],
      [{ type: 'custom', config: { host: 'h', port: 80, country: 'US' } }, /^config\.country: does not belong to a custom proxy/],
      [{ type: 'mobile', config: { zip: '94107' } }, /^config\.zip: does not belong to a mobile proxy/],
      [{ type: 'residential', config: { city: 'berlin' } }, /^config\.city: needs country/],
      [{ type: 'datacenter', config: { country: 'Germany' } }, /^config\.country: must be a two-letter/],
      [{ type: 'datacenter', bypass_hosts: ['10.0.0.1'] }, /^bypass_hosts\[0\]: must be a hostname, not an IP/],
      [{ type: 'datacenter', name: ' padded' }, /^name: must not start or end with whitespace/],
      [{ type: 'datacenter', surprise: true }, /^surprise: /],
    ];
    for (const [body, message] of cases) {
      const res = await post('/proxies', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('bad_request');
      expect(res.body.message, JSON.stringify(body)).toMatch(message);
    }
    const p = await k.proxies.create({ type: 'isp' });
    const badUrl = await post(`/proxies/${p.id}/check`, { url: 'ftp://example.com' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toMatch(/^url: /);
    expect((await raw('/proxies?limit=0')).status).toBe(400);
    expect((await raw('/proxies/a%2Fb')).status).toBe(400);
    expect((await raw('/proxies', { key: null })).status).toBe(401);
  });
});
