import {
  POOL_CONFIG_DEFAULTS,
  type BrowserPoolObject,
  type PoolAcquire,
  type PoolCapacity,
  type PoolConfig,
  type PoolCreate,
  type PoolUpdate,
} from '../../lib/schemas/pool';
import type { SessionRow } from '../browsers/sessions';
import type { EngineContext } from '../context';
import { badRequest, conflict, notFound } from '../http/errors';
import { newId } from '../orgs/orgs';
import { navigateFirstPage } from './navigate';
import { configOf, newPoolRow, PoolStore, type PoolRow } from './store';
import { browserInputOf, WarmPools, type PoolRuntime } from './warm';

type ProxiesService = { assertUsable(orgId: string, proxyId: string, field?: string): void };

/** Pools of an organization: their configuration (SQLite) and their warm browsers (WarmPools). */
export class PoolService {
  readonly store: PoolStore;
  readonly warm: WarmPools;

  constructor(private readonly ctx: EngineContext) {
    this.store = new PoolStore(ctx.db);
    this.warm = new WarmPools(ctx.browsers, ctx.config.poolFillIntervalMs);
    ctx.browsers.hooks.decorate.push((row, obj) => {
      if (!row.pool_id) return;
      const name = this.warm.get(row.pool_id)?.config.name ?? this.store.byId(row.pool_id)?.name;
      obj.pool = name ? { id: row.pool_id, name } : { id: row.pool_id };
    });
  }

  /** Rebuilds every stored pool's warm browsers (the previous process's browsers ended with it). */
  start(): void {
    for (const row of this.store.all()) this.warm.add(row.id, row.org_id, configOf(row));
    this.warm.start();
  }

  capacity(orgId: string): PoolCapacity {
    return { limit: this.ctx.config.pooledSessionsLimit, used: this.store.sumSizes(orgId) };
  }

  get(orgId: string, idOrName: string): PoolRow {
    const row = this.store.get(orgId, idOrName);
    if (!row) throw notFound(`browser pool ${idOrName}`);
    return row;
  }

  private runtime(row: PoolRow): PoolRuntime {
    return this.warm.get(row.id) ?? this.warm.add(row.id, row.org_id, configOf(row));
  }

  toApi(row: PoolRow): BrowserPoolObject {
    const { available, acquired } = this.warm.counts(row.id);
    const obj: BrowserPoolObject = {
      id: row.id,
      available_count: available,
      acquired_count: acquired,
      created_at: row.created_at,
      browser_pool_config: configOf(row),
      extension_ids: [],
    };
    if (row.name) obj.name = row.name;
    return obj;
  }

  /** The checks every create and update makes beyond the schema: names, the limit and references. */
  private check(orgId: string, cfg: PoolConfig, exceptId?: string): void {
    if (cfg.name && this.store.nameTaken(orgId, cfg.name, exceptId)) {
      throw conflict(`name: a browser pool named "${cfg.name}" already exists in this organization`);
    }
    const limit = this.ctx.config.pooledSessionsLimit;
    const others = this.store.sumSizes(orgId, exceptId);
    if (others + cfg.size > limit) {
      throw badRequest(
        `the organization's pools would hold ${others + cfg.size} browsers (${others} in other pools + ${cfg.size} here), ` +
          `over its pooled-sessions limit of ${limit}; at most ${Math.max(0, limit - others)} fit in this pool`,
        'size',
      );
    }
    if (cfg.profile) {
      const p = cfg.profile;
      throw badRequest(p.id ? `no profile with id "${p.id}" (this engine has no profiles)` : `no profile named "${p.name}" (this engine has no profiles)`, 'profile');
    }
    cfg.extensions?.forEach((e, i) => {
      throw badRequest(
        e.id ? `no extension with id "${e.id}" (this engine has no extensions)` : `no extension named "${e.name}" (this engine has no extensions)`,
        `extensions[${i}]`,
      );
    });
    if (cfg.proxy_id) {
      const proxies = this.ctx.services.get('proxies') as ProxiesService | undefined;
      if (!proxies) throw badRequest(`no proxy "${cfg.proxy_id}" in this organization`, 'proxy_id');
      proxies.assertUsable(orgId, cfg.proxy_id, 'proxy_id');
    }
  }

  create(orgId: string, input: PoolCreate): PoolRow {
    const cfg = applyInput({ ...POOL_CONFIG_DEFAULTS, size: input.size }, input);
    this.check(orgId, cfg);
    const row = newPoolRow(newId(), orgId, cfg);
    try {
      this.store.insert(row);
    } catch (err) {
      if (/UNIQUE/.test(String(err))) throw conflict(`name: a browser pool named "${cfg.name}" already exists in this organization`);
      throw err;
    }
    this.warm.add(row.id, orgId, configOf(row));
    return row;
  }

  async update(orgId: string, idOrName: string, input: PoolUpdate): Promise<PoolRow> {
    const row = this.get(orgId, idOrName);
    const rt = this.runtime(row);
    const before = configOf(row);
    const cfg = applyInput(before, input);
    this.check(orgId, cfg, row.id);
    this.store.update(row.id, cfg);
    rt.config = cfg;
    if (JSON.stringify(browserInputOf(before)) !== JSON.stringify(browserInputOf(cfg))) rt.generation++;
    const discard = input.discard_all_idle ? this.warm.idleIds(rt) : this.warm.excessIdle(rt);
    await this.warm.discard(rt, discard);
    this.warm.refill(rt);
    return this.store.byId(row.id)!;
  }

  async delete(orgId: string, idOrName: string, force: boolean): Promise<void> {
    const row = this.get(orgId, idOrName);
    const rt = this.runtime(row);
    const { acquired } = this.warm.counts(row.id);
    if (acquired > 0 && !force) {
      throw conflict(
        `browser pool ${row.name ?? row.id} has ${acquired} acquired browser${acquired === 1 ? '' : 's'}; ` +
          'release them first, or delete with force: true to destroy them too',
      );
    }
    this.warm.remove(rt);
    this.store.delete(row.id);
    await Promise.all([...rt.members.keys()].map((id) => this.ctx.browsers.destroy(id)));
  }

  async flush(orgId: string, idOrName: string): Promise<void> {
    const rt = this.runtime(this.get(orgId, idOrName));
    await this.warm.discard(rt, this.warm.idleIds(rt));
    this.warm.refill(rt);
  }

  /** Hands out a warm browser, or null when none became ready within the wait (the route answers 204). */
  async acquire(orgId: string, idOrName: string, input: PoolAcquire, signal?: AbortSignal): Promise<SessionRow | null> {
    const row = this.get(orgId, idOrName);
    const rt = this.runtime(row);
    const { browsers } = this.ctx;
    if (input.name && browsers.store.activeNameTaken(orgId, input.name)) {
      throw conflict(`name: a session named "${input.name}" is already active`);
    }
    const waitS = input.acquire_timeout_seconds ?? this.warm.defaultAcquireWait(rt);
    const id = await this.warm.take(rt, waitS * 1000, signal);
    if (!id) return null;
    if (signal?.aborted) {
      this.warm.putBack(rt, id);
      return null;
    }
    try {
      if (input.name || input.tags) {
        browsers.store.setLeaseFields(id, { name: input.name ?? null, tags: input.tags ? JSON.stringify(input.tags) : null });
      }
    } catch (err) {
      this.warm.putBack(rt, id);
      if (/UNIQUE/.test(String(err))) throw conflict(`name: a session named "${input.name}" is already active`);
      throw err;
    }
    browsers.store.setListed(id, true);
    const session = browsers.store.byId(id)!;
    browsers.setIdleTimeout(id, session.timeout_seconds * 1000);
    const live = browsers.liveById(id);
    if (input.start_url && live) {
      // Best effort, as the API promises: a page that fails to load does not fail the acquire.
      await navigateFirstPage(live.chromium.wsEndpoint, input.start_url).catch(() => undefined);
    }
    return session;
  }

  async release(orgId: string, idOrName: string, sessionId: string, reuse: boolean): Promise<void> {
    const row = this.get(orgId, idOrName);
    const rt = this.runtime(row);
    const member = rt.members.get(sessionId);
    if (!member) throw notFound(`browser session ${sessionId} in pool ${row.name ?? row.id}`);
    if (!member.acquired) throw badRequest(`browser session ${sessionId} is idle in the pool, not acquired`, 'session_id');
    const { browsers } = this.ctx;
    // A pool that shrank while this browser was out does not take it back.
    if (!reuse || rt.members.size > rt.config.size || !browsers.liveById(sessionId)) {
      await browsers.destroy(sessionId);
      this.warm.refill(rt);
      return;
    }
    browsers.store.setLeaseFields(sessionId, { name: null, tags: null });
    browsers.store.setListed(sessionId, false);
    browsers.setIdleTimeout(sessionId, null);
    this.warm.putBack(rt, sessionId);
  }

  close(): Promise<void> {
    return this.warm.close();
  }
}

/** Applies a create or update body onto a configuration: given fields replace, "" and {id: ""} clear. */
function applyInput(base: PoolConfig, input: PoolCreate | PoolUpdate): PoolConfig {
  const { discard_all_idle: _discard, proxy_id, profile, extensions, ...rest } = input as PoolUpdate;
  const cfg: PoolConfig = { ...base, ...stripUndefined(rest) };
  if (proxy_id !== undefined) cfg.proxy_id = proxy_id === '' ? undefined : proxy_id;
  if (profile !== undefined) cfg.profile = profile.id === '' && !profile.name ? undefined : { id: profile.id, name: profile.name };
  if (extensions !== undefined) cfg.extensions = extensions.length ? extensions : undefined;
  return stripUndefined(cfg) as PoolConfig;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
