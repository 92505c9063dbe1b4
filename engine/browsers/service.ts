import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserCreate } from '../../lib/schemas/browser';
import { BROWSER_TIMEOUT } from '../../lib/schemas/browser';
import { DEFAULT_VIEWPORT } from '../../lib/schemas/viewport';
import type { EngineConfig } from '../config';
import { conflict, HttpError, notFound } from '../http/errors';
import { newId } from '../orgs/orgs';
import type { Db } from '../store/db';
import { cdpCall } from './cdp';
import { findChromium, killGroup, launchChromium, type LaunchedChromium } from './chromium';
import { SessionStore, viewportOf, type SessionRow } from './sessions';

/** Folders every session's filesystem starts with; Chromium saves downloads into /downloads. */
export const SESSION_DIRS = ['downloads', 'tmp', 'home'];

export interface LiveSession {
  id: string;
  orgId: string;
  /** The session's filesystem root: the "/" that fs, process and downloads agree on. */
  root: string;
  dir: string;
  chromium: LaunchedChromium;
  lastActivity: number;
  /** Open CDP, live-view and stream connections; a held session never times out. */
  holds: number;
  /** Idle time after which the session is destroyed; null while it must not time out (an idle pool browser). */
  idleTimeoutMs: number | null;
}

export interface CreateOptions {
  poolId?: string;
  listed?: boolean;
  idleTimeout?: boolean;
}

type BeforeCreate = (orgId: string, input: BrowserCreate) => Promise<{ args?: string[] } | void> | { args?: string[] } | void;
type OnDelete = (session: LiveSession | undefined, row: SessionRow) => Promise<void> | void;
type Decorate = (row: SessionRow, obj: Record<string, unknown>) => void;

export class BrowserService {
  readonly store: SessionStore;
  private readonly live = new Map<string, LiveSession>();
  private readonly launching = new Set<Promise<unknown>>();
  private executable?: Promise<string>;
  private reaper?: NodeJS.Timeout;
  publicUrl = '';
  readonly hooks = { beforeCreate: [] as BeforeCreate[], onDelete: [] as OnDelete[], decorate: [] as Decorate[] };

  constructor(
    private readonly config: EngineConfig,
    db: Db,
  ) {
    this.store = new SessionStore(db);
  }

  /** Sessions whose Chromium died with a previous engine process are over: mark them deleted and clean up. */
  recover(): void {
    for (const id of this.store.activeIds()) {
      this.store.markDeleted(id);
      fs.rmSync(this.sessionDir(id), { recursive: true, force: true });
    }
    this.reaper = setInterval(() => void this.reapIdle(), this.config.reaperIntervalMs);
    this.reaper.unref();
  }

  sessionDir(id: string): string {
    return path.join(this.config.dataDir, 'sessions', id);
  }

  chromiumPath(): Promise<string> {
    this.executable ??= findChromium(this.config.chromePath);
    return this.executable;
  }

  async create(orgId: string, input: BrowserCreate, opts: CreateOptions = {}): Promise<SessionRow> {
    if (input.name && this.store.activeNameTaken(orgId, input.name)) {
      throw conflict(`name: a session named "${input.name}" is already active`);
    }
    if (input.persistence && this.store.byPersistentId(orgId, input.persistence.id)) {
      throw conflict(`persistence.id: a session with persistent id "${input.persistence.id}" is already active`);
    }
    const extraArgs: string[] = [];
    for (const hook of this.hooks.beforeCreate) {
      const res = await hook(orgId, input);
      if (res?.args) extraArgs.push(...res.args);
    }
    let executable: string;
    try {
      executable = await this.chromiumPath();
    } catch (err) {
      this.executable = undefined;
      throw new HttpError(503, (err as Error).message);
    }
    const id = newId();
    const viewport = input.viewport ?? DEFAULT_VIEWPORT;
    const dir = this.sessionDir(id);
    const root = path.join(dir, 'fs');
    for (const d of SESSION_DIRS) fs.mkdirSync(path.join(root, d), { recursive: true });
    const launch = launchChromium({
      executable,
      userDataDir: path.join(dir, 'profile'),
      width: viewport.width,
      height: viewport.height,
      headless: input.headless ?? false,
      stealth: input.stealth ?? false,
      kiosk: input.kiosk_mode ?? false,
      startUrl: input.start_url,
      extraArgs,
    });
    this.launching.add(launch);
    let chromium: LaunchedChromium;
    try {
      chromium = await launch;
    } catch (err) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new HttpError(503, `could not start Chromium: ${(err as Error).message.split('\n')[0]}`);
    } finally {
      this.launching.delete(launch);
    }
    const row: SessionRow = {
      id,
      org_id: orgId,
      name: input.name ?? null,
      persistent_id: input.persistence?.id ?? null,
      pool_id: opts.poolId ?? null,
      proxy_id: input.proxy_id ?? null,
      headless: input.headless ? 1 : 0,
      stealth: input.stealth ? 1 : 0,
      kiosk_mode: input.kiosk_mode ? 1 : 0,
      timeout_seconds: input.timeout_seconds ?? BROWSER_TIMEOUT.default,
      viewport: JSON.stringify(viewport),
      start_url: input.start_url ?? null,
      tags: input.tags ? JSON.stringify(input.tags) : null,
      listed: opts.listed === false ? 0 : 1,
      cdp_token: crypto.randomBytes(24).toString('base64url'),
      created_at: new Date().toISOString(),
      deleted_at: null,
    };
    const session: LiveSession = {
      id,
      orgId,
      root,
      dir,
      chromium,
      lastActivity: Date.now(),
      holds: 0,
      idleTimeoutMs: opts.idleTimeout === false ? null : row.timeout_seconds * 1000,
    };
    try {
      await cdpCall(chromium.wsEndpoint, 'Browser.setDownloadBehavior', {
        behavior: 'allow',
        downloadPath: path.join(root, 'downloads'),
        eventsEnabled: true,
      });
      this.store.insert(row);
    } catch (err) {
      killGroup(chromium.proc);
      fs.rmSync(dir, { recursive: true, force: true });
      if (/UNIQUE/.test(String(err))) throw conflict('name: a session with that name is already active');
      throw err;
    }
    this.live.set(id, session);
    // A Chromium that dies on its own ends its session.
    void chromium.exited.then(() => {
      if (this.live.get(id) === session) void this.destroy(id);
    });
    return row;
  }

  get(orgId: string, idOrName: string, includeDeleted = false): SessionRow {
    const row = this.store.get(orgId, idOrName, includeDeleted);
    if (!row) throw notFound(`browser session ${idOrName}`);
    return row;
  }

  /** The running session behind an id, for the fs, process and computer endpoints (404 otherwise). */
  liveFor(orgId: string, id: string): LiveSession {
    const s = this.live.get(id);
    if (!s || s.orgId !== orgId) throw notFound(`browser session ${id}`);
    return s;
  }

  liveById(id: string): LiveSession | undefined {
    return this.live.get(id);
  }

  touch(id: string): void {
    const s = this.live.get(id);
    if (s) s.lastActivity = Date.now();
  }

  /** Marks a long-lived connection to the session; call the result when it closes. */
  hold(id: string): () => void {
    const s = this.live.get(id);
    if (!s) return () => {};
    s.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      s.holds--;
      s.lastActivity = Date.now();
    };
  }

  setIdleTimeout(id: string, ms: number | null): void {
    const s = this.live.get(id);
    if (s) {
      s.idleTimeoutMs = ms;
      s.lastActivity = Date.now();
    }
  }

  /** Tears a session down: hooks (processes, pools), Chromium's whole process group, then its files. */
  async destroy(id: string): Promise<void> {
    const row = this.store.byId(id);
    const session = this.live.get(id);
    this.live.delete(id);
    if (row && !row.deleted_at) this.store.markDeleted(id);
    if (row) {
      for (const hook of this.hooks.onDelete) {
        try {
          await hook(session, row);
        } catch (err) {
          console.error(`[engine] cleanup of session ${id} failed`, err);
        }
      }
    }
    if (session) {
      killGroup(session.chromium.proc);
      await Promise.race([session.chromium.exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    await fs.promises.rm(this.sessionDir(id), { recursive: true, force: true, maxRetries: 3 });
  }

  async reapIdle(now = Date.now()): Promise<void> {
    for (const s of [...this.live.values()]) {
      if (s.holds > 0 || s.idleTimeoutMs === null) continue;
      if (now - s.lastActivity > s.idleTimeoutMs) await this.destroy(s.id);
    }
  }

  liveCount(): number {
    return this.live.size;
  }

  async close(): Promise<void> {
    if (this.reaper) clearInterval(this.reaper);
    await Promise.allSettled([...this.launching]);
    await Promise.all([...this.live.keys()].map((id) => this.destroy(id)));
  }

  toApi(row: SessionRow): Record<string, unknown> {
    const base = this.publicUrl;
    const wsBase = base.replace(/^http/, 'ws');
    const obj: Record<string, unknown> = {
      session_id: row.id,
      cdp_ws_url: row.deleted_at ? '' : `${wsBase}/browsers/${row.id}/cdp?jwt=${row.cdp_token}`,
      webdriver_ws_url: '',
      created_at: row.created_at,
      headless: row.headless === 1,
      stealth: row.stealth === 1,
      kiosk_mode: row.kiosk_mode === 1,
      timeout_seconds: row.timeout_seconds,
      viewport: viewportOf(row),
      name: row.name,
      proxy_id: row.proxy_id,
      start_url: row.start_url,
      tags: row.tags ? JSON.parse(row.tags) : null,
    };
    if (row.persistent_id) obj.persistence = { id: row.persistent_id };
    if (row.deleted_at) obj.deleted_at = row.deleted_at;
    for (const d of this.hooks.decorate) d(row, obj);
    return obj;
  }
}
