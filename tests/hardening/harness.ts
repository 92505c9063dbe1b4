import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEngine, type RunningEngine } from '../../engine/server';
import { FaultProxy } from './fault-proxy';

export interface Harness {
  engine: RunningEngine;
  proxy: FaultProxy;
  dashboard: ChildProcess;
  baseURL: string;
  cookie: string;
  password: string;
  /** The dashboard's data directory (its cookie secret and password live there). */
  dashboardDataDir: string;
  logs: () => string;
  close: () => Promise<void>;
}

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

async function waitFor(url: string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url, { redirect: 'manual' })).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

/**
 * The production build of the dashboard, managing a real engine through a fault-injecting proxy, the way it
 * manages the cloud (KERNEL_BASE_URL + KERNEL_API_KEY). Needs `next build` to have run.
 */
export async function startHarness(opts: { timeoutMs?: number } = {}): Promise<Harness> {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('run `next build` before the hardening tests');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-hardening-'));
  const engine = await startEngine({ dataDir: path.join(dir, 'engine'), port: 0, reaperIntervalMs: 1000 });
  const proxy = await new FaultProxy(engine.url).listen();
  const port = await freePort();
  const password = 'hardening-password';
  let output = '';
  const dashboard = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATA_DIR: path.join(dir, 'dashboard'),
      DASHBOARD_PASSWORD: password,
      KERNEL_BASE_URL: proxy.url,
      KERNEL_API_KEY: engine.apiKey,
      KERNEL_TIMEOUT_MS: String(opts.timeoutMs ?? 2000),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dashboard.stdout!.on('data', (d) => (output += d));
  dashboard.stderr!.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitFor(`${baseURL}/login`);
  const login = await fetch(`${baseURL}/login/link?key=${password}`, { redirect: 'manual' });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  if (!cookie.startsWith('kd_session=')) throw new Error('login failed');
  return {
    engine,
    proxy,
    dashboard,
    baseURL,
    cookie,
    password,
    dashboardDataDir: path.join(dir, 'dashboard'),
    logs: () => output,
    async close() {
      dashboard.kill('SIGTERM');
      await new Promise((r) => (dashboard.exitCode === null ? dashboard.once('exit', r) : r(null)));
      await proxy.close();
      await engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
