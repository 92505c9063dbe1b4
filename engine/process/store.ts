import type { Db, Migration } from '../store/db';

export const processMigrations: Migration[] = [
  {
    id: 'processes_001',
    sql: `
      CREATE TABLE processes (
        id TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        session_id TEXT NOT NULL REFERENCES sessions(id),
        kind TEXT NOT NULL CHECK (kind IN ('spawn', 'exec')),
        command TEXT NOT NULL,
        args TEXT NOT NULL,
        cwd TEXT NOT NULL,
        pid INTEGER NOT NULL,
        sandboxed INTEGER NOT NULL,
        started_at TEXT NOT NULL,
        ended_at TEXT,
        exit_code INTEGER
      );
      CREATE INDEX processes_session ON processes(session_id, started_at);`,
  },
];

export interface ProcessRow {
  id: string;
  org_id: string;
  session_id: string;
  kind: 'spawn' | 'exec';
  command: string;
  args: string;
  cwd: string;
  pid: number;
  sandboxed: number;
  started_at: string;
  ended_at: string | null;
  exit_code: number | null;
}

export class ProcessStore {
  constructor(private readonly db: Db) {}

  insert(row: ProcessRow): void {
    this.db
      .prepare(
        `INSERT INTO processes (id, org_id, session_id, kind, command, args, cwd, pid, sandboxed, started_at, ended_at, exit_code)
         VALUES (@id, @org_id, @session_id, @kind, @command, @args, @cwd, @pid, @sandboxed, @started_at, @ended_at, @exit_code)`,
      )
      .run(row);
  }

  markExited(id: string, exitCode: number, at = new Date().toISOString()): void {
    this.db.prepare('UPDATE processes SET exit_code = ?, ended_at = ? WHERE id = ? AND ended_at IS NULL').run(exitCode, at, id);
  }

  get(orgId: string, sessionId: string, id: string): ProcessRow | undefined {
    return this.db
      .prepare('SELECT * FROM processes WHERE org_id = ? AND session_id = ? AND id = ?')
      .get(orgId, sessionId, id) as ProcessRow | undefined;
  }

  list(orgId: string, sessionId: string, limit: number, offset: number): { rows: ProcessRow[]; total: number } {
    const total = this.db
      .prepare('SELECT COUNT(*) FROM processes WHERE org_id = ? AND session_id = ?')
      .pluck()
      .get(orgId, sessionId) as number;
    const rows = this.db
      .prepare('SELECT * FROM processes WHERE org_id = ? AND session_id = ? ORDER BY started_at DESC, id LIMIT ? OFFSET ?')
      .all(orgId, sessionId, limit, offset) as ProcessRow[];
    return { rows, total };
  }

  /** Processes a previous engine left running died with it (or with their session): close their rows. */
  closeOrphans(at = new Date().toISOString()): number {
    return this.db.prepare('UPDATE processes SET ended_at = ?, exit_code = -1 WHERE ended_at IS NULL').run(at).changes;
  }
}
