import Kernel from '@onkernel/sdk';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../e2e/settings';
import { startHarness, type Harness } from './harness';

let h: Harness;
let browser: Browser;

beforeAll(async () => {
  h = await startHarness({ timeoutMs: 2000 });
  // A listing long enough that trickling it takes far longer than the deadline.
  const k = new Kernel({ baseURL: h.engine.url, apiKey: h.engine.apiKey });
  await k.browsers.create({ headless: true, name: 'a-session-with-a-reasonably-long-name-for-the-trickle-test' });
  browser = await chromium.launch(chromiumLaunchOptions());
});

afterAll(async () => {
  await browser?.close();
  await h?.close();
});

beforeEach(() => h.proxy.clear());

const api = (p: string) => fetch(`${h.baseURL}${p}`, { headers: { cookie: h.cookie } });

/** What the operator sees on the Browsers page while the fault is on. */
async function browsersPageAlert(): Promise<string> {
  const ctx = await browser.newContext();
  await ctx.addCookies([{ name: 'kd_session', value: h.cookie.split('=')[1]!, url: h.baseURL }]);
  const page = await ctx.newPage();
  try {
    await page.goto(`${h.baseURL}/browsers`);
    const alert = page.getByRole('alert').filter({ hasText: 'Could not load browsers' });
    await alert.waitFor({ timeout: 30_000 });
    return (await alert.textContent()) ?? '';
  } finally {
    await ctx.close();
  }
}

const FAULTS = [
  { name: 'a 500', fault: { kind: 'status', status: 500, body: { code: 'internal_error', message: 'database on fire' } }, status: 500, message: /database on fire/ },
  { name: 'a 429', fault: { kind: 'status', status: 429, body: { code: 'too_many_requests', message: 'slow down' }, headers: { 'retry-after': '3' } }, status: 429, message: /slow down/ },
  { name: 'a hang', fault: { kind: 'hang' }, status: 504, message: /did not answer in time/ },
  { name: 'a reset connection', fault: { kind: 'reset' }, status: 503, message: /could not be reached/ },
  { name: 'a trickling body', fault: { kind: 'trickle', bytesPerTick: 16, intervalMs: 500 }, status: 504, message: /did not answer in time/ },
  { name: 'a body that is not JSON', fault: { kind: 'status', status: 502, headers: { 'content-type': 'text/html' } }, status: 502, message: /answered 502/ },
] as const;

describe('upstream faults reach the operator as clear, bounded errors', () => {
  it.each(FAULTS)('$name', async ({ fault, status, message }) => {
    h.proxy.set(/^\/browsers/, fault as never);
    const started = Date.now();
    const res = await api('/api/browsers');
    expect(res.status).toBe(status);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.message).toMatch(message);
    expect(body.message).not.toContain(h.engine.apiKey);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await browsersPageAlert()).toMatch(message);
  });

  it('recovers as soon as the API does, and the dashboard process stayed up', async () => {
    const res = await api('/api/browsers');
    expect(res.status).toBe(200);
    expect(h.dashboard.exitCode).toBeNull();
    expect(h.logs()).not.toMatch(/unhandledRejection|Unhandled Rejection|uncaughtException/i);
    expect(h.logs()).not.toContain(h.engine.apiKey);
  });
});

describe('the console stream', () => {
  it('ends cleanly when the API drops it mid-stream, and the next connection streams again', async () => {
    const k = new Kernel({ baseURL: h.engine.url, apiKey: h.engine.apiKey, maxRetries: 0 });
    const session = (await k.browsers.create({ headless: true })).session_id;
    const pid = (await k.browsers.process.spawn(session, { command: 'bash', args: ['-c', 'for i in $(seq 1 400); do echo line-$i; sleep 0.01; done'] })).process_id!;
    const url = `${h.baseURL}/api/browsers/${session}/processes/${pid}/stream`;
    h.proxy.set(/stdout\/stream/, { kind: 'reset-after', bytes: 300 });
    const started = Date.now();
    const cut = await fetch(url, { headers: { cookie: h.cookie } });
    const partial = await cut.text().catch(() => 'aborted');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(partial.length).toBeLessThan(2000);
    h.proxy.clear();
    const full = await (await fetch(url, { headers: { cookie: h.cookie } })).text();
    expect(full).toContain('"event":"exit"');
    expect(full).not.toContain(h.engine.apiKey);
    expect(h.dashboard.exitCode).toBeNull();
    await k.browsers.deleteByID(session);
  });
});
