import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { builtActions, builtRoutes, postAction } from './routes';

let h: Harness;
let expired = '';

beforeAll(async () => {
  h = await startHarness();
  // Sign an expired cookie with the dashboard's own secret, so only its age makes it invalid.
  process.env.DATA_DIR = h.dashboardDataDir;
  process.env.DASHBOARD_PASSWORD = h.password;
  const { issueSessionToken, SESSION_TTL_MS } = await import('@/lib/server/auth');
  expired = `kd_session=${issueSessionToken(Date.now() - SESSION_TTL_MS - 60_000)}`;
});

afterAll(async () => h?.close());

const PUBLIC_PAGES = ['/login', '/'];
const PUBLIC_HANDLERS = ['/login/link'];
const PUBLIC_ACTIONS = ['loginAction', 'logoutAction'];

function variants(): Record<string, Record<string, string>> {
  const [name, value] = h.cookie.split('=') as [string, string];
  const [exp, nonce, mac] = value.split('.');
  return {
    'no cookie': {},
    'a tampered cookie': { cookie: `${name}=${Number(exp) + 86_400_000}.${nonce}.${mac}` },
    'a forged signature': { cookie: `${name}=${exp}.${nonce}.${'A'.repeat(mac!.length)}` },
    'an expired cookie': { cookie: expired },
  };
}

describe('authentication on every surface', () => {
  it('refuses every page, route handler and server action without a valid login, and calls no API', async () => {
    const { pages, handlers } = builtRoutes();
    const actions = builtActions().filter((a) => !PUBLIC_ACTIONS.includes(a.name));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(handlers.length).toBeGreaterThanOrEqual(4);
    expect(actions.length).toBeGreaterThanOrEqual(8);
    const callsBefore = h.proxy.seen.length;
    let checks = 0;
    for (const [label, headers] of Object.entries(variants())) {
      for (const p of pages.filter((x) => !PUBLIC_PAGES.includes(x))) {
        const probes: Record<string, string>[] = [{}, { RSC: '1' }, { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' }];
        for (const extra of probes) {
          // RSC requests are first sent to the URL with the cache-busting _rsc value Next asks for: follow that hop only.
          let res = await fetch(`${h.baseURL}${p}`, { headers: { ...headers, ...extra }, redirect: 'manual' });
          let location = res.headers.get('location') ?? '';
          if (location.startsWith(`${p}?_rsc`)) {
            await res.text();
            res = await fetch(`${h.baseURL}${location}`, { headers: { ...headers, ...extra }, redirect: 'manual' });
            location = res.headers.get('location') ?? '';
          }
          const body = await res.text();
          const redirected = [303, 307, 308].includes(res.status) && location.includes('/login');
          const rscRedirect = body.includes('/login') && !body.includes('"ok":true');
          expect(redirected || rscRedirect, `${label}: page ${p} ${JSON.stringify(extra)} → ${res.status}`).toBe(true);
          checks++;
        }
      }
      for (const p of handlers.filter((x) => !PUBLIC_HANDLERS.includes(x))) {
        for (const method of ['GET', 'POST', 'DELETE']) {
          const res = await fetch(`${h.baseURL}${p}`, { method, headers: { ...headers, Origin: h.baseURL }, redirect: 'manual' });
          await res.text();
          expect([401, 405], `${label}: ${method} ${p} → ${res.status}`).toContain(res.status);
          checks++;
        }
      }
      for (const action of actions) {
        const { text } = await postAction(h.baseURL, action, [{ id: 'x1', path: '/x', name: 'x', data_b64: 'eA==' }], headers);
        expect(text, `${label}: ${action.name}`).toContain('unauthorized');
        expect(text).not.toContain('"ok":true');
        checks++;
      }
    }
    expect(h.proxy.seen.length, 'the API was called for an unauthenticated request').toBe(callsBefore);
    console.log(`[auth] ${checks} unauthenticated requests refused across ${pages.length} pages, ${handlers.length} route handlers, ${actions.length} actions`);
  });

  it('refuses a server action from a foreign or null origin even with a valid login', async () => {
    const create = builtActions().find((a) => a.name === 'createBrowserAction')!;
    const callsBefore = h.proxy.seen.length;
    for (const origin of ['http://evil.example', 'null']) {
      const { status, text } = await postAction(h.baseURL, create, [{ name: '', viewport: '1920x1080@25', timeout_seconds: 60, headless: true, stealth: false, kiosk_mode: false, proxy_id: '', persistent_id: '', start_url: '' }], {
        cookie: h.cookie,
        Origin: origin,
      });
      expect(text).not.toContain('"ok":true');
      expect(status).toBeGreaterThanOrEqual(400);
    }
    expect(h.proxy.seen.length).toBe(callsBefore);
  });
});
