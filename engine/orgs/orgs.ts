import crypto from 'node:crypto';
import type { Db, Migration } from '../store/db';

export const orgMigrations: Migration[] = [
  {
    id: '001_orgs',
    sql: `
      CREATE TABLE orgs (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL);
      CREATE TABLE api_keys (
        key_hash TEXT PRIMARY KEY,
        org_id TEXT NOT NULL REFERENCES orgs(id),
        created_at TEXT NOT NULL
      );`,
  },
];

export const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

export function newId(prefix = ''): string {
  // 20 chars of base36: unguessable and safe in a URL path.
  const bytes = crypto.randomBytes(16);
  let out = '';
  for (const b of bytes) out += (b % 36).toString(36);
  return prefix + out.slice(0, 20);
}

export class Orgs {
  constructor(private readonly db: Db) {}

  ensureOrg(name: string): string {
    const existing = this.db.prepare('SELECT id FROM orgs WHERE name = ?').pluck().get(name) as string | undefined;
    if (existing) return existing;
    const id = newId('org_');
    this.db.prepare('INSERT INTO orgs (id, name, created_at) VALUES (?, ?, ?)').run(id, name, new Date().toISOString());
    return id;
  }

  /** Creates an API key for the named organization (creating the organization if new); returns the key. */
  createKey(orgName: string): { orgId: string; key: string } {
    const orgId = this.ensureOrg(orgName);
    const key = `sk_local_${crypto.randomBytes(24).toString('base64url')}`;
    this.db
      .prepare('INSERT INTO api_keys (key_hash, org_id, created_at) VALUES (?, ?, ?)')
      .run(hashKey(key), orgId, new Date().toISOString());
    return { orgId, key };
  }

  /** The organization a bearer token belongs to, or undefined. Looked up by hash, never compared as text. */
  orgForKey(key: string): string | undefined {
    return this.db.prepare('SELECT org_id FROM api_keys WHERE key_hash = ?').pluck().get(hashKey(key)) as string | undefined;
  }
}
