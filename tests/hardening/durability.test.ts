import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-durability-'));
let engine: ChildProcess | undefined;

async function startEngineProcess(): Promise<Kernel> {
  fs.rmSync(path.join(dataDir, 'engine.json'), { force: true });
  engine = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'engine/cli.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ENGINE_PORT: '0', ENGINE_POOLED_SESSIONS_LIMIT: '1000' },
    stdio: 'ignore',
  });
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    try {
      const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'engine.json'), 'utf8')) as { base_url: string; api_key: string };
      return new Kernel({ baseURL: info.base_url, apiKey: info.api_key, maxRetries: 0, timeout: 10_000 });
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('engine did not start');
}

afterAll(() => {
  engine?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * kill -9 the engine while proxies and pools are being created, restart it on the same data directory, and check
 * that everything the engine acknowledged is there, whole.
 */
describe('durability', () => {
  it('keeps every acknowledged proxy and pool across kill -9, three times over', async () => {
    const proxies = new Map<string, string>();
    const pools = new Map<string, string>();
    let attempted = 0;
    for (let round = 0; round < 3; round++) {
      const k = await startEngineProcess();
      let stop = false;
      const writer = async (kind: 'proxy' | 'pool', n: number) => {
        for (let i = 0; !stop; i++) {
          const name = `r${round}-${kind}${n}-${i}`;
          attempted++;
          try {
            if (kind === 'proxy') {
              const p = await k.proxies.create({ type: 'custom', name, config: { host: '127.0.0.1', port: 9 } });
              proxies.set(p.id!, name);
            } else {
              const p = await k.browserPools.create({ name, size: 1, fill_rate_per_minute: 0 });
              pools.set(p.id, name);
            }
          } catch (err) {
            // A request cut off by the kill was never acknowledged; any other failure is a real error.
            if (stop || engine?.exitCode !== null) return;
            throw err;
          }
        }
      };
      let running = 4;
      const writers = [writer('proxy', 0), writer('proxy', 1), writer('pool', 0), writer('pool', 1)].map((w) => w.finally(() => running--));
      const ackedBefore = proxies.size + pools.size;
      const until = Date.now() + 60_000;
      while (proxies.size + pools.size < ackedBefore + 25 && running === 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      const exited = new Promise((r) => (engine!.exitCode !== null || engine!.signalCode !== null ? r(null) : engine!.once('exit', r)));
      engine!.kill('SIGKILL');
      stop = true;
      await exited;
      await Promise.all(writers);
    }

    const k = await startEngineProcess();
    const seenProxies = new Map<string, string>();
    for await (const p of k.proxies.list({ limit: 100 })) seenProxies.set(p.id!, p.name!);
    const seenPools = new Map<string, string>();
    for await (const p of k.browserPools.list({ limit: 100 })) seenPools.set(p.id, p.name!);
    for (const [id, name] of proxies) expect(seenProxies.get(id), `proxy ${name}`).toBe(name);
    for (const [id, name] of pools) expect(seenPools.get(id), `pool ${name}`).toBe(name);
    // Nothing half-written: every row that exists reads back whole.
    for (const id of seenProxies.keys()) {
      const p = await k.proxies.retrieve(id);
      expect(p.type).toBe('custom');
      expect(p.config).toMatchObject({ host: '127.0.0.1', port: 9 });
    }
    for (const id of seenPools.keys()) {
      const p = await k.browserPools.retrieve(id);
      expect(p.browser_pool_config.size).toBe(1);
    }
    console.log(`[durability] ${attempted} creates attempted, ${proxies.size} proxies and ${pools.size} pools acknowledged, all ${proxies.size + pools.size} recovered after 3 kill -9`);
    expect(proxies.size + pools.size).toBeGreaterThanOrEqual(75);
  });
});
