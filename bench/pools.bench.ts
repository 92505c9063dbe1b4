import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Kernel from '@onkernel/sdk';
import { startEngine } from '../engine/server';
import type { BenchResult } from './types';

const ROUNDS = 5;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

async function waitAvailable(k: Kernel, id: string, count: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await k.browserPools.retrieve(id)).available_count < count) {
    if (Date.now() > deadline) throw new Error(`pool ${id} did not reach ${count} available browsers`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Acquiring a warm pooled browser against creating a browser, both over HTTP through the SDK, same engine. */
export async function run(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-bench-pools-'));
  const engine = await startEngine({ dataDir, port: 0, poolFillIntervalMs: 500 });
  const k = new Kernel({ baseURL: engine.url, apiKey: engine.apiKey, maxRetries: 0, timeout: 60_000 });
  try {
    const config = { headless: true, viewport: { width: 1024, height: 768 } };
    const pool = await k.browserPools.create({ size: 1, fill_rate_per_minute: 25, ...config });
    const acquire: number[] = [];
    const create: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      await waitAvailable(k, pool.id, 1);
      let t = performance.now();
      const lease = await k.browserPools.acquire(pool.id, {});
      acquire.push(performance.now() - t);
      if (!lease) throw new Error('acquire from a warm pool returned no browser');
      await k.browserPools.release(pool.id, { session_id: lease.session_id, reuse: true });

      t = performance.now();
      const fresh = await k.browsers.create(config);
      create.push(performance.now() - t);
      await k.browsers.deleteByID(fresh.session_id);
    }
    await k.browserPools.delete(pool.id, { force: true });
    const acquireMs = median(acquire);
    const createMs = median(create);
    return [
      {
        name: 'pools: acquire a warm browser',
        baseline: 'create a browser (POST /browsers) with the same configuration',
        value: Math.round(acquireMs * 10) / 10,
        unit: 'ms (median)',
        ratio: Math.round((createMs / acquireMs) * 10) / 10,
        note: `median of ${ROUNDS}: acquire ${acquireMs.toFixed(1)} ms, create ${createMs.toFixed(1)} ms; ratio = create / acquire (higher is better)`,
      },
    ];
  } finally {
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npx tsx bench/pools.bench.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  run().then((r) => console.log(JSON.stringify(r, null, 2)));
}
