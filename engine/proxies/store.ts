import type { ProxyConfigOut, ProxyProtocol, ProxyStatus, ProxyType } from '../../lib/schemas/proxy';
import type { Db, Migration } from '../store/db';

export const proxyMigrations: Migration[] = [
  {
    id: '030_proxies',
    sql: `
      CREATE TABLE proxies (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        name TEXT,
        type TEXT NOT NULL,
        protocol TEXT NOT NULL,
        bypass_hosts TEXT NOT NULL,
        config TEXT NOT NULL,
        password TEXT,
        status TEXT,
        status_message TEXT,
        last_checked TEXT,
        ip_address TEXT,
        created_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX proxies_org ON proxies(org_id, deleted_at, created_at);`,
  },
];

export interface ProxyRow {
  id: string;
  org_id: string;
  name: string | null;
  type: ProxyType;
  protocol: ProxyProtocol;
  /** JSON array of hostnames. */
  bypass_hosts: string;
  /** JSON of the config without the password. */
  config: string;
  /** The custom proxy's password: write-only through the API, read only to reach the proxy. */
  password: string | null;
  status: ProxyStatus | null;
  status_message: string | null;
  last_checked: string | null;
  ip_address: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface CheckRecord {
  status: ProxyStatus;
  status_message: string | null;
  last_checked: string;
  ip_address: string | null;
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

export class ProxyStore {
  constructor(private readonly db: Db) {}

  insert(row: ProxyRow): void {
    this.db
      .prepare(
        `INSERT INTO proxies (id, org_id, name, type, protocol, bypass_hosts, config, password, status, status_message,
          last_checked, ip_address, created_at, deleted_at)
         VALUES (@id, @org_id, @name, @type, @protocol, @bypass_hosts, @config, @password, @status, @status_message,
          @last_checked, @ip_address, @created_at, @deleted_at)`,
      )
      .run(row);
  }

  /** A live (not deleted) proxy of the organization. */
  get(orgId: string, id: string): ProxyRow | undefined {
    return this.db.prepare('SELECT * FROM proxies WHERE org_id = ? AND id = ? AND deleted_at IS NULL').get(orgId, id) as
      | ProxyRow
      | undefined;
  }

  /** Any proxy, deleted or not: sessions that used a deleted proxy keep routing through it. */
  byId(id: string): ProxyRow | undefined {
    return this.db.prepare('SELECT * FROM proxies WHERE id = ?').get(id) as ProxyRow | undefined;
  }

  live(): ProxyRow[] {
    return this.db.prepare('SELECT * FROM proxies WHERE deleted_at IS NULL').all() as ProxyRow[];
  }

  list(orgId: string, opts: { query?: string; name?: string; limit: number; offset: number }) {
    // query: substring of name, host or IP (case-insensitive), or an exact id.
    const where = `org_id = @orgId AND deleted_at IS NULL
      AND (@name IS NULL OR name = @name COLLATE NOCASE)
      AND (@q IS NULL OR id = @q OR name LIKE @like ESCAPE '\\' OR ip_address LIKE @like ESCAPE '\\'
           OR json_extract(config, '$.host') LIKE @like ESCAPE '\\')`;
    const params = {
      orgId,
      name: opts.name ?? null,
      q: opts.query || null,
      like: opts.query ? like(opts.query) : null,
      limit: opts.limit,
      offset: opts.offset,
    };
    const total = this.db.prepare(`SELECT COUNT(*) FROM proxies WHERE ${where}`).pluck().get(params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM proxies WHERE ${where} ORDER BY created_at DESC, id LIMIT @limit OFFSET @offset`)
      .all(params) as ProxyRow[];
    return { rows, total };
  }

  rename(id: string, name: string): void {
    this.db.prepare('UPDATE proxies SET name = ? WHERE id = ?').run(name, id);
  }

  recordCheck(id: string, check: CheckRecord): void {
    this.db
      .prepare(
        `UPDATE proxies SET status = @status, status_message = @status_message, last_checked = @last_checked,
          ip_address = @ip_address WHERE id = @id`,
      )
      .run({ id, ...check });
  }

  markDeleted(id: string, at = new Date().toISOString()): void {
    this.db.prepare('UPDATE proxies SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id);
  }

  /** Whether a running session still names this proxy (sessions belong to the browsers module). */
  inUse(id: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM sessions WHERE proxy_id = ? AND deleted_at IS NULL LIMIT 1').get(id);
  }
}

export function configOf(row: ProxyRow): ProxyConfigOut {
  return JSON.parse(row.config) as ProxyConfigOut;
}
