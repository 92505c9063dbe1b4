import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { composeFrame } from '../engine/computer/frames';
import { SseParser } from '../lib/sse/parser';
import type { LiveViewEvent } from '../lib/schemas/computer';
import { freePort, waitFor } from './stack';
import type { BenchResult } from './types';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const FPS_WINDOW_MS = 2_000;
const LATENCY_SAMPLES = 4;
// Direct and relayed take turns, so a busy moment on the machine hits both alike.
const ROUNDS = 3;

type Frame = Extract<LiveViewEvent, { type: 'frame' }>;

/** Reads a live-view SSE stream, handing each frame and its arrival time to `onFrame`. */
async function watch(url: string, headers: Record<string, string>, signal: AbortSignal, onFrame: (f: Frame, at: number) => void) {
  const res = await fetch(url, { headers, signal });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  const parser = new SseParser();
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        for (const message of parser.feed(value)) {
          const e = JSON.parse(message.data) as LiveViewEvent;
          if (e.type === 'frame') onFrame(e, performance.now());
        }
      }
    } catch {
      /* aborted */
    }
  })();
}

const redAt = async (f: Frame) => {
  const data = await sharp(Buffer.from(f.data_b64, 'base64')).extract({ left: 900, top: 700, width: 1, height: 1 }).raw().toBuffer();
  return data[0]! > 180 && data[1]! < 60;
};

/** Frames per second while the page animates, and page change → first frame showing it, for one stream URL. */
async function measure(url: string, headers: Record<string, string>, agent: Page) {
  await agent.setContent('<body style="margin:0;background:#fff"><h1 id="n" style="font-size:120px">0</h1></body>');
  let frames = 0;
  let waiting: { since: number; resolve: (ms: number) => void } | undefined;
  const abort = new AbortController();
  await watch(url, headers, abort.signal, (f, at) => {
    frames++;
    const w = waiting;
    if (!w) return;
    void redAt(f).then((red) => {
      if (!red || waiting !== w) return;
      waiting = undefined;
      w.resolve(at - w.since);
    });
  });
  try {
    await agent.evaluate(`(() => { let n = 0; const h = document.getElementById('n'); const f = () => { h.textContent = String(n++); requestAnimationFrame(f); }; f(); })()`);
    await new Promise((r) => setTimeout(r, 500));
    const start = frames;
    await new Promise((r) => setTimeout(r, FPS_WINDOW_MS));
    const fps = ((frames - start) * 1000) / FPS_WINDOW_MS;
    await agent.setContent('<body style="margin:0;background:#fff"></body>');
    const latencies: number[] = [];
    for (let i = 0; i < LATENCY_SAMPLES; i++) {
      await agent.evaluate(`document.body.style.background = '#fff'`);
      await new Promise((r) => setTimeout(r, 300));
      const seen = new Promise<number>((resolve, reject) => {
        waiting = { since: performance.now(), resolve };
        setTimeout(() => reject(new Error(`no frame showed the page change within 10 s (${url})`)), 10_000).unref();
      });
      await agent.evaluate(`document.body.style.background = 'rgb(230,0,0)'`);
      latencies.push(await seen);
    }
    return { fps, latencies };
  } finally {
    abort.abort();
  }
}

/** The cost of painting the pointer into a 1920x1080 frame, against passing the frame through untouched. */
async function paintCost(): Promise<{ paint: number; pass: number }> {
  const img = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#f5f7fb' } }).jpeg({ quality: 70 }).toBuffer();
  const time = async (pointer: { x: number; y: number } | null) => {
    const t = performance.now();
    for (let i = 0; i < 20; i++) await composeFrame(img, { format: 'jpeg', pointer, screenWidth: 1920, quality: 70 });
    return (performance.now() - t) / 20;
  };
  await time({ x: 1, y: 1 });
  return { paint: await time({ x: 500, y: 400 }), pass: await time(null) };
}

/**
 * Live view through the dashboard's relay (engine → Next route handler → operator) against the engine's stream
 * read directly, on the same session, one after the other.
 */
export async function run(): Promise<BenchResult[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-bench-live-'));
  const [port, enginePort] = [await freePort(), await freePort()];
  const password = 'bench-live-view-password';
  const stack: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), ENGINE_PORT: String(enginePort), DATA_DIR: dataDir, DASHBOARD_PASSWORD: password, KERNEL_API_KEY: '', KERNEL_BASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => stack.once('exit', r));
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/login`);
    const login = await fetch(`${base}/login/link?key=${encodeURIComponent(password)}`, { redirect: 'manual' });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if (!cookie) throw new Error('could not log in to the dashboard');
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'engine.json'), 'utf8')) as { base_url: string; api_key: string };
    const k = new Kernel({ baseURL: info.base_url, apiKey: info.api_key, maxRetries: 0 });
    const s = await k.browsers.create({ viewport: { width: 1920, height: 1080 } });
    const agent = await chromium.connectOverCDP(s.cdp_ws_url);
    try {
      const page = agent.contexts()[0]!.pages()[0]!;
      const rounds = { direct: { fps: [] as number[], latency: [] as number[] }, relayed: { fps: [] as number[], latency: [] as number[] } };
      for (let i = 0; i < ROUNDS; i++) {
        console.log(`  round ${i + 1} of ${ROUNDS}`);
        const d = await measure(`${info.base_url}/browsers/${s.session_id}/live_view`, { authorization: `Bearer ${info.api_key}` }, page);
        const r = await measure(`${base}/api/browsers/${s.session_id}/live`, { cookie }, page);
        rounds.direct.fps.push(d.fps);
        rounds.direct.latency.push(...d.latencies);
        rounds.relayed.fps.push(r.fps);
        rounds.relayed.latency.push(...r.latencies);
      }
      const direct = { fps: median(rounds.direct.fps), latency: median(rounds.direct.latency) };
      const relayed = { fps: median(rounds.relayed.fps), latency: median(rounds.relayed.latency) };
      const cost = await paintCost();
      return [
        { name: 'live view fps, engine stream read directly (1920x1080, animating page; median of 3)', baseline: 'itself', value: direct.fps, unit: 'fps' },
        { name: 'live view fps through the dashboard relay (median of 3)', baseline: 'direct fps', value: relayed.fps, unit: 'fps', ratio: relayed.fps / direct.fps },
        { name: 'page change → frame, direct (median of 12)', baseline: 'itself', value: direct.latency, unit: 'ms' },
        { name: 'page change → frame through the dashboard relay (median of 12)', baseline: 'direct latency', value: relayed.latency, unit: 'ms', ratio: relayed.latency / direct.latency },
        { name: 'painting the pointer into a 1920x1080 JPEG frame', baseline: 'frame passed through', value: cost.paint, unit: 'ms', ratio: cost.paint / cost.pass, note: 'only while the cursor is shown' },
      ];
    } finally {
      await agent.close().catch(() => {});
      await k.browsers.deleteByID(s.session_id).catch(() => {});
    }
  } finally {
    stack.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
