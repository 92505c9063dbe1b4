import 'server-only';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { serverEnv } from './env';

/** Reads a secret from the data directory, creating it (owner-only) on first use. */
function dataSecret(name: string, make: () => string): string {
  const dir = serverEnv().dataDir;
  const file = path.join(dir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const value = make();
    try {
      fs.writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
      return value;
    } catch {
      // Another process created it first: use theirs.
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}

/** DASHBOARD_PASSWORD, or the one generated on first start (the start script prints it with a login URL). */
export function dashboardPassword(): string {
  return serverEnv().dashboardPassword ?? dataSecret('dashboard-password', () => crypto.randomBytes(18).toString('base64url'));
}

export function cookieSecret(): string {
  return dataSecret('session-secret', () => crypto.randomBytes(32).toString('hex'));
}
