import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { startEngine } from '../engine/server';
import type { BenchResult } from './types';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Session create → usable CDP, compared with a bare GET on the same engine (the API's own overhead floor). */
export async function run(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-bench-browsers-'));
  const engine = await startEngine({ dataDir, port: 0 });
  try {
    const k = new Kernel({ baseURL: engine.url, apiKey: engine.apiKey, maxRetries: 0 });
    const gets: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t = performance.now();
      await k.browsers.list({ limit: 1 });
      gets.push(performance.now() - t);
    }
    const creates: number[] = [];
    const deletes: number[] = [];
    for (let i = 0; i < 5; i++) {
      let t = performance.now();
      const b = await k.browsers.create({ headless: true });
      creates.push(performance.now() - t);
      t = performance.now();
      await k.browsers.deleteByID(b.session_id);
      deletes.push(performance.now() - t);
    }
    const list = median(gets);
    return [
      { name: 'list browsers (median of 50)', baseline: 'itself', value: list, unit: 'ms' },
      { name: 'create browser (median of 5)', baseline: 'list browsers', value: median(creates), unit: 'ms', ratio: median(creates) / list },
      { name: 'delete browser (median of 5)', baseline: 'list browsers', value: median(deletes), unit: 'ms', ratio: median(deletes) / list },
    ];
  } finally {
    await engine.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
