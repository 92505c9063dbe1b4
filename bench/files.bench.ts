import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { chromium } from 'playwright-core';
import { findChromium } from '../engine/browsers/chromium';
import { freePort, waitFor } from './stack';
import type { BenchResult } from './types';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PASSWORD = 'bench-operator-password';
const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Opening a folder of 10,000 and 100,000 entries in the Files tab — the route handler's relay, JSON parsing,
 * sorting and the first virtualized render — against the engine's own list_files for the same folder, same run.
 */
export async function run(): Promise<BenchResult[]> {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) throw new Error('no production build: run "npx next build" (or npm start once) first');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-bench-files-'));
  const [port, enginePort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const app: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs'), '--no-build'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ENGINE_PORT: String(enginePort), DATA_DIR: dataDir, DASHBOARD_PASSWORD: PASSWORD, KERNEL_BASE_URL: '', KERNEL_API_KEY: '' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: await findChromium(process.env.CHROME_PATH), args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  try {
    await waitFor(`${base}/login`);
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'engine.json'), 'utf8')) as { base_url: string; api_key: string };
    const k = new Kernel({ baseURL: info.base_url, apiKey: info.api_key, maxRetries: 0 });
    const session = await k.browsers.create({ headless: true, timeout_seconds: 3600 });
    const root = path.join(dataDir, 'sessions', session.session_id, 'fs');

    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/\/browsers/);

    const results: BenchResult[] = [];
    for (const count of [10_000, 100_000]) {
      const dir = `/bench-${count}`;
      fs.mkdirSync(path.join(root, dir));
      for (let i = 0; i < count; i++) fs.writeFileSync(path.join(root, dir, `file-${String(i).padStart(6, '0')}.txt`), 'x');

      const raw: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        const res = await fetch(`${info.base_url}/browsers/${session.session_id}/fs/list_files?path=${encodeURIComponent(dir)}`, {
          headers: { authorization: `Bearer ${info.api_key}` },
        });
        const entries = (await res.json()) as unknown[];
        if (entries.length !== count) throw new Error(`list_files returned ${entries.length} entries, expected ${count}`);
        raw.push(performance.now() - t);
      }

      const ui: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A fresh page each time, so nothing is cached; the clock runs from the in-app navigation to the first row.
        await page.goto(`${base}/browsers/${session.session_id}/files?path=/`);
        await page.getByRole('grid').waitFor();
        // A string, not a function: the bench runs under tsx, whose helpers do not exist in the page.
        const ms = await page.evaluate<number>(`new Promise((resolve, reject) => {
          const target = ${JSON.stringify(dir)};
          const t0 = performance.now();
          window.history.pushState(null, '', '?path=' + target);
          const check = () => {
            const grid = document.querySelector('[role="grid"][aria-label="Contents of ' + target + '"]');
            if (grid && grid.querySelector('[role="row"][aria-rowindex="2"]')) return resolve(performance.now() - t0);
            if (performance.now() - t0 > 120000) return reject(new Error('the folder never rendered'));
            requestAnimationFrame(check);
          };
          check();
        })`);
        ui.push(ms);
      }
      const rawMs = median(raw);
      results.push(
        { name: `list_files, ${count.toLocaleString('en-US')} entries (engine, median of ${RUNS})`, baseline: 'itself', value: rawMs, unit: 'ms' },
        {
          name: `Files tab: list + first render, ${count.toLocaleString('en-US')} entries (median of ${RUNS})`,
          baseline: `list_files, ${count.toLocaleString('en-US')} entries`,
          value: median(ui),
          unit: 'ms',
          ratio: median(ui) / rawMs,
          note: 'relay through the dashboard, JSON parse, directory-first natural sort, virtualized render',
        },
      );
    }
    await k.browsers.deleteByID(session.session_id).catch(() => {});
    return results;
  } finally {
    await browser.close();
    app.kill('SIGTERM');
    await new Promise((r) => (app.exitCode === null ? app.once('exit', r) : r(null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
