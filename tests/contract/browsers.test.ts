import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { kernel, raw } from './client';

const k = kernel();
const created: string[] = [];

afterAll(async () => {
  await Promise.allSettled(created.map((id) => k.browsers.deleteByID(id)));
});

describe('browsers', () => {
  it('creates a session whose cdp_ws_url playwright-core can drive, then deletes it', async () => {
    const b = await k.browsers.create({ viewport: { width: 1200, height: 800 }, name: `cdp-${Date.now()}` });
    created.push(b.session_id);
    expect(b.viewport).toEqual({ width: 1200, height: 800, refresh_rate: 60 });
    expect(b.headless).toBe(false);
    const browser = await chromium.connectOverCDP(b.cdp_ws_url);
    const context = browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setContent('<title>contract</title><p>hello</p>');
    expect(await page.title()).toBe('contract');
    await browser.close();

    const got = await k.browsers.retrieve(b.session_id);
    expect(got.session_id).toBe(b.session_id);
    await k.browsers.deleteByID(b.session_id);
    await expect(k.browsers.retrieve(b.session_id)).rejects.toMatchObject({ status: 404 });
  });

  it('lists across pages with limit and the pagination headers', async () => {
    const tag = `page-${Date.now()}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const b = await k.browsers.create({ headless: true, name: `${tag}-${i}` });
      ids.push(b.session_id);
      created.push(b.session_id);
    }
    const first = await raw(`/browsers?limit=2&query=${tag}`);
    expect(first.headers.get('x-has-more')).toBe('true');
    expect(first.headers.get('x-next-offset')).toBe('2');
    const seen: string[] = [];
    for await (const b of k.browsers.list({ limit: 2, query: tag })) seen.push(b.session_id);
    expect(seen.sort()).toEqual([...ids].sort());
    for (const id of ids) await k.browsers.deleteByID(id);
  });

  it('deletes by persistent id through the deprecated endpoint', async () => {
    const pid = `persist-${Date.now()}`;
    const res = await raw('/browsers', { method: 'POST', body: JSON.stringify({ headless: true, persistence: { id: pid } }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    const b = (await res.json()) as { session_id: string };
    created.push(b.session_id);
    await k.delete('/browsers', { query: { persistent_id: pid } });
    await expect(k.browsers.retrieve(b.session_id)).rejects.toMatchObject({ status: 404 });
    const again = await raw(`/browsers?persistent_id=${pid}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
  });

  it('keeps organizations apart', async () => {
    const b = await k.browsers.create({ headless: true });
    created.push(b.session_id);
    const other = kernel('other');
    await expect(other.browsers.retrieve(b.session_id)).rejects.toMatchObject({ status: 404 });
    await expect(other.browsers.deleteByID(b.session_id)).rejects.toMatchObject({ status: 404 });
    const theirs: string[] = [];
    for await (const s of other.browsers.list()) theirs.push(s.session_id);
    expect(theirs).not.toContain(b.session_id);
    await k.browsers.deleteByID(b.session_id);
  });

  it('refuses bad input with an Error body that names the field', async () => {
    const res = await raw('/browsers', { method: 'POST', body: JSON.stringify({ viewport: { width: 800, height: 600 } }), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('bad_request');
    expect(body.message).toMatch(/^viewport/);
    for (const bad of [{ timeout_seconds: 5 }, { headless: 'yes' }, { surprise: 1 }]) {
      const r = await raw('/browsers', { method: 'POST', body: JSON.stringify(bad), headers: { 'content-type': 'application/json' } });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { message: string }).message).toMatch(Object.keys(bad)[0]!);
    }
    expect((await raw('/browsers/unknown-id')).status).toBe(404);
    expect((await raw('/browsers', { key: null })).status).toBe(401);
    const wrong = await raw('/browsers', { key: 'sk_wrong' });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'unauthorized' });
    expect((await raw('/health', { key: null })).status).toBe(200);
  });
});
