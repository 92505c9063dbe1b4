import { isManagedProxyType, type Proxy, type ProxyCreate, type ProxyListQuery } from '../../lib/schemas/proxy';
import { badRequest, notFound } from '../http/errors';
import { newId } from '../orgs/orgs';
import type { Db } from '../store/db';
import { CheckTarget, checkThroughProxy, checkUrlThroughProxy, managedOutcome, type CheckOutcome } from './check';
import { CredentialRelay } from './relay';
import { configOf, ProxyStore, type ProxyRow } from './store';
import { hostForUrl, type Upstream } from './upstream';

/** What other modules (browsers, pools) use to accept a proxy_id and route a Chromium through it. */
export interface ProxiesApi {
  /** Throws a 400 naming `field` unless proxyId is a live proxy of orgId that can carry traffic here. */
  assertUsable(orgId: string, proxyId: string, field?: string): void;
  /** Chromium flags that send all of a session's traffic through the proxy. */
  launchArgs(orgId: string, proxyId: string): string[];
}

function upstreamOf(row: ProxyRow): Upstream {
  const cfg = configOf(row);
  return {
    host: cfg.host!,
    port: cfg.port!,
    protocol: row.protocol,
    username: cfg.username,
    password: row.password ?? undefined,
  };
}

const needsRelay = (row: ProxyRow) => row.type === 'custom' && !!configOf(row).username;

export class ProxyService implements ProxiesApi {
  readonly store: ProxyStore;
  private readonly target: CheckTarget;
  /** One credential relay per proxy with a username, shared by all its sessions. */
  private readonly relays = new Map<string, Promise<CredentialRelay>>();
  /** The relays that have finished starting, for the synchronous launchArgs. */
  private readonly ready = new Map<string, CredentialRelay>();

  constructor(db: Db, host: string) {
    this.store = new ProxyStore(db);
    this.target = new CheckTarget(host);
  }

  async init(): Promise<void> {
    await this.target.start();
    for (const row of this.store.live()) if (needsRelay(row)) await this.relayFor(row);
  }

  async create(orgId: string, input: ProxyCreate): Promise<ProxyRow> {
    const { password, ...config } = (input.config ?? {}) as Record<string, unknown> & { password?: string };
    if ((input.type === 'datacenter' || input.type === 'isp') && !config.country) config.country = 'US';
    const row: ProxyRow = {
      id: newId('proxy_'),
      org_id: orgId,
      name: input.name ?? null,
      type: input.type,
      protocol: input.protocol,
      bypass_hosts: JSON.stringify(input.bypass_hosts ?? []),
      config: JSON.stringify(config),
      password: password ?? null,
      status: null,
      status_message: null,
      last_checked: null,
      ip_address: null,
      created_at: new Date().toISOString(),
      deleted_at: null,
    };
    this.store.insert(row);
    if (needsRelay(row)) await this.relayFor(row);
    // A new proxy is checked at once, so its first answer already says whether traffic can go through it.
    return this.recordCheck(row, await this.probe(row));
  }

  get(orgId: string, id: string): ProxyRow {
    const row = this.store.get(orgId, id);
    if (!row) throw notFound(`proxy ${id}`);
    return row;
  }

  list(orgId: string, q: ProxyListQuery) {
    return this.store.list(orgId, q);
  }

  rename(orgId: string, id: string, name: string): ProxyRow {
    const row = this.get(orgId, id);
    this.store.rename(row.id, name);
    return { ...row, name };
  }

  /** Soft delete: the row stays (sessions keep naming it) and its relay lives on while a session still uses it. */
  async delete(orgId: string, id: string): Promise<void> {
    const row = this.get(orgId, id);
    this.store.markDeleted(row.id);
    await this.releaseIfIdle(row.id);
  }

  async check(orgId: string, id: string, url?: string): Promise<ProxyRow> {
    const row = this.get(orgId, id);
    if (url) {
      // A check against a chosen site says nothing about the proxy itself: report it, keep the stored status.
      const outcome = row.type === 'custom' ? await checkUrlThroughProxy(upstreamOf(row), new URL(url)) : managedOutcome(row.type);
      return { ...row, status: outcome.status, status_message: outcome.message, last_checked: new Date().toISOString() };
    }
    return this.recordCheck(row, await this.probe(row));
  }

  private probe(row: ProxyRow): Promise<CheckOutcome> {
    if (row.type !== 'custom') return Promise.resolve(managedOutcome(row.type));
    return checkThroughProxy(upstreamOf(row), this.target);
  }

  private recordCheck(row: ProxyRow, outcome: CheckOutcome): ProxyRow {
    const record = { status: outcome.status, status_message: outcome.message, last_checked: new Date().toISOString(), ip_address: outcome.ip };
    this.store.recordCheck(row.id, record);
    return { ...row, ...record };
  }

  assertUsable(orgId: string, proxyId: string, field = 'proxy_id'): void {
    const row = this.store.get(orgId, proxyId);
    if (!row) throw badRequest(`no proxy ${proxyId} in this organization (it may have been deleted)`, field);
    if (isManagedProxyType(row.type)) {
      throw badRequest(
        `proxy ${proxyId} is a ${row.type} proxy, which needs Kernel's managed proxy network; this local engine ` +
          'can route sessions only through custom proxies',
        field,
      );
    }
  }

  /** Starts the proxy's credential relay if it needs one; call before launchArgs. */
  async prepare(orgId: string, proxyId: string): Promise<void> {
    const row = this.store.get(orgId, proxyId);
    if (row && needsRelay(row)) await this.relayFor(row);
  }

  launchArgs(orgId: string, proxyId: string): string[] {
    this.assertUsable(orgId, proxyId);
    const row = this.store.get(orgId, proxyId)!;
    return this.argsFor(row);
  }

  private argsFor(row: ProxyRow): string[] {
    const cfg = configOf(row);
    let server = `${row.protocol}://${hostForUrl(cfg.host!)}:${cfg.port}`;
    if (needsRelay(row)) {
      const relay = this.ready.get(row.id);
      if (!relay) throw new Error(`the credential relay of proxy ${row.id} is not running; call prepare() first`);
      server = `http://127.0.0.1:${relay.port}`;
    }
    const args = [`--proxy-server=${server}`];
    const bypass = JSON.parse(row.bypass_hosts) as string[];
    if (bypass.length) args.push(`--proxy-bypass-list=${bypass.join(';')}`);
    return args;
  }

  private relayFor(row: ProxyRow): Promise<CredentialRelay> {
    let relay = this.relays.get(row.id);
    if (!relay) {
      relay = CredentialRelay.start(upstreamOf(row)).then((r) => {
        this.ready.set(row.id, r);
        return r;
      });
      relay.catch(() => this.relays.delete(row.id));
      this.relays.set(row.id, relay);
    }
    return relay;
  }

  /** Called when a session ends: a deleted proxy's relay goes once no running session uses it. */
  async sessionEnded(proxyId: string | null): Promise<void> {
    if (!proxyId) return;
    const row = this.store.byId(proxyId);
    if (row?.deleted_at) await this.releaseIfIdle(proxyId);
  }

  private async releaseIfIdle(proxyId: string): Promise<void> {
    const relay = this.relays.get(proxyId);
    if (!relay || this.store.inUse(proxyId)) return;
    this.relays.delete(proxyId);
    this.ready.delete(proxyId);
    await (await relay).close();
  }

  async close(): Promise<void> {
    const relays = [...this.relays.values()];
    this.relays.clear();
    this.ready.clear();
    await Promise.allSettled(relays.map(async (r) => (await r).close()));
    await this.target.close();
  }

  toApi(row: ProxyRow): Proxy {
    const cfg = configOf(row);
    const config = row.type === 'custom' ? { ...cfg, has_password: row.password !== null } : cfg;
    const obj: Proxy = {
      id: row.id,
      type: row.type,
      name: row.name,
      protocol: row.protocol,
      bypass_hosts: JSON.parse(row.bypass_hosts) as string[],
      config,
      status_message: row.status_message,
      created_at: row.created_at,
    };
    if (row.status) obj.status = row.status;
    if (row.last_checked) obj.last_checked = row.last_checked;
    if (row.ip_address) obj.ip_address = row.ip_address;
    return obj;
  }
}
