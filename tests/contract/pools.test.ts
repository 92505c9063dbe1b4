import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEngine } from '../../engine/server';
import { kernel, raw } from './client';

// Pools here stay at one or two browsers: the machine has two cores shared with other work.
const k = kernel();
const pools: string[] = [];
let seq = 0;
const unique = (tag: string) => `${tag}-${Date.now().toString(36)}-${++seq}`;

// Each test leaves no pool behind, so the next one starts with the whole pooled-sessions limit and no browsers.
afterEach(async () => {
  await Promise.allSettled(pools.splice(0).map((id) => k.browserPools.delete(id, { force: true })));
});

async function newPool(body: Parameters<Kernel['browserPools']['create']>[0], client = k) {
  const pool = await client.browserPools.create({ name: unique('pool'), ...body });
  if (client === k) pools.push(pool.id);
  return pool;
}

async function until(idOrName: string, want: { available?: number; acquired?: number }, client = k, timeout = 45_000) {
  return vi.waitFor(
    async () => {
      const p = await client.browserPools.retrieve(idOrName);
      if (want.available !== undefined) expect(p.available_count).toBe(want.available);
      if (want.acquired !== undefined) expect(p.acquired_count).toBe(want.acquired);
      return p;
    },
    { timeout, interval: 250 },
  );
}

const post = (p: string, body: unknown, method = 'POST') =>
  raw(p, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

async function refusal(res: Response) {
  return { status: res.status, ...((await res.json()) as { code: string; message: string }) };
}

describe('browser pools', () => {
  it('creates a pool with the spec defaults and fills it to its size with real browsers', async () => {
    const name = unique('fill');
    const res = await post('/browser_pools', { size: 2, name, viewport: { width: 1024, height: 768 } });
    expect(res.status).toBe(201);
    const pool = (await res.json()) as Awaited<ReturnType<Kernel['browserPools']['create']>>;
    pools.push(pool.id);
    expect(pool).toMatchObject({ name, acquired_count: 0, extension_ids: [] });
    expect(pool.browser_pool_config).toMatchObject({
      size: 2,
      name,
      fill_rate_per_minute: 10,
      timeout_seconds: 600,
      headless: false,
      viewport: { width: 1024, height: 768, refresh_rate: 60 },
    });
    expect(Date.parse(pool.created_at)).not.toBeNaN();
    await until(name, { available: 2, acquired: 0 });

    // Idle pool browsers are not in the session list; an acquired one is, with its pool.
    const lease = (await k.browserPools.acquire(name, { name: unique('lease'), tags: { job: 'contract' } }))!;
    expect(lease.pool).toEqual({ id: pool.id, name });
    expect(lease.viewport).toEqual({ width: 1024, height: 768, refresh_rate: 60 });
    expect(lease.timeout_seconds).toBe(600);
    expect(lease.tags).toEqual({ job: 'contract' });
    const listed: string[] = [];
    for await (const s of k.browsers.list({ query: pool.id })) listed.push(s.session_id);
    expect(listed).toEqual([lease.session_id]);
    await until(name, { available: 1, acquired: 1 });

    // reuse: the very same browser comes back, without the lease's name and tags
    await k.browserPools.release(name, { session_id: lease.session_id, reuse: true });
    await until(name, { available: 2, acquired: 0 });
    const seen = new Set<string>();
    const a = (await k.browserPools.acquire(name, {}))!;
    const b = (await k.browserPools.acquire(name, {}))!;
    seen.add(a.session_id).add(b.session_id);
    expect(seen.has(lease.session_id)).toBe(true);
    const again = await k.browsers.retrieve(lease.session_id);
    expect(again.name ?? null).toBeNull();
    expect(again.tags ?? null).toBeNull();

    // no reuse: the browser is destroyed and the pool makes a new one
    await k.browserPools.release(name, { session_id: a.session_id, reuse: false });
    await expect(k.browsers.retrieve(a.session_id)).rejects.toMatchObject({ status: 404 });
    await k.browserPools.release(name, { session_id: b.session_id });
    const refilled = await until(name, { available: 2, acquired: 0 });
    expect(refilled.available_count).toBe(2);

    // releasing what is not acquired is refused
    const notLeased = await refusal(await post(`/browser_pools/${name}/release`, { session_id: b.session_id }));
    expect(notLeased).toMatchObject({ status: 400, message: expect.stringMatching(/^session_id: /) });
    expect((await post(`/browser_pools/${name}/release`, { session_id: 'no-such-session' })).status).toBe(404);
    expect(await refusal(await post(`/browser_pools/${name}/release`, {}))).toMatchObject({ status: 400, message: 'session_id: is required' });
  });

  it('waits for a browser that is still starting, and answers 204 (null) when none comes in time', async () => {
    const paused = await newPool({ size: 1, fill_rate_per_minute: 0 });
    expect(await k.browserPools.acquire(paused.id, { acquire_timeout_seconds: 1 })).toBeNull();
    const direct = await post(`/browser_pools/${paused.id}/acquire`, { acquire_timeout_seconds: 0 });
    expect(direct.status).toBe(204);
    expect(await direct.text()).toBe('');
    expect((await k.browserPools.retrieve(paused.id)).available_count).toBe(0);

    // The long poll is answered as soon as the fresh pool's first browser is up.
    const filling = await newPool({ size: 1, fill_rate_per_minute: 25, headless: true });
    const got = await k.browserPools.acquire(filling.id, { acquire_timeout_seconds: 45 });
    expect(got?.pool?.id).toBe(filling.id);
    expect(got?.headless).toBe(true);
    await k.browserPools.delete(filling.id, { force: true });
    await expect(k.browsers.retrieve(got!.session_id)).rejects.toMatchObject({ status: 404 });
  });

  it('flushes idle browsers and refills', async () => {
    const pool = await newPool({ size: 1, headless: true });
    await until(pool.id, { available: 1 });
    const first = (await k.browserPools.acquire(pool.id, {}))!;
    await k.browserPools.release(pool.id, { session_id: first.session_id });
    await k.browserPools.flush(pool.id);
    await expect(k.browsers.retrieve(first.session_id)).rejects.toMatchObject({ status: 404 });
    await until(pool.id, { available: 1 });
    const next = (await k.browserPools.acquire(pool.id, {}))!;
    expect(next.session_id).not.toBe(first.session_id);
  });

  it('updates: new browsers use the new configuration; discard_all_idle rebuilds idle ones now', async () => {
    const pool = await newPool({ size: 1, headless: true, viewport: { width: 1024, height: 768 } });
    await until(pool.id, { available: 1 });

    const updated = await k.browserPools.update(pool.id, { size: 1, viewport: { width: 1200, height: 800 }, timeout_seconds: 120 });
    expect(updated.browser_pool_config).toMatchObject({ viewport: { width: 1200, height: 800, refresh_rate: 60 }, timeout_seconds: 120, headless: true });
    expect(updated.available_count).toBe(1);
    const old = (await k.browserPools.acquire(pool.id, {}))!;
    expect(old.viewport).toEqual({ width: 1024, height: 768, refresh_rate: 60 });
    await k.browserPools.release(pool.id, { session_id: old.session_id, reuse: false });
    await until(pool.id, { available: 1 });
    const fresh = (await k.browserPools.acquire(pool.id, {}))!;
    expect(fresh.viewport).toEqual({ width: 1200, height: 800, refresh_rate: 60 });
    expect(fresh.timeout_seconds).toBe(120);
    await k.browserPools.release(pool.id, { session_id: fresh.session_id });

    const rebuilt = await k.browserPools.update(pool.id, { size: 1, viewport: { width: 1440, height: 900 }, discard_all_idle: true });
    expect(rebuilt.available_count).toBe(0);
    await expect(k.browsers.retrieve(fresh.session_id)).rejects.toMatchObject({ status: 404 });
    await until(pool.id, { available: 1 });
    const latest = (await k.browserPools.acquire(pool.id, {}))!;
    expect(latest.viewport).toEqual({ width: 1440, height: 900, refresh_rate: 25 });
  });

  it('keeps the sum of the organization pool sizes within the pooled-sessions limit', async () => {
    const list = await raw('/browser_pools');
    const limit = Number(list.headers.get('x-pooled-sessions-limit'));
    const used = Number(list.headers.get('x-pooled-sessions-used'));
    expect(limit).toBeGreaterThan(used);
    const big = await newPool({ size: limit - used, fill_rate_per_minute: 0 });
    const res = await raw(`/browser_pools/${big.id}`);
    expect(res.headers.get('x-pooled-sessions-used')).toBe(String(limit));

    const over = await refusal(await post('/browser_pools', { size: 1, name: unique('over') }));
    expect(over.status).toBe(400);
    expect(over.message).toMatch(/^size: /);
    expect(over.message).toContain(`limit of ${limit}`);
    expect(over.message).toContain(`would hold ${limit + 1}`);

    const grow = await refusal(await post(`/browser_pools/${big.id}`, { size: limit - used + 1 }, 'PATCH'));
    expect(grow).toMatchObject({ status: 400, message: expect.stringContaining(`limit of ${limit}`) });
    // Another organization has its own limit.
    const theirs = await kernel('other').browserPools.create({ size: 1, fill_rate_per_minute: 0 });
    await kernel('other').browserPools.delete(theirs.id);

    await k.browserPools.update(big.id, { size: 1 });
    const small = await newPool({ size: 1, fill_rate_per_minute: 0 });
    expect(small.browser_pool_config.size).toBe(1);
    await k.browserPools.delete(small.id);
    await k.browserPools.delete(big.id);
  });

  it('keeps names unique within an organization and refuses bad input naming the field', async () => {
    const name = unique('dup');
    const pool = await newPool({ size: 1, fill_rate_per_minute: 0, name });
    const dup = await refusal(await post('/browser_pools', { size: 1, name }));
    expect(dup).toMatchObject({ status: 409, code: 'conflict', message: expect.stringMatching(/^name: /) });
    const other = await newPool({ size: 1, fill_rate_per_minute: 0 });
    const rename = await refusal(await post(`/browser_pools/${other.id}`, { size: 1, name }, 'PATCH'));
    expect(rename).toMatchObject({ status: 409, message: expect.stringMatching(/^name: /) });
    const elsewhere = await kernel('other').browserPools.create({ size: 1, fill_rate_per_minute: 0, name });
    await kernel('other').browserPools.delete(elsewhere.id);
    await expect(kernel('other').browserPools.retrieve(pool.id)).rejects.toMatchObject({ status: 404 });

    const cases: [unknown, RegExp][] = [
      [{}, /^size: is required/],
      [{ size: 0 }, /^size: must be at least 1/],
      [{ size: 1, name: 'has space' }, /^name: /],
      [{ size: 1, fill_rate_per_minute: 26 }, /^fill_rate_per_minute: must be at most 25/],
      [{ size: 1, timeout_seconds: 59 }, /^timeout_seconds: must be at least 60/],
      [{ size: 1, viewport: { width: 1280, height: 720 } }, /^viewport: 1280x720 is not supported/],
      [{ size: 1, viewport: { width: 1920, height: 1080, refresh_rate: 60 } }, /^viewport: /],
      [{ size: 1, extensions: Array.from({ length: 21 }, (_, i) => ({ name: `e${i}` })) }, /^extensions: must have at most 20/],
      [{ size: 1, extensions: [{ name: 'adblock' }] }, /^extensions\[0\]: no extension named "adblock"/],
      [{ size: 1, profile: { name: 'shopper' } }, /^profile: no profile named "shopper"/],
      [{ size: 1, proxy_id: 'px-nope' }, /^proxy_id: /],
      [{ size: 1, discard_all_idle: true }, /discard_all_idle/],
      [{ size: 1, surprise: true }, /^surprise: unknown field/],
    ];
    for (const [body, message] of cases) {
      const r = await refusal(await post('/browser_pools', body));
      expect(r, JSON.stringify(body)).toMatchObject({ status: 400, code: 'bad_request', message: expect.stringMatching(message) });
    }
    const patch = await refusal(await post(`/browser_pools/${pool.id}`, { fill_rate_per_minute: 5 }, 'PATCH'));
    expect(patch).toMatchObject({ status: 400, message: 'size: is required' });
    const acquire = await refusal(await post(`/browser_pools/${pool.id}/acquire`, { acquire_timeout_seconds: -1 }));
    expect(acquire).toMatchObject({ status: 400, message: expect.stringMatching(/^acquire_timeout_seconds: /) });
    expect((await raw('/browser_pools/no-such-pool')).status).toBe(404);
  });

  it('lists pools with pagination and the name and query filters', async () => {
    const tag = unique('list');
    for (let i = 0; i < 3; i++) await newPool({ size: 1, fill_rate_per_minute: 0, name: `${tag}-${i}` });
    const first = await raw(`/browser_pools?limit=2&query=${tag}`);
    expect(first.headers.get('x-has-more')).toBe('true');
    expect(first.headers.get('x-next-offset')).toBe('2');
    const names: string[] = [];
    for await (const p of k.browserPools.list({ limit: 2, query: tag })) names.push(p.name!);
    expect(names).toEqual([`${tag}-0`, `${tag}-1`, `${tag}-2`]);
    const exact: string[] = [];
    for await (const p of k.browserPools.list({ name: `${tag}-1` })) exact.push(p.name!);
    expect(exact).toEqual([`${tag}-1`]);
    for (const n of names) await k.browserPools.delete(n);
  });

  it('refuses to delete a pool with acquired browsers unless forced', async () => {
    const pool = await newPool({ size: 1, headless: true });
    const lease = (await k.browserPools.acquire(pool.id, { acquire_timeout_seconds: 45 }))!;
    const refused = await refusal(await raw(`/browser_pools/${pool.id}`, { method: 'DELETE' }));
    expect(refused).toMatchObject({ status: 409, message: expect.stringContaining('force') });
    await k.browserPools.delete(pool.id, { force: true });
    await expect(k.browserPools.retrieve(pool.id)).rejects.toMatchObject({ status: 404 });
    await expect(k.browsers.retrieve(lease.session_id)).rejects.toMatchObject({ status: 404 });

    const idle = await newPool({ size: 1, headless: true });
    await until(idle.id, { available: 1 });
    await k.browserPools.delete(idle.id);
    await expect(k.browserPools.retrieve(idle.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe('browser pools across a restart and an idle timeout', () => {
  it('rebuilds warm browsers after a restart and replaces an acquired browser left idle too long', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-pools-'));
    let engine = await startEngine({ dataDir, port: 0, poolFillIntervalMs: 1000 });
    try {
      const client = () => new Kernel({ baseURL: engine.url, apiKey: engine.apiKey, maxRetries: 0 });
      const pool = await newPool({ size: 1, headless: true, timeout_seconds: 60 }, client());
      const before = (await until(pool.id, { available: 1 }, client())).id;
      await engine.close();

      engine = await startEngine({ dataDir, port: 0, poolFillIntervalMs: 1000 });
      expect((await client().browserPools.retrieve(before)).browser_pool_config.timeout_seconds).toBe(60);
      await until(pool.id, { available: 1 }, client());

      const lease = (await client().browserPools.acquire(pool.id, {}))!;
      // The engine's own reaper, asked as if 61 s had passed: the acquired browser is over its pool timeout.
      await engine.ctx.browsers.reapIdle(Date.now() + 61_000);
      await expect(client().browsers.retrieve(lease.session_id)).rejects.toMatchObject({ status: 404 });
      await until(pool.id, { available: 1, acquired: 0 }, client());
    } finally {
      await engine.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
