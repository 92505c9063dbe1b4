import type { PoolConfig } from '../../lib/schemas/pool';
import type { Db, Migration } from '../store/db';

export const poolMigrations: Migration[] = [
  {
    id: '070_browser_pools',
    sql: `
      CREATE TABLE browser_pools (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        name TEXT,
        size INTEGER NOT NULL,
        config TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX browser_pools_org_name ON browser_pools(org_id, name) WHERE name IS NOT NULL;
      CREATE INDEX browser_pools_org ON browser_pools(org_id, created_at);`,
  },
];

export interface PoolRow {
  id: string;
  org_id: string;
  name: string | null;
  size: number;
  /** JSON of PoolConfig without name (the name lives in its own column). */
  config: string;
  created_at: string;
  updated_at: string;
}

export function configOf(row: PoolRow): PoolConfig {
  const cfg = JSON.parse(row.config) as Omit<PoolConfig, 'size' | 'name'>;
  return row.name ? { size: row.size, name: row.name, ...cfg } : { size: row.size, ...cfg };
}

export class PoolStore {
  constructor(private readonly db: Db) {}

  insert(row: PoolRow): void {
    this.db
      .prepare(
        `INSERT INTO browser_pools (id, org_id, name, size, config, created_at, updated_at)
         VALUES (@id, @org_id, @name, @size, @config, @created_at, @updated_at)`,
      )
      .run(row);
  }

  /** A pool of the organization by id, else by name. */
  get(orgId: string, idOrName: string): PoolRow | undefined {
    return this.db
      .prepare(`SELECT * FROM browser_pools WHERE org_id = ? AND (id = ? OR name = ?) ORDER BY id = ? DESC LIMIT 1`)
      .get(orgId, idOrName, idOrName, idOrName) as PoolRow | undefined;
  }

  byId(id: string): PoolRow | undefined {
    return this.db.prepare('SELECT * FROM browser_pools WHERE id = ?').get(id) as PoolRow | undefined;
  }

  all(): PoolRow[] {
    return this.db.prepare('SELECT * FROM browser_pools ORDER BY created_at, id').all() as PoolRow[];
  }

  nameTaken(orgId: string, name: string, exceptId?: string): boolean {
    return !!this.db
      .prepare('SELECT 1 FROM browser_pools WHERE org_id = ? AND name = ? AND id IS NOT ?')
      .get(orgId, name, exceptId ?? null);
  }

  /** The sum of the organization's pool sizes, leaving out one pool (the one being updated). */
  sumSizes(orgId: string, exceptId?: string): number {
    return this.db
      .prepare('SELECT COALESCE(SUM(size), 0) FROM browser_pools WHERE org_id = ? AND id IS NOT ?')
      .pluck()
      .get(orgId, exceptId ?? null) as number;
  }

  list(orgId: string, filter: { name?: string; query?: string }, limit: number, offset: number) {
    const where = `org_id = @orgId AND (@name IS NULL OR name = @name)
      AND (@like IS NULL OR id LIKE @like ESCAPE '\\' OR name LIKE @like ESCAPE '\\')`;
    const like = filter.query ? `%${filter.query.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
    const params = { orgId, name: filter.name ?? null, like, limit, offset };
    const total = this.db.prepare(`SELECT COUNT(*) FROM browser_pools WHERE ${where}`).pluck().get(params) as number;
    const rows = this.db
      .prepare(`SELECT * FROM browser_pools WHERE ${where} ORDER BY created_at, id LIMIT @limit OFFSET @offset`)
      .all(params) as PoolRow[];
    return { rows, total };
  }

  update(id: string, config: PoolConfig): void {
    const { name, size, ...rest } = config;
    this.db
      .prepare('UPDATE browser_pools SET name = ?, size = ?, config = ?, updated_at = ? WHERE id = ?')
      .run(name ?? null, size, JSON.stringify(rest), new Date().toISOString(), id);
  }

  delete(id: string): void {
    this.db.prepare('DELETE FROM browser_pools WHERE id = ?').run(id);
  }
}

export function newPoolRow(id: string, orgId: string, config: PoolConfig): PoolRow {
  const { name, size, ...rest } = config;
  const now = new Date().toISOString();
  return { id, org_id: orgId, name: name ?? null, size, config: JSON.stringify(rest), created_at: now, updated_at: now };
}
