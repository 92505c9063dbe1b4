import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { chromium } from 'playwright-core';
import { SseParser } from '../lib/sse/parser';
import type { BenchResult } from './types';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const MB = 1024 * 1024;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { redirect: 'manual' })).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

/** RSS of a process and its children, from /proc (Linux). */
function treeRss(pid: number): number {
  let total = 0;
  const kids = new Map<number, number[]>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      kids.set(ppid, [...(kids.get(ppid) ?? []), Number(name)]);
    } catch {
      /* gone */
    }
  }
  const walk = (p: number) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      if (m) total += Number(m[1]) * 1024;
    } catch {
      /* gone */
    }
    for (const k of kids.get(p) ?? []) walk(k);
  };
  walk(pid);
  return total;
}

export interface Stack {
  dataDir: string;
  engine: ChildProcess;
  dashboard: ChildProcess;
  engineUrl: string;
  apiKey: string;
  dashboardUrl: string;
  cookie: string;
  k: Kernel;
}

/** The engine and the production dashboard as `npm start` runs them, each in its own process. */
export async function startStack(): Promise<Stack> {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('next build failed');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-bench-process-'));
  const [enginePort, port] = [await freePort(), await freePort()];
  const env = { ...process.env, DATA_DIR: dataDir, KERNEL_API_KEY: '', KERNEL_BASE_URL: '', DASHBOARD_PASSWORD: 'bench-password' };
  const engine = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'engine/cli.ts')], { cwd: root, env: { ...env, ENGINE_PORT: String(enginePort) }, stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${enginePort}/health`);
  const dashboard = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...env, NODE_ENV: 'production' },
    stdio: 'ignore',
  });
  const dashboardUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${dashboardUrl}/login`);
  const login = await fetch(`${dashboardUrl}/login/link?key=bench-password`, { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!cookie.startsWith('kd_session=')) throw new Error('could not log in to the dashboard');
  const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'engine.json'), 'utf8')) as { base_url: string; api_key: string };
  return {
    dataDir,
    engine,
    dashboard,
    engineUrl: info.base_url,
    apiKey: info.api_key,
    dashboardUrl,
    cookie,
    k: new Kernel({ baseURL: info.base_url, apiKey: info.api_key, maxRetries: 0 }),
  };
}

export async function stopStack(s: Stack): Promise<void> {
  for (const c of [s.dashboard, s.engine]) {
    c.kill('SIGTERM');
    await new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)));
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

type Via = 'direct' | 'relay';

function streamRequest(s: Stack, via: Via, sessionId: string, processId: string, signal?: AbortSignal): Promise<Response> {
  return via === 'direct'
    ? fetch(`${s.engineUrl}/browsers/${sessionId}/process/${processId}/stdout/stream`, { headers: { authorization: `Bearer ${s.apiKey}` }, signal })
    : fetch(`${s.dashboardUrl}/api/browsers/${sessionId}/processes/${processId}/stream`, { headers: { cookie: s.cookie }, signal });
}

/** Reads one stream to its exit event; calls onEvent with each event's arrival time. */
async function readStream(res: Response, onEvent?: (data: string, at: number) => void): Promise<{ dataBytes: number; first: number; last: number }> {
  const parser = new SseParser();
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let dataBytes = 0;
  let first = 0;
  let last = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    const at = performance.now();
    for (const msg of parser.feed(value)) {
      first ||= at;
      last = at;
      onEvent?.(msg.data, at);
      const e = JSON.parse(msg.data) as { data_b64?: string };
      if (e.data_b64) dataBytes += Math.floor((e.data_b64.length * 3) / 4) - (e.data_b64.endsWith('==') ? 2 : e.data_b64.endsWith('=') ? 1 : 0);
    }
  }
  return { dataBytes, first, last };
}

/** A process that waits for a file before producing, so the reader is connected when output starts. */
export async function gatedSpawn(s: Stack, sessionId: string, script: string): Promise<{ processId: string; open: () => Promise<void> }> {
  const gate = `/tmp/gate-${Math.random().toString(36).slice(2)}`;
  const r = await s.k.browsers.process.spawn(sessionId, { command: 'sh', args: ['-c', `while [ ! -e ${gate} ]; do sleep 0.01; done; ${script}`] });
  return { processId: r.process_id!, open: async () => void (await s.k.browsers.process.exec(sessionId, { command: 'touch', args: [gate] })) };
}

/** Output MB/s one reader receives; node:http as the reader, the lightest client, so the two paths differ only server-side. */
async function throughput(s: Stack, sessionId: string, via: Via, bytes: number): Promise<number> {
  const { processId, open } = await gatedSpawn(s, sessionId, `head -c ${bytes} /dev/zero`);
  const url =
    via === 'direct'
      ? `${s.engineUrl}/browsers/${sessionId}/process/${processId}/stdout/stream`
      : `${s.dashboardUrl}/api/browsers/${sessionId}/processes/${processId}/stream`;
  const headers = via === 'direct' ? { authorization: `Bearer ${s.apiKey}` } : { cookie: s.cookie };
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(url, { headers }, resolve).on('error', reject));
  await open();
  let wire = 0;
  let first = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    first ||= performance.now();
    wire += chunk.length;
  }
  return wire / MB / ((performance.now() - first) / 1000);
}

/** Per-event delay of the relay: both readers follow the same process; the difference is the relay's cost. */
async function addedLatency(s: Stack, sessionId: string): Promise<number[]> {
  const { processId, open } = await gatedSpawn(s, sessionId, 'i=0; while [ $i -lt 300 ]; do echo "tick $i"; i=$((i+1)); sleep 0.02; done');
  const direct: number[] = [];
  const relay: number[] = [];
  const a = readStream(await streamRequest(s, 'direct', sessionId, processId), (_d, at) => direct.push(at));
  const b = readStream(await streamRequest(s, 'relay', sessionId, processId), (_d, at) => relay.push(at));
  await open();
  await Promise.all([a, b]);
  if (direct.length !== relay.length) throw new Error(`event counts differ: ${direct.length} direct, ${relay.length} relayed`);
  return relay.map((t, i) => t - direct[i]!);
}

async function serverMemoryWithStreams(s: Stack, sessionId: string, count: number) {
  const { processId, open } = await gatedSpawn(s, sessionId, 'while :; do echo tick; sleep 1; done');
  await open();
  // Warm the route once, then take the baseline.
  const warm = new AbortController();
  await streamRequest(s, 'relay', sessionId, processId, warm.signal);
  warm.abort();
  await new Promise((r) => setTimeout(r, 2000));
  const before = treeRss(s.dashboard.pid!);
  const controllers = Array.from({ length: count }, () => new AbortController());
  const responses = await Promise.all(controllers.map((c) => streamRequest(s, 'relay', sessionId, processId, c.signal)));
  const readers = responses.map((r) => r.body!.getReader());
  const pumps = readers.map(async (r) => {
    try {
      while (!(await r.read()).done);
    } catch {
      /* aborted */
    }
  });
  await new Promise((r) => setTimeout(r, 5000));
  const during = treeRss(s.dashboard.pid!);
  for (const c of controllers) c.abort();
  await Promise.all(pumps);
  await s.k.browsers.process.kill(processId, { id: sessionId, signal: 'KILL' });
  return { before, during };
}

/** The console page following 5 MB/s for 20 s, against the same page following a silent process. */
async function consoleUnderLoad(s: Stack, sessionId: string) {
  const browser = await chromium.launch({
    executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  try {
    const measure = async (script: string) => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const [name, value] = s.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: s.dashboardUrl }]);
      const page = await context.newPage();
      await page.addInitScript(() => {
        (window as unknown as { longest: number }).longest = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            const w = window as unknown as { longest: number };
            w.longest = Math.max(w.longest, e.duration);
          }
        }).observe({ type: 'longtask', buffered: true });
      });
      const { processId, open } = await gatedSpawn(s, sessionId, script);
      await page.goto(`${s.dashboardUrl}/browsers/${sessionId}/processes/${processId}`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await page.evaluate(() => ((window as unknown as { longest: number }).longest = 0));
      await open();
      await new Promise((r) => setTimeout(r, 20_000));
      const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      await s.k.browsers.process.kill(processId, { id: sessionId, signal: 'KILL' }).catch(() => {});
      await context.close();
      return { longest, heap };
    };
    const idle = await measure('sleep 30');
    const loaded = await measure('end=$(($(date +%s)+22)); while [ $(date +%s) -lt $end ]; do head -c 250000 /dev/zero | tr "\\0" x | fold -w 99; sleep 0.05; done');
    return { idle, loaded };
  } finally {
    await browser.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const s = await startStack();
  try {
    const sessionId = (await s.k.browsers.create({ headless: true, timeout_seconds: 3600 })).session_id;
    const size = 64 * MB;
    // Warm both paths first: Next loads a route's code on its first request.
    await throughput(s, sessionId, 'direct', MB);
    await throughput(s, sessionId, 'relay', MB);
    const direct: number[] = [];
    const relay: number[] = [];
    for (let i = 0; i < 7; i++) {
      direct.push(await throughput(s, sessionId, 'direct', size));
      relay.push(await throughput(s, sessionId, 'relay', size));
    }
    const latency = await addedLatency(s, sessionId);
    const mem = await serverMemoryWithStreams(s, sessionId, 50);
    const page = await consoleUnderLoad(s, sessionId);
    const results: BenchResult[] = [
      { name: 'stream throughput, engine direct (median of 7 × 64 MB of output)', baseline: 'itself', value: median(direct), unit: 'MB/s' },
      {
        name: 'stream throughput through the dashboard relay',
        baseline: 'engine direct',
        value: median(relay),
        unit: 'MB/s',
        ratio: median(relay) / median(direct),
        note: `target ratio ≥ 0.9; wire MB/s, runs alternate; ${os.loadavg()[0]!.toFixed(1)} load average at the end`,
      },
      { name: 'added latency per event, p50 (300 events)', baseline: 'same event read directly', value: percentile(latency, 50), unit: 'ms', note: 'target ≤ 2 ms' },
      { name: 'added latency per event, p99', baseline: 'same event read directly', value: percentile(latency, 99), unit: 'ms' },
      { name: 'dashboard server RSS, idle', baseline: 'itself', value: mem.before / MB, unit: 'MB' },
      {
        name: 'dashboard server RSS with 50 open streams',
        baseline: 'idle',
        value: mem.during / MB,
        unit: 'MB',
        ratio: mem.during / mem.before,
        note: `${((mem.during - mem.before) / 50 / 1024).toFixed(0)} KB per stream`,
      },
      { name: 'console page, longest main-thread task, silent process (20 s)', baseline: 'itself', value: page.idle.longest, unit: 'ms' },
      {
        name: 'console page, longest main-thread task at 5 MB/s (20 s)',
        baseline: 'silent process',
        value: page.loaded.longest,
        unit: 'ms',
        ratio: page.idle.longest > 0 ? page.loaded.longest / page.idle.longest : undefined,
      },
      { name: 'console page JS heap, silent process', baseline: 'itself', value: page.idle.heap / MB, unit: 'MB' },
      {
        name: 'console page JS heap after 20 s at 5 MB/s',
        baseline: 'silent process',
        value: page.loaded.heap / MB,
        unit: 'MB',
        ratio: page.loaded.heap / page.idle.heap,
      },
    ];
    await s.k.browsers.deleteByID(sessionId);
    return results;
  } finally {
    await stopStack(s);
  }
}
