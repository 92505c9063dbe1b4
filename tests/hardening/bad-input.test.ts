import Kernel from '@onkernel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { builtActions, postAction } from './routes';

let h: Harness;
let k: Kernel;
let session = '';
let pool = '';
let proc = '';

interface Case {
  name: string;
  method: string;
  path: () => string;
  body?: unknown;
  raw?: string;
  status?: number;
  field: RegExp;
}

const json = (method: string, path: () => string, body: unknown, field: RegExp, status?: number): Omit<Case, 'name'> => ({ method, path, body, field, status });
const S = () => `/browsers/${session}`;

/** The engine's answer to every one of these is a 4xx Error body whose message names the field, never a 5xx. */
const ENGINE_CASES: Record<string, Omit<Case, 'name'>> = {
  'browser: unsupported viewport': json('POST', () => '/browsers', { viewport: { width: 800, height: 600 } }, /^viewport/),
  'browser: viewport with a wrong refresh rate': json('POST', () => '/browsers', { viewport: { width: 1920, height: 1080, refresh_rate: 60 } }, /^viewport/),
  'browser: viewport width as text': json('POST', () => '/browsers', { viewport: { width: '1920', height: 1080 } }, /^viewport\.width/),
  'browser: timeout below 10': json('POST', () => '/browsers', { timeout_seconds: 9 }, /^timeout_seconds/),
  'browser: timeout above 259200': json('POST', () => '/browsers', { timeout_seconds: 259201 }, /^timeout_seconds/),
  'browser: headless as text': json('POST', () => '/browsers', { headless: 'yes' }, /^headless/),
  'browser: unknown field': json('POST', () => '/browsers', { surprise: true }, /surprise/),
  'browser: name with a space': json('POST', () => '/browsers', { name: 'a b' }, /^name/),
  'browser: javascript start_url': json('POST', () => '/browsers', { start_url: 'javascript:alert(1)' }, /^start_url/),
  'browser: proxy_id with a slash': json('POST', () => '/browsers', { proxy_id: '../x' }, /^proxy_id/),
  'browser: unknown proxy_id': json('POST', () => '/browsers', { proxy_id: 'nope' }, /^proxy_id/),
  'browser: body is not JSON': { method: 'POST', path: () => '/browsers', raw: '{"headless":', field: /^body/ },
  'browser: body is an array': json('POST', () => '/browsers', [1, 2], /^body/),
  'browser: oversized body': { method: 'POST', path: () => '/browsers', raw: JSON.stringify({ name: 'x'.repeat(2_000_000) }), field: /^body/, status: 413 },
  'browser list: limit 0': json('GET', () => '/browsers?limit=0', undefined, /^limit/),
  'browser list: limit 101': json('GET', () => '/browsers?limit=101', undefined, /^limit/),
  'browser list: negative offset': json('GET', () => '/browsers?offset=-1', undefined, /^offset/),
  'browser list: unknown status': json('GET', () => '/browsers?status=bogus', undefined, /^status/),
  'browser: id with an encoded slash': json('GET', () => '/browsers/a%2Fb', undefined, /id|not found|route/),
  'browser: unknown id': json('GET', () => '/browsers/unknown1', undefined, /not found/, 404),
  'browser: delete unknown id': json('DELETE', () => '/browsers/unknown1', undefined, /not found/, 404),
  'persistent delete: no persistent_id': json('DELETE', () => '/browsers', undefined, /^persistent_id/),
  'persistent delete: empty persistent_id': json('DELETE', () => '/browsers?persistent_id=', undefined, /^persistent_id/),
  'persistent delete: dotted persistent_id': json('DELETE', () => '/browsers?persistent_id=..', undefined, /^persistent_id/),
  'list_files: no path': json('GET', () => `${S()}/fs/list_files`, undefined, /^path/),
  'list_files: relative path': json('GET', () => `${S()}/fs/list_files?path=downloads`, undefined, /^path/),
  'list_files: escaping path': json('GET', () => `${S()}/fs/list_files?path=/../../etc`, undefined, /path/),
  'list_files: NUL byte': json('GET', () => `${S()}/fs/list_files?path=/a%00b`, undefined, /^path/),
  'list_files: over-long path': json('GET', () => `${S()}/fs/list_files?path=/${'a'.repeat(5000)}`, undefined, /^path/),
  'list_files: missing directory': json('GET', () => `${S()}/fs/list_files?path=/no-such-dir`, undefined, /not found/, 404),
  'list_files: unknown session': json('GET', () => '/browsers/unknown1/fs/list_files?path=/', undefined, /not found/, 404),
  'delete_file: no path': json('PUT', () => `${S()}/fs/delete_file`, {}, /^path/),
  'delete_file: path as a number': json('PUT', () => `${S()}/fs/delete_file`, { path: 5 }, /^path/),
  'delete_file: the root': json('PUT', () => `${S()}/fs/delete_file`, { path: '/' }, /path|root/),
  'delete_file: relative path': json('PUT', () => `${S()}/fs/delete_file`, { path: 'downloads' }, /^path/),
  'delete_file: missing file': json('PUT', () => `${S()}/fs/delete_file`, { path: '/no-such-file' }, /not found/, 404),
  'delete_directory: escaping path': json('PUT', () => `${S()}/fs/delete_directory`, { path: '/../..' }, /path/),
  'move: no dest_path': json('PUT', () => `${S()}/fs/move`, { src_path: '/downloads' }, /^dest_path/),
  'create_directory: bad mode': json('PUT', () => `${S()}/fs/create_directory`, { path: '/x', mode: '999' }, /^mode/),
  'write_file: bad mode': { method: 'PUT', path: () => `${S()}/fs/write_file?path=/x.txt&mode=abc`, raw: 'hello', field: /^mode/ },
  'stdin: invalid base64': json('POST', () => `${S()}/process/${proc}/stdin`, { data_b64: 'not base64!' }, /^data_b64/),
  'stdin: no data_b64': json('POST', () => `${S()}/process/${proc}/stdin`, {}, /^data_b64/),
  'stdin: unknown process': json('POST', () => `${S()}/process/00000000-0000-4000-8000-000000000000/stdin`, { data_b64: 'eA==' }, /not found/, 404),
  'stdin: process id with a slash': json('POST', () => `${S()}/process/..%2Fx/stdin`, { data_b64: 'eA==' }, /process_id|not found|route/),
  'spawn: no command': json('POST', () => `${S()}/process/spawn`, { args: ['x'] }, /^command/),
  'spawn: args not a list': json('POST', () => `${S()}/process/spawn`, { command: 'echo', args: 'x' }, /^args/),
  'spawn: relative cwd': json('POST', () => `${S()}/process/spawn`, { command: 'echo', cwd: 'tmp' }, /^cwd/),
  'exec: negative timeout': json('POST', () => `${S()}/process/exec`, { command: 'true', timeout_sec: -1 }, /^timeout_sec/),
  'kill: unknown signal': json('POST', () => `${S()}/process/${proc}/kill`, { signal: 'BOGUS' }, /^signal/),
  'cursor: hidden as text': json('POST', () => `${S()}/computer/cursor`, { hidden: 'yes' }, /^hidden/),
  'cursor: no hidden': json('POST', () => `${S()}/computer/cursor`, {}, /^hidden/),
  'cursor: unknown session': json('POST', () => '/browsers/unknown1/computer/cursor', { hidden: true }, /not found/, 404),
  'screenshot: region off the screen': json('POST', () => `${S()}/computer/screenshot`, { region: { x: 5000, y: 0, width: 10, height: 10 } }, /^region/),
  'move_mouse: x as text': json('POST', () => `${S()}/computer/move_mouse`, { x: 'a', y: 1 }, /^x/),
  'proxy: unknown type': json('POST', () => '/proxies', { type: 'bogus', name: 'x' }, /^type/),
  'proxy: unknown protocol': json('POST', () => '/proxies', { type: 'datacenter', protocol: 'ftp' }, /^protocol/),
  'proxy: custom without host': json('POST', () => '/proxies', { type: 'custom', config: { port: 8080 } }, /^config\.host/),
  'proxy: custom port 0': json('POST', () => '/proxies', { type: 'custom', config: { host: 'h.example', port: 0 } }, /^config\.port/),
  'proxy: custom port 65536': json('POST', () => '/proxies', { type: 'custom', config: { host: 'h.example', port: 65536 } }, /^config\.port/),
  'proxy: field of another type': json('POST', () => '/proxies', { type: 'datacenter', config: { zip: '12345' } }, /^config\.zip/),
  'proxy: short password': json('POST', () => '/proxies', { type: 'custom', config: { host: 'h.example', port: 8080, password: 'abc' } }, /^config\.password/),
  'proxy: get unknown': json('GET', () => '/proxies/unknown1', undefined, /not found/, 404),
  'proxy: delete unknown': json('DELETE', () => '/proxies/unknown1', undefined, /not found/, 404),
  'pool: size 0': json('POST', () => '/browser_pools', { size: 0 }, /^size/),
  'pool: no size': json('POST', () => '/browser_pools', { name: 'nosize' }, /^size/),
  'pool: fill rate 26': json('POST', () => '/browser_pools', { size: 1, fill_rate_per_minute: 26 }, /^fill_rate_per_minute/),
  'pool: fill rate -1': json('POST', () => '/browser_pools', { size: 1, fill_rate_per_minute: -1 }, /^fill_rate_per_minute/),
  'pool: timeout 59': json('POST', () => '/browser_pools', { size: 1, timeout_seconds: 59 }, /^timeout_seconds/),
  'pool: timeout 86401': json('POST', () => '/browser_pools', { size: 1, timeout_seconds: 86401 }, /^timeout_seconds/),
  'pool: 21 extensions': json('POST', () => '/browser_pools', { size: 1, extensions: Array.from({ length: 21 }, (_, i) => ({ name: `e${i}` })) }, /^extensions/),
  'pool: bad name': json('POST', () => '/browser_pools', { size: 1, name: 'bad name' }, /^name/),
  'pool: viewport 800x600': json('POST', () => '/browser_pools', { size: 1, viewport: { width: 800, height: 600 } }, /^viewport/),
  'pool: viewport 1280x720': json('POST', () => '/browser_pools', { size: 1, viewport: { width: 1280, height: 720 } }, /^viewport/),
  'pool: viewport 2560x1440@25': json('POST', () => '/browser_pools', { size: 1, viewport: { width: 2560, height: 1440, refresh_rate: 25 } }, /^viewport/),
  'pool: missing profile': json('POST', () => '/browser_pools', { size: 1, profile: { name: 'nope' } }, /^profile/),
  'pool: unknown proxy': json('POST', () => '/browser_pools', { size: 1, proxy_id: 'nope' }, /^proxy_id/),
  'pool: size past the limit': json('POST', () => '/browser_pools', { size: 1000 }, /^size/),
  'pool update: no size': json('PATCH', () => `/browser_pools/${pool}`, { fill_rate_per_minute: 5 }, /^size/),
  'pool update: discard_all_idle as text': json('PATCH', () => `/browser_pools/${pool}`, { size: 1, discard_all_idle: 'yes' }, /^discard_all_idle/),
  'pool update: unsupported viewport': json('PATCH', () => `/browser_pools/${pool}`, { size: 1, viewport: { width: 1024, height: 768, refresh_rate: 25 } }, /^viewport/),
  'pool: get unknown': json('GET', () => '/browser_pools/unknown1', undefined, /not found/, 404),
  'pool acquire: negative wait': json('POST', () => `/browser_pools/${pool}/acquire`, { acquire_timeout_seconds: -1 }, /^acquire_timeout_seconds/),
  'pool release: no session_id': json('POST', () => `/browser_pools/${pool}/release`, {}, /^session_id/),
};

async function snapshot() {
  const browsers = (await k.browsers.list({ limit: 100, status: 'all' })).getPaginatedItems().map((b) => b.session_id).sort();
  const proxies = (await k.proxies.list({ limit: 100 })).getPaginatedItems().map((p) => `${p.id}:${p.name}`).sort();
  const pools = (await k.browserPools.list({ limit: 100 })).getPaginatedItems().map((p) => JSON.stringify([p.id, p.name, p.browser_pool_config])).sort();
  const files = (await k.browsers.fs.listFiles(session, { path: '/' })).map((f) => f.name).sort();
  return { browsers, proxies, pools, files };
}

beforeAll(async () => {
  h = await startHarness({ timeoutMs: 10_000 });
  k = new Kernel({ baseURL: h.engine.url, apiKey: h.engine.apiKey, maxRetries: 0 });
  session = (await k.browsers.create({ headless: true, name: 'bad-input-target' })).session_id;
  pool = (await k.browserPools.create({ name: 'bad-input-pool', size: 1, fill_rate_per_minute: 0 })).id;
  proc = (await k.browsers.process.spawn(session, { command: 'cat' })).process_id!;
});

afterAll(async () => h?.close());

describe('bad input', () => {
  it(`the engine refuses ${Object.keys(ENGINE_CASES).length} bad requests with a 4xx naming the field, and nothing changes`, async () => {
    expect(Object.keys(ENGINE_CASES).length).toBeGreaterThanOrEqual(60);
    const before = await snapshot();
    for (const [name, c] of Object.entries(ENGINE_CASES)) {
      const res = await fetch(`${h.engine.url}${c.path()}`, {
        method: c.method,
        headers: { authorization: `Bearer ${h.engine.apiKey}`, 'content-type': 'application/json' },
        body: c.raw ?? (c.body === undefined ? undefined : JSON.stringify(c.body)),
      });
      const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
      if (c.status) expect(res.status, name).toBe(c.status);
      expect(res.status, `${name}: ${body.message}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${name}: ${body.message}`).toBeLessThan(500);
      expect(body.code, name).toBeTruthy();
      expect(body.message, name).toMatch(c.field);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('the dashboard actions refuse bad input with the field named, and nothing changes', async () => {
    const actions = new Map(builtActions().map((a) => [a.name, a]));
    const browserForm = { name: '', viewport: '1920x1080@25', timeout_seconds: 600, headless: true, stealth: false, kiosk_mode: false, proxy_id: '', persistent_id: '', start_url: '' };
    const cases: [string, unknown, RegExp][] = [
      ['createBrowserAction', { ...browserForm, viewport: '800x600@60' }, /viewport/],
      ['createBrowserAction', { ...browserForm, timeout_seconds: 5 }, /timeout_seconds/],
      ['createBrowserAction', { ...browserForm, name: 'a b' }, /name/],
      ['createBrowserAction', { ...browserForm, proxy_id: 'nope' }, /proxy_id/],
      ['deleteBrowserAction', { id: '../x' }, /id/],
      ['deletePersistentBrowserAction', { persistent_id: '' }, /persistent_id/],
      ['createProxyAction', { type: 'bogus' }, /type/],
      ['deleteFileAction', { id: session, path: 'relative' }, /path/],
      ['deleteFileAction', { id: '../x', path: '/x' }, /id/],
      ['deleteDirectoryAction', { id: session, path: '/' }, /path|root/],
      ['createDirectoryAction', { id: session, parent: '/', name: '../x' }, /name/],
      ['deletePoolAction', { id: 'bad name', force: false }, /id/],
      ['releasePoolBrowserAction', { id: pool, session_id: '../x', reuse: true }, /session_id/],
      ['writeProcessStdinAction', { session_id: session, process_id: proc, data_b64: 'not base64!' }, /data_b64/],
      ['killProcessAction', { session_id: session, process_id: proc, signal: 'BOGUS' }, /signal/],
      ['spawnProcessAction', { session_id: session, request: { command: '' } }, /command/],
      ['setCursorAction', { id: session, hidden: 'yes' }, /hidden/],
    ];
    const before = await snapshot();
    for (const [name, input, field] of cases) {
      const action = actions.get(name);
      expect(action, `${name} is built`).toBeDefined();
      const { text } = await postAction(h.baseURL, action!, [input], { cookie: h.cookie });
      expect(text, name).toMatch(/"ok":false/);
      expect(text, name).toMatch(/"status":4\d\d/);
      expect(text, name).toMatch(field);
    }
    expect(await snapshot()).toEqual(before);
  });
});
