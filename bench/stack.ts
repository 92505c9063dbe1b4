// The engine and the production dashboard in separate processes, as `npm start` runs them, for benches that
// compare reading the engine directly with reading through the dashboard.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, ms = 180_000): Promise<void> {
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
export function treeRss(pid: number): number {
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

/** A process that waits for a file before producing, so the reader is connected when output starts. */
export async function gatedSpawn(s: Stack, sessionId: string, script: string): Promise<{ processId: string; open: () => Promise<void> }> {
  const gate = `/tmp/gate-${Math.random().toString(36).slice(2)}`;
  const r = await s.k.browsers.process.spawn(sessionId, { command: 'sh', args: ['-c', `while [ ! -e ${gate} ]; do sleep 0.01; done; ${script}`] });
  return { processId: r.process_id!, open: async () => void (await s.k.browsers.process.exec(sessionId, { command: 'touch', args: [gate] })) };
}
