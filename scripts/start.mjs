#!/usr/bin/env node
// npm start: build the dashboard if needed, start the embedded engine (unless a Kernel API is configured) and the
// dashboard, print where to log in, and stop both (and every browser they started) on Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const env = { ...process.env };
const port = env.PORT || '3000';
const enginePort = env.ENGINE_PORT || '8787';
const host = env.HOST || '127.0.0.1';
const dataDir = path.resolve(root, env.DATA_DIR || '.data');
const cloud = Boolean(env.KERNEL_API_KEY);
const log = (msg) => console.log(`[start] ${msg}`);

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

function needsBuild() {
  const buildId = path.join(root, '.next', 'BUILD_ID');
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const sources = ['app', 'components', 'lib', 'public', 'next.config.js', 'package-lock.json', 'postcss.config.mjs', 'instrumentation.ts'];
  return sources.some((s) => newestMtime(path.join(root, s)) > built);
}

if (!args.has('--no-build') && needsBuild()) {
  log('building the dashboard (first start or sources changed)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], { cwd: root, stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
let password = env.DASHBOARD_PASSWORD;
let generated = false;
if (!password) {
  const file = path.join(dataDir, 'dashboard-password');
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, `${crypto.randomBytes(18).toString('base64url')}\n`, { mode: 0o600 });
  }
  password = fs.readFileSync(file, 'utf8').trim();
  generated = true;
}

// LOG_FILE: also keep both processes' output in a file (the e2e run scans it for leaked tokens).
const logFile = env.LOG_FILE ? fs.createWriteStream(path.resolve(root, env.LOG_FILE), { flags: 'a' }) : null;
const children = [];
let stopping = false;

function run(name, cmd, cmdArgs, extraEnv) {
  const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', logFile ? 'pipe' : 'inherit', logFile ? 'pipe' : 'inherit'] });
  if (logFile) {
    child.stdout.on('data', (d) => (process.stdout.write(d), logFile.write(d)));
    child.stderr.on('data', (d) => (process.stderr.write(d), logFile.write(d)));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping.`);
      void stop(code || 1);
    }
  });
  children.push(child);
  return child;
}

async function waitFor(url, what, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer at ${url} within ${ms / 1000} s`);
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  if (!cloud) {
    fs.rmSync(path.join(dataDir, 'engine.json'), { force: true });
    run('engine', process.execPath, ['--import', 'tsx', path.join(root, 'engine/cli.ts')], { DATA_DIR: dataDir, ENGINE_PORT: enginePort });
    await waitFor(`http://127.0.0.1:${enginePort}/health`, 'the engine');
  }
  run('dashboard', process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', port, '-H', host], {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
  });
  const base = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  await waitFor(`${base}/login`, 'the dashboard');
  console.log('');
  log(`Kernel Dashboard is running at ${base}`);
  log(cloud ? `managing the Kernel API at ${env.KERNEL_BASE_URL || 'https://api.onkernel.com'}` : `managing the local engine at http://127.0.0.1:${enginePort}`);
  if (generated) {
    log(`log in with the password in ${path.join(dataDir, 'dashboard-password')}, or open:`);
    log(`  ${base}/login/link?key=${encodeURIComponent(password)}`);
  } else {
    log('log in with the password in DASHBOARD_PASSWORD');
  }
  log('press Ctrl-C to stop the dashboard, the engine and every browser they started');
} catch (err) {
  console.error(`[start] ${err.message}`);
  await stop(1);
}
