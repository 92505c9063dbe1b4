import type { BrowserCreate } from '../../lib/schemas/browser';
import type { PoolConfig } from '../../lib/schemas/pool';
import type { BrowserService } from '../browsers/service';

/** One browser of a pool: idle (unlisted, no idle timeout) or acquired (listed, pool's timeout running). */
interface Member {
  id: string;
  acquired: boolean;
  /** The pool configuration generation it was started with. */
  generation: number;
}

interface Waiter {
  resolve(id: string | null): void;
}

/** The live state of one pool: its browsers, its refill and the acquirers waiting for a browser. */
export interface PoolRuntime {
  id: string;
  orgId: string;
  config: PoolConfig;
  generation: number;
  members: Map<string, Member>;
  waiters: Waiter[];
  filling?: Promise<void>;
  /** No refill run starts before this time: one run per interval keeps the pool to its fill rate. */
  nextRunAt: number;
  failures: number;
  lastError?: string;
}

/** The fields that shape a browser; changing any of them makes new browsers differ from the idle ones. */
export function browserInputOf(cfg: PoolConfig): BrowserCreate {
  return {
    headless: cfg.headless,
    stealth: cfg.stealth,
    kiosk_mode: cfg.kiosk_mode,
    timeout_seconds: cfg.timeout_seconds,
    viewport: cfg.viewport,
    ...(cfg.proxy_id ? { proxy_id: cfg.proxy_id } : {}),
  };
}

/**
 * Browsers started per refill run: fill_rate_per_minute percent of the size per minute, spread over the runs of a
 * minute, and never less than one while the pool is short (so small pools fill in seconds, not minutes).
 */
export function browsersPerRun(cfg: Pick<PoolConfig, 'size' | 'fill_rate_per_minute'>, intervalMs: number): number {
  if (cfg.fill_rate_per_minute <= 0) return 0;
  const perMinute = (cfg.size * cfg.fill_rate_per_minute) / 100;
  return Math.max(1, Math.round((perMinute * intervalMs) / 60_000));
}

/** Keeps every pool's warm browsers: refill runs, hand-out to acquirers, return and discard. */
export class WarmPools {
  private readonly runtimes = new Map<string, PoolRuntime>();
  private timer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly browsers: BrowserService,
    private readonly intervalMs: number,
  ) {
    browsers.hooks.onDelete.push((_session, row) => {
      if (row.pool_id) this.runtimes.get(row.pool_id)?.members.delete(row.id);
    });
  }

  start(): void {
    // Checked more often than the interval so a run is never a whole interval late.
    this.timer = setInterval(() => {
      for (const rt of this.runtimes.values()) this.refill(rt);
    }, Math.min(1000, this.intervalMs));
    this.timer.unref();
  }

  add(id: string, orgId: string, config: PoolConfig): PoolRuntime {
    const rt: PoolRuntime = { id, orgId, config, generation: 0, members: new Map(), waiters: [], nextRunAt: 0, failures: 0 };
    this.runtimes.set(id, rt);
    this.refill(rt);
    return rt;
  }

  get(id: string): PoolRuntime | undefined {
    return this.runtimes.get(id);
  }

  counts(id: string): { available: number; acquired: number } {
    let available = 0;
    let acquired = 0;
    for (const m of this.runtimes.get(id)?.members.values() ?? []) {
      if (m.acquired) acquired++;
      else available++;
    }
    return { available, acquired };
  }

  /** Seconds an acquire waits by default: the time the pool takes to fill at its rate, at most a minute. */
  defaultAcquireWait(rt: PoolRuntime): number {
    const perRun = browsersPerRun(rt.config, this.intervalMs);
    if (perRun === 0) return 60;
    const runs = Math.ceil(rt.config.size / perRun);
    return Math.min(60, Math.ceil((runs * this.intervalMs) / 1000) + 10);
  }

  /**
   * Starts this run's share of missing browsers, one after another (Chromium start-ups are CPU-heavy). Called by
   * the timer and right after anything that leaves the pool short; at most one run per interval either way.
   */
  refill(rt: PoolRuntime): void {
    const now = Date.now();
    if (this.closed || rt.filling || now < rt.nextRunAt || this.runtimes.get(rt.id) !== rt) return;
    const missing = rt.config.size - rt.members.size;
    const count = Math.min(missing, browsersPerRun(rt.config, this.intervalMs));
    if (count <= 0) return;
    rt.nextRunAt = now + this.intervalMs;
    rt.filling = (async () => {
      for (let i = 0; i < count && (await this.launch(rt)); i++);
    })().finally(() => {
      rt.filling = undefined;
    });
  }

  private async launch(rt: PoolRuntime): Promise<boolean> {
    const generation = rt.generation;
    let id: string;
    try {
      id = (await this.browsers.create(rt.orgId, browserInputOf(rt.config), { poolId: rt.id, listed: false, idleTimeout: false })).id;
    } catch (err) {
      rt.failures++;
      rt.lastError = (err as Error).message;
      rt.nextRunAt = Date.now() + Math.min(60_000, this.intervalMs * 2 ** rt.failures);
      console.error(`[engine] pool ${rt.id}: could not start a browser: ${rt.lastError}`);
      return false;
    }
    rt.failures = 0;
    rt.lastError = undefined;
    const current = this.runtimes.get(rt.id) === rt && !this.closed;
    // Started on an outdated configuration, or no longer needed: it would never be right to hand it out.
    if (!current || generation !== rt.generation || rt.members.size >= rt.config.size) {
      await this.browsers.destroy(id);
      return current;
    }
    if (!this.browsers.liveById(id)) return true; // Chromium died at once; the next run replaces it
    rt.members.set(id, { id, acquired: false, generation });
    this.serveWaiters(rt);
    return true;
  }

  /** Takes an idle browser (one on the newest configuration first), or waits for one; null when none came. */
  async take(rt: PoolRuntime, waitMs: number, signal?: AbortSignal): Promise<string | null> {
    const idle = this.takeIdle(rt);
    if (idle) return idle;
    if (waitMs <= 0 || signal?.aborted) return null;
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve: (id) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(id);
        },
      };
      const drop = () => {
        const i = rt.waiters.indexOf(waiter);
        if (i >= 0) rt.waiters.splice(i, 1);
        waiter.resolve(null);
      };
      const onAbort = () => drop();
      const timer = setTimeout(drop, waitMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      rt.waiters.push(waiter);
    });
  }

  private takeIdle(rt: PoolRuntime): string | null {
    let pick: Member | undefined;
    for (const m of rt.members.values()) {
      if (m.acquired) continue;
      if (m.generation === rt.generation) {
        pick = m;
        break;
      }
      pick ??= m;
    }
    if (!pick) return null;
    pick.acquired = true;
    return pick.id;
  }

  private serveWaiters(rt: PoolRuntime): void {
    while (rt.waiters.length > 0) {
      const id = this.takeIdle(rt);
      if (!id) return;
      rt.waiters.shift()!.resolve(id);
    }
  }

  /** Puts an acquired browser back as idle (it keeps the configuration it was started with). */
  putBack(rt: PoolRuntime, id: string): void {
    const m = rt.members.get(id);
    if (!m) return;
    m.acquired = false;
    this.serveWaiters(rt);
  }

  /** Destroys the given idle browsers (taking them out first so nobody acquires them meanwhile). */
  async discard(rt: PoolRuntime, ids: string[]): Promise<void> {
    for (const id of ids) rt.members.delete(id);
    await Promise.all(ids.map((id) => this.browsers.destroy(id)));
  }

  idleIds(rt: PoolRuntime): string[] {
    return [...rt.members.values()].filter((m) => !m.acquired).map((m) => m.id);
  }

  /** Idle browsers beyond the size, the ones on the oldest configuration first. */
  excessIdle(rt: PoolRuntime): string[] {
    const excess = rt.members.size - rt.config.size;
    if (excess <= 0) return [];
    const idle = [...rt.members.values()].filter((m) => !m.acquired).sort((a, b) => a.generation - b.generation);
    return idle.slice(0, excess).map((m) => m.id);
  }

  /** Forgets a pool: acquirers still waiting get nothing, a refill in flight throws its browser away. */
  remove(rt: PoolRuntime): void {
    this.runtimes.delete(rt.id);
    for (const w of rt.waiters.splice(0)) w.resolve(null);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    const fills: Promise<void>[] = [];
    for (const rt of this.runtimes.values()) {
      for (const w of rt.waiters.splice(0)) w.resolve(null);
      if (rt.filling) fills.push(rt.filling);
    }
    await Promise.allSettled(fills);
  }
}
