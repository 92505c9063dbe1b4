import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { findChromium } from '../engine/browsers/chromium';
import { SseParser } from '../lib/sse/parser';
import { gatedSpawn, startStack, stopStack, treeRss, type Stack } from './stack';
import type { BenchResult } from './types';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const MB = 1024 * 1024;

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


/**
 * The least any relay can cost on this machine: a bare node:http server that pipes the engine's response through,
 * with no login, no framework and no web streams. It runs in its own process, as the dashboard does.
 */
function startPipeRelay(s: Stack): Promise<{ url: string; stop: () => void }> {
  const code = `
    const http = require('node:http');
    const [engine, key] = process.argv.slice(1);
    const srv = http.createServer((req, res) => {
      http.get(engine + req.url, { headers: { authorization: 'Bearer ' + key } }, (up) => {
        res.writeHead(up.statusCode, { 'content-type': 'text/event-stream' });
        up.pipe(res);
      });
    }).listen(0, '127.0.0.1', () => console.log(srv.address().port));`;
  const child = spawn(process.execPath, ['-e', code, s.engineUrl, s.apiKey], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout.once('data', (d: Buffer) => resolve({ url: `http://127.0.0.1:${String(d).trim()}`, stop: () => child.kill() }));
  });
}

/** Output MB/s one reader receives; node:http as the reader, the lightest client, so the paths differ only server-side. */
async function throughput(s: Stack, sessionId: string, via: Via | { pipe: string }, bytes: number): Promise<number> {
  const { processId, open } = await gatedSpawn(s, sessionId, `head -c ${bytes} /dev/zero`);
  const enginePath = `/browsers/${sessionId}/process/${processId}/stdout/stream`;
  const url =
    via === 'direct'
      ? `${s.engineUrl}${enginePath}`
      : via === 'relay'
        ? `${s.dashboardUrl}/api/browsers/${sessionId}/processes/${processId}/stream`
        : `${via.pipe}${enginePath}`;
  const headers = via === 'direct' ? { authorization: `Bearer ${s.apiKey}` } : via === 'relay' ? { cookie: s.cookie } : {};
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
    executablePath: await findChromium(process.env.CHROME_PATH),
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  try {
    const measure = async (script: string) => {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const [name, value] = s.cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: s.dashboardUrl }]);
      const page = await context.newPage();
      // The Long Tasks API reports only tasks over 50 ms, so a 10 ms timer also measures how late it runs: the
      // longest delay is the longest the page was unable to respond.
      await page.addInitScript(() => {
        const w = window as unknown as { longest: number; stall: number };
        w.longest = 0;
        w.stall = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.longest = Math.max(w.longest, e.duration);
        }).observe({ type: 'longtask', buffered: true });
        let last = performance.now();
        setInterval(() => {
          const now = performance.now();
          w.stall = Math.max(w.stall, now - last - 10);
          last = now;
        }, 10);
      });
      const { processId, open } = await gatedSpawn(s, sessionId, script);
      await page.goto(`${s.dashboardUrl}/browsers/${sessionId}/processes/${processId}`);
      await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();
      await page.evaluate(() => Object.assign(window, { longest: 0, stall: 0 }));
      await open();
      await new Promise((r) => setTimeout(r, 20_000));
      const { longest, stall } = await page.evaluate(() => {
        const w = window as unknown as { longest: number; stall: number };
        return { longest: w.longest, stall: w.stall };
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      await s.k.browsers.process.kill(processId, { id: sessionId, signal: 'KILL' }).catch(() => {});
      await context.close();
      return { longest, stall, heap };
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
    const pipe = await startPipeRelay(s);
    // Warm every path first: Next loads a route's code on its first request.
    for (const via of ['direct', 'relay', { pipe: pipe.url }] as const) await throughput(s, sessionId, via, MB);
    const direct: number[] = [];
    const relay: number[] = [];
    const piped: number[] = [];
    // The three paths take turns, and each ratio compares runs of the same round, so a busy moment hits all alike.
    for (let i = 0; i < 7; i++) {
      direct.push(await throughput(s, sessionId, 'direct', size));
      relay.push(await throughput(s, sessionId, 'relay', size));
      piped.push(await throughput(s, sessionId, { pipe: pipe.url }, size));
    }
    pipe.stop();
    const relayRatio = median(relay.map((r, i) => r / direct[i]!));
    const pipeRatio = median(piped.map((r, i) => r / direct[i]!));
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
        ratio: relayRatio,
        note: `target ratio ≥ 0.9; median of per-round ratios; wire MB/s; ${os.loadavg()[0]!.toFixed(1)} load average at the end`,
      },
      {
        name: 'stream throughput through a bare node:http pipe (the floor any relay process pays)',
        baseline: 'engine direct',
        value: median(piped),
        unit: 'MB/s',
        ratio: pipeRatio,
        note: `dashboard relay / bare pipe = ${(relayRatio / pipeRatio).toFixed(2)}: on ${os.cpus().length} cores a third process shares the CPU with the engine and the reader`,
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
      { name: 'console page, longest main-thread stall, silent process (20 s)', baseline: 'itself', value: page.idle.stall, unit: 'ms', note: 'how late a 10 ms timer ran, at worst' },
      {
        name: 'console page, longest main-thread stall at 5 MB/s (20 s)',
        baseline: 'silent process',
        value: page.loaded.stall,
        unit: 'ms',
        ratio: page.idle.stall > 0 ? page.loaded.stall / page.idle.stall : undefined,
        note: `longest task over 50 ms (Long Tasks API): ${page.loaded.longest > 0 ? `${page.loaded.longest.toFixed(0)} ms` : 'none'}`,
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
