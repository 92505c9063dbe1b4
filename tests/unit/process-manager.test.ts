import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMigrations, SessionStore } from '@/engine/browsers/sessions';
import { orgMigrations, Orgs } from '@/engine/orgs/orgs';
import { ProcessManager, type ProcessSession } from '@/engine/process/manager';
import { groupMembers } from '@/engine/process/proc-stats';
import { Sandbox } from '@/engine/process/sandbox';
import { processMigrations, ProcessStore } from '@/engine/process/store';
import { openDb, type Db } from '@/engine/store/db';

const probe = Sandbox.probe();
const modes = [
  { name: 'without bubblewrap', sandbox: undefined as Sandbox | undefined },
  ...(probe.sandbox ? [{ name: 'inside bubblewrap', sandbox: probe.sandbox }] : []),
];

let dir: string;
let db: Db;
let orgId: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-proc-unit-'));
  db = openDb(dir, [...orgMigrations, ...sessionMigrations, ...processMigrations]);
  orgId = new Orgs(db).ensureOrg('unit');
});

afterAll(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function newSession(): ProcessSession {
  const id = `s${Math.random().toString(36).slice(2, 12)}`;
  const root = path.join(dir, id, 'fs');
  for (const d of ['downloads', 'tmp', 'home']) fs.mkdirSync(path.join(root, d), { recursive: true });
  new SessionStore(db).insert({
    id, org_id: orgId, name: null, persistent_id: null, pool_id: null, proxy_id: null, headless: 1, stealth: 0,
    kiosk_mode: 0, timeout_seconds: 60, viewport: '{}', start_url: null, tags: null, listed: 1, cdp_token: 'x',
    created_at: new Date().toISOString(), deleted_at: null,
  });
  return { id, orgId, root };
}

const text = (r: { stdout_b64: string }) => Buffer.from(r.stdout_b64, 'base64').toString();

describe.each(modes)('processes $name', ({ sandbox }) => {
  const manager = () => new ProcessManager(new ProcessStore(db), { sandbox });

  it('starts in the session root and writes files where the file browser sees them', async () => {
    const s = newSession();
    const m = manager();
    const r = await m.exec(s, { command: 'sh', args: ['-c', 'pwd; echo hi > downloads/a.txt; echo "$GREETING"'], env: { GREETING: 'hello' } });
    const [pwd, greeting] = text(r).trim().split('\n');
    expect(pwd).toBe(sandbox ? '/' : fs.realpathSync(s.root));
    expect(greeting).toBe('hello');
    expect(fs.readFileSync(path.join(s.root, 'downloads/a.txt'), 'utf8')).toBe('hi\n');
    const sub = await m.exec(s, { command: 'pwd', cwd: '/downloads' });
    expect(text(sub).trim()).toBe(sandbox ? '/downloads' : fs.realpathSync(path.join(s.root, 'downloads')));
    // Mount points the sandbox needed are gone again once nothing runs.
    expect(fs.readdirSync(s.root).sort()).toEqual(['downloads', 'home', 'tmp']);
  });

  it('reports exit codes: 0, 3, and -1 for a process ended by a signal', async () => {
    const s = newSession();
    const m = manager();
    expect((await m.exec(s, { command: 'true' })).exit_code).toBe(0);
    expect((await m.exec(s, { command: 'sh', args: ['-c', 'exit 3'] })).exit_code).toBe(3);
    const p = await m.spawn(s, { command: 'sleep', args: ['1000'] });
    expect(m.status(p).state).toBe('running');
    expect(p.signal('TERM')).toBe(true);
    expect(await p.done).toBe(-1);
    expect(m.status(p)).toMatchObject({ state: 'exited', exit_code: -1 });
    expect(p.signal('TERM')).toBe(false);
  });

  it('lets a process handle a signal itself', async () => {
    const s = newSession();
    const m = manager();
    const p = await m.spawn(s, { command: 'sh', args: ['-c', 'trap "echo bye; exit 7" TERM; echo ready; while :; do sleep 0.05; done'] });
    await new Promise<void>((resolve) => {
      const off = p.log.onChange(() => p.log.totalBytes > 0 && (off(), resolve()));
    });
    p.signal('TERM');
    expect(await p.done).toBe(7);
    const r = p.log.read({ index: 0, offset: 0 }, Infinity);
    expect(r.chunks.map((c) => c.data.toString()).join('')).toMatch(/^ready\n(.|\n)*bye\n/);
  });

  it('delivers the exit event even when a background child keeps the output pipe open', async () => {
    const s = newSession();
    const m = manager();
    const p = await m.spawn(s, { command: 'sh', args: ['-c', 'sleep 30 & echo started'] });
    expect(await p.done).toBe(0);
    expect(p.log.read({ index: 0, offset: 0 }).chunks.map((c) => c.data.toString()).join('')).toBe('started\n');
    await m.killSession(s.id);
    await expect.poll(() => groupMembers(p.pid).length).toBe(0);
  });

  it('kills the whole process group when the session goes, and honours timeout_sec', async () => {
    const s = newSession();
    const m = manager();
    const p = await m.spawn(s, { command: 'sh', args: ['-c', 'sleep 1000 & sleep 1000'] });
    await expect.poll(() => groupMembers(p.pid).length).toBeGreaterThanOrEqual(3);
    await m.killSession(s.id);
    expect(p.exitCode).toBe(-1);
    await expect.poll(() => groupMembers(p.pid).length).toBe(0);

    const t = await m.spawn(s, { command: 'sleep', args: ['1000'], timeout_sec: 1 });
    expect(await t.done).toBe(-1);
    expect(t.timedOut).toBe(true);
  });

  it('writes standard input and closes it on EOF', async () => {
    const s = newSession();
    const m = manager();
    const p = await m.spawn(s, { command: 'cat' });
    expect(await p.writeStdin(Buffer.from('é\n'), false)).toBe(3);
    expect(await p.writeStdin(Buffer.alloc(0), true)).toBe(0);
    expect(await p.done).toBe(0);
    expect(p.log.read({ index: 0, offset: 0 }).chunks[0]!.data.toString()).toBe('é\n');
    await expect(p.writeStdin(Buffer.from('x'), false)).rejects.toMatchObject({ status: 409 });
  });

  it('refuses what it cannot run with a 400 that names the field', async () => {
    const s = newSession();
    const m = manager();
    await expect(m.spawn(s, { command: 'no-such-command-here' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^command: /) });
    await expect(m.spawn(s, { command: 'ls', cwd: '/missing' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^cwd: /) });
    await expect(m.spawn(s, { command: 'ls', allocate_tty: true })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^allocate_tty: /) });
    await expect(m.spawn(s, { command: 'ls', as_user: 'nobody-else-123' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^as_user: /) });
  });
});
