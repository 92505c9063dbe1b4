import fs from 'node:fs';
import Kernel from '@onkernel/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';

let h: Harness;
let k: Kernel;
let session = '';
let processId = '';

const openStreams = () => (h.engine.ctx.services.get('processes') as { openStreams(): number }).openStreams();

/** Resident memory of the dashboard and its children, in MiB (Linux /proc). */
function dashboardRssMiB(): number {
  const pids = [h.dashboard.pid!];
  for (let i = 0; i < pids.length; i++) {
    try {
      const children = fs.readFileSync(`/proc/${pids[i]}/task/${pids[i]}/children`, 'utf8').trim();
      if (children) pids.push(...children.split(/\s+/).map(Number));
    } catch {
      /* gone */
    }
  }
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* gone */
    }
  }
  return kb / 1024;
}

async function openAndAbandon(received: string[]): Promise<void> {
  const controller = new AbortController();
  const res = await fetch(`${h.baseURL}/api/browsers/${session}/processes/${processId}/stream`, {
    headers: { cookie: h.cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const { value } = await reader.read();
  received.push(Buffer.from(value ?? []).toString('latin1'));
  controller.abort();
  await reader.cancel().catch(() => undefined);
}

async function cycles(n: number, parallel: number, received: string[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < n) {
        next++;
        await openAndAbandon(received);
      }
    }),
  );
}

async function settle(): Promise<void> {
  const until = Date.now() + 15_000;
  while (openStreams() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
}

beforeAll(async () => {
  h = await startHarness({ timeoutMs: 10_000 });
  k = new Kernel({ baseURL: h.engine.url, apiKey: h.engine.apiKey, maxRetries: 0 });
  session = (await k.browsers.create({ headless: true, timeout_seconds: 3600 })).session_id;
  processId = (await k.browsers.process.spawn(session, { command: 'bash', args: ['-c', 'while true; do echo tick; sleep 0.05; done'] })).process_id!;
});

afterAll(async () => h?.close());

describe('console streams', () => {
  it('500 open-and-abandon cycles leave no stream open at the engine and the dashboard memory flat', async () => {
    const received: string[] = [];
    await cycles(50, 10, received); // warm-up: code paths loaded, pools filled
    await settle();
    global.gc?.();
    const before = dashboardRssMiB();
    await cycles(500, 10, received);
    await settle();
    const after = dashboardRssMiB();
    expect(openStreams()).toBe(0);
    expect(received.length).toBe(550);
    expect(received.every((r) => r.startsWith('data: ') || r.startsWith(':'))).toBe(true);
    for (const r of received) expect(r.includes(h.engine.apiKey)).toBe(false);
    console.log(`[streams] 550 cycles; engine open streams after: ${openStreams()}; dashboard RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB`);
    expect(after - before).toBeLessThan(96);
    expect(h.logs()).not.toContain(h.engine.apiKey);
  });
});
