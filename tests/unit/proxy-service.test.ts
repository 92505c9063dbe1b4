import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMigrations } from '@/engine/browsers/sessions';
import { HttpError } from '@/engine/http/errors';
import { orgMigrations, Orgs } from '@/engine/orgs/orgs';
import { ProxyService } from '@/engine/proxies/service';
import { proxyMigrations } from '@/engine/proxies/store';
import { openDb, type Db } from '@/engine/store/db';
import { proxyCreateSchema } from '@/lib/schemas/proxy';
import { startForwardingProxy, type ForwardingProxy } from '../support/forwarding-proxy';

let dir: string;
let db: Db;
let svc: ProxyService;
let orgId: string;
let otherOrg: string;
let upstream: ForwardingProxy;

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });

function insertSession(id: string, proxyId: string) {
  db.prepare(
    `INSERT INTO sessions (id, org_id, proxy_id, headless, stealth, kiosk_mode, timeout_seconds, viewport, cdp_token, created_at)
     VALUES (?, ?, ?, 1, 0, 0, 60, '{}', 't', ?)`,
  ).run(id, orgId, proxyId, new Date().toISOString());
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-proxy-svc-'));
  db = openDb(dir, [...orgMigrations, ...sessionMigrations, ...proxyMigrations]);
  const orgs = new Orgs(db);
  orgId = orgs.ensureOrg('a');
  otherOrg = orgs.ensureOrg('b');
  upstream = await startForwardingProxy({ credentials: { username: 'u', password: 'secret' } });
  svc = new ProxyService(db, '127.0.0.1');
  await svc.init();
});

afterAll(async () => {
  await svc.close();
  await upstream.close();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const create = (org: string, input: unknown) => svc.create(org, proxyCreateSchema.parse(input));

describe('ProxyService', () => {
  it('gives Chromium the proxy directly when it needs no credentials, with the bypass list', async () => {
    const p = await create(orgId, { type: 'custom', protocol: 'https', bypass_hosts: ['a.example', '*.b.example'], config: { host: '::1', port: 8443 } });
    expect(svc.launchArgs(orgId, p.id)).toEqual(['--proxy-server=https://[::1]:8443', '--proxy-bypass-list=a.example;*.b.example']);
  });

  it('refuses ids that are unknown, of another organization, deleted or managed, naming the field', async () => {
    const mine = await create(orgId, { type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: upstream.port } });
    const managed = await create(orgId, { type: 'residential' });
    const expect400 = (fn: () => void, pattern: RegExp) => {
      try {
        fn();
        throw new Error('expected a refusal');
      } catch (err) {
        expect(err).toBeInstanceOf(HttpError);
        expect((err as HttpError).status).toBe(400);
        expect((err as HttpError).message).toMatch(pattern);
      }
    };
    expect400(() => svc.assertUsable(otherOrg, mine.id), /^proxy_id: no proxy/);
    expect400(() => svc.assertUsable(orgId, 'proxy_missing', 'pool.proxy_id'), /^pool\.proxy_id: no proxy proxy_missing/);
    expect400(() => svc.assertUsable(orgId, managed.id), /^proxy_id: .* residential proxy/);
    await svc.delete(orgId, mine.id);
    expect400(() => svc.assertUsable(orgId, mine.id), /^proxy_id: no proxy/);
  });

  it('keeps a deleted proxy\'s credential relay while a session uses it, and closes it after', async () => {
    const p = await create(orgId, { type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: upstream.port, username: 'u', password: 'secret' } });
    expect(p.status).toBe('available');
    const [arg] = svc.launchArgs(orgId, p.id);
    const port = Number(/^--proxy-server=http:\/\/127\.0\.0\.1:(\d+)$/.exec(arg!)?.[1]);
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(upstream.port);
    insertSession('sess_1', p.id);

    await svc.delete(orgId, p.id);
    expect(await canConnect(port)).toBe(true);

    db.prepare('UPDATE sessions SET deleted_at = ? WHERE id = ?').run(new Date().toISOString(), 'sess_1');
    await svc.sessionEnded(p.id);
    expect(await canConnect(port)).toBe(false);
  });

  it('never returns the password and says whether there is one', async () => {
    const p = await create(orgId, { type: 'custom', protocol: 'http', config: { host: '127.0.0.1', port: upstream.port, username: 'u', password: 'secret' } });
    const api = svc.toApi(p);
    expect(api.config).toEqual({ host: '127.0.0.1', port: upstream.port, username: 'u', has_password: true });
    expect(JSON.stringify(api)).not.toContain('secret');
  });
});
