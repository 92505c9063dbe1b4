import type { Db, Migration } from '../store/db';
import type { Viewport } from '../../lib/schemas/viewport';

export const sessionMigrations: Migration[] = [
  {
    id: '010_sessions',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        name TEXT,
        persistent_id TEXT,
        pool_id TEXT,
        proxy_id TEXT,
        headless INTEGER NOT NULL,
        stealth INTEGER NOT NULL,
        kiosk_mode INTEGER NOT NULL,
        timeout_seconds INTEGER NOT NULL,
        viewport TEXT NOT NULL,
        start_url TEXT,
        tags TEXT,
        listed INTEGER NOT NULL DEFAULT 1,
        cdp_token TEXT NOT NULL,
        created_at TEXT NOT NULL,
        deleted_at TEXT
      );
      CREATE INDEX sessions_org ON sessions(org_id, deleted_at, created_at);
      CREATE UNIQUE INDEX sessions_active_name ON sessions(org_id, name) WHERE deleted_at IS NULL AND name IS NOT NULL;
      CREATE UNIQUE INDEX sessions_active_persistent ON sessions(org_id, persistent_id)
        WHERE deleted_at IS NULL AND persistent_id IS NOT NULL;`,
  },
];

export interface SessionRow {
  id: string;
  org_id: string;
  name: string | null;
  persistent_id: string | null;
  pool_id: string | null;
  proxy_id: string | null;
  headless: number;
  stealth: number;
  kiosk_mode: number;
  timeout_seconds: number;
  viewport: string;
  start_url: string | null;
  tags: string | null;
  listed: number;
  cdp_token: string;
  created_at: string;
  deleted_at: string | null;
}

export type SessionStatusFilter = 'active' | 'deleted' | 'all';

const STATUS_SQL: Record<SessionStatusFilter, string> = {
  active: 'deleted_at IS NULL',
  deleted: 'deleted_at IS NOT NULL',
  all: '1 = 1',
};

export class SessionStore {
  constructor(private readonly db: Db) {}

  insert(row: SessionRow): void {
    this.db
      .prepare(
        `INSERT INTO sessions (id, org_id, name, persistent_id, pool_id, proxy_id, headless, stealth, kiosk_mode,
          timeout_seconds, viewport, start_url, tags, listed, cdp_token, created_at, deleted_at)
         VALUES (@id, @org_id, @name, @persistent_id, @pool_id, @proxy_id, @headless, @stealth, @kiosk_mode,
          @timeout_seconds, @viewport, @start_url, @tags, @listed, @cdp_token, @created_at, @deleted_at)`,
      )
      .run(row);
  }

  get(orgId: string, id: string, includeDeleted = false): SessionRow | undefined {
    return this.db
      .prepare(`SELECT * FROM sessions WHERE org_id = ? AND (id = ? OR (name = ? AND deleted_at IS NULL))
                ${includeDeleted ? '' : 'AND deleted_at IS NULL'} ORDER BY deleted_at IS NOT NULL LIMIT 1`)
      .get(orgId, id, id) as SessionRow | undefined;
  }

  byId(id: string): SessionRow | undefined {
    return this.db.prepare('SELECT * FROM sessions WHERE id = ?').get(id) as SessionRow | undefined;
  }

  byPersistentId(orgId: string, persistentId: string): SessionRow | undefined {
    return this.db
      .prepare('SELECT * FROM sessions WHERE org_id = ? AND persistent_id = ? AND deleted_at IS NULL')
      .get(orgId, persistentId) as SessionRow | undefined;
  }

  activeNameTaken(orgId: string, name: string): boolean {
    return !!this.db.prepare('SELECT 1 FROM sessions WHERE org_id = ? AND name = ? AND deleted_at IS NULL').get(orgId, name);
  }

  list(orgId: string, status: SessionStatusFilter, query: string | undefined, limit: number, offset: number) {
    const where = `org_id = @orgId AND listed = 1 AND ${STATUS_SQL[status]}
      AND (@q IS NULL OR id LIKE @like ESCAPE '\\' OR name LIKE @like ESCAPE '\\' OR proxy_id = @q
           OR persistent_id = @q OR pool_id = @q)`;
    const like = query ? `%${query.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
    const params = { orgId, q: query ?? null, like, limit, offset };
    const total = this.db.prepare(`SELECT COUNT(*) FROM sessions WHERE ${where}`).pluck().get(params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM sessions WHERE ${where} ORDER BY created_at DESC, id LIMIT @limit OFFSET @offset`)
      .all(params) as SessionRow[];
    return { rows, total };
  }

  activeIds(): string[] {
    return this.db.prepare('SELECT id FROM sessions WHERE deleted_at IS NULL').pluck().all() as string[];
  }

  markDeleted(id: string, at = new Date().toISOString()): void {
    this.db.prepare('UPDATE sessions SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id);
  }

  setListed(id: string, listed: boolean): void {
    this.db.prepare('UPDATE sessions SET listed = ? WHERE id = ?').run(listed ? 1 : 0, id);
  }

  setLeaseFields(id: string, fields: { name?: string | null; tags?: string | null }): void {
    this.db.prepare('UPDATE sessions SET name = @name, tags = @tags WHERE id = @id').run({ id, name: fields.name ?? null, tags: fields.tags ?? null });
  }
}

export function viewportOf(row: SessionRow): Viewport {
  return JSON.parse(row.viewport) as Viewport;
}
