import fs from 'node:fs';
import path from 'node:path';
import { engineInfo, expect, test } from './fixtures';

const NEXT_DIR = path.resolve('.next');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : [p];
  });
}

/** The organization tokens this run knows: the engine's key and the value the build was made with. */
function secrets(): string[] {
  const list = [engineInfo().api_key];
  if (process.env.E2E_BUILD_CANARY) list.push(process.env.E2E_BUILD_CANARY);
  return list;
}

test('no organization token is in the client bundle or in any page served', async ({ page, session, request }) => {
  const tokens = secrets();
  const statics = filesUnder(path.join(NEXT_DIR, 'static'));
  expect(statics.length).toBeGreaterThan(5);
  for (const file of statics) {
    const text = fs.readFileSync(file, 'latin1');
    for (const t of tokens) expect(text.includes(t), `${file} contains a token`).toBe(false);
  }

  const s = await session();
  const bodies: string[] = [];
  page.on('response', async (res) => {
    try {
      bodies.push(await res.text());
    } catch {
      /* redirects and aborted requests have no body */
    }
  });
  for (const p of ['/browsers', `/browsers/${s.session_id}`, '/browsers?status=all', '/proxies', '/pools']) {
    await page.goto(p);
    await expect(page.getByRole('main')).toBeVisible();
  }
  for (const p of ['/api/browsers', `/api/browsers/${s.session_id}`, `/browsers/${s.session_id}`]) {
    bodies.push(await (await request.get(p, { headers: { RSC: '1' } })).text());
  }
  expect(bodies.length).toBeGreaterThan(10);
  for (const body of bodies) for (const t of tokens) expect(body.includes(t)).toBe(false);
});

test.describe('without a login', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('every server action refuses and the engine records no change', async ({ request, api, baseURL }) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(NEXT_DIR, 'server/server-reference-manifest.json'), 'utf8')) as {
      node: Record<string, { workers: Record<string, unknown>; exportedName?: string }>;
    };
    const before = (await api.browsers.list({ limit: 100, status: 'all' })).getPaginatedItems().length;
    const guarded = Object.entries(manifest.node).filter(([, v]) => !['loginAction', 'logoutAction'].includes(v.exportedName ?? ''));
    expect(guarded.length).toBeGreaterThanOrEqual(3);
    for (const [id, entry] of guarded) {
      const worker = Object.keys(entry.workers)[0]!;
      const pagePath = worker.replace(/^app/, '').replace(/\/page$/, '').replace(/\/\([^)]+\)/g, '').replace(/\[[^\]]+\]/g, 'x') || '/';
      const res = await request.post(pagePath, {
        headers: { 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8', Origin: baseURL! },
        data: JSON.stringify([{ id: 'x', persistent_id: 'x', name: 'x' }]),
      });
      const text = await res.text();
      expect(text, `${entry.exportedName} answered without a login`).toContain('unauthorized');
      expect(text).not.toContain('"ok":true');
    }
    const after = (await api.browsers.list({ limit: 100, status: 'all' })).getPaginatedItems().length;
    expect(after).toBe(before);
  });
});
