import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { BrowserService } from './browsers/service';
import { loadEngineConfig, type EngineConfig } from './config';
import type { EngineContext, UpgradeHandler } from './context';
import { bearerAuth, type EngineEnv } from './http/auth';
import { errorResponse, HttpError } from './http/errors';
import { modules } from './modules';
import { orgMigrations, Orgs } from './orgs/orgs';
import { openDb } from './store/db';

export interface RunningEngine {
  url: string;
  apiKey: string;
  ctx: EngineContext;
  close(): Promise<void>;
}

export const DEFAULT_ORG = 'default';

/** The file the dashboard reads the embedded engine's address and key from (owner-only). */
export function engineInfoPath(dataDir: string): string {
  return path.join(dataDir, 'engine.json');
}

export function openContext(config: EngineConfig): EngineContext {
  const db = openDb(config.dataDir, [...orgMigrations, ...modules.flatMap((m) => m.migrations)]);
  return { config, db, orgs: new Orgs(db), browsers: new BrowserService(config, db), services: new Map() };
}

/** The organization key the dashboard uses: kept from the last start while it is still valid. */
function dashboardKey(ctx: EngineContext): string {
  const file = engineInfoPath(ctx.config.dataDir);
  try {
    const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { api_key?: string };
    if (info.api_key && ctx.orgs.orgForKey(info.api_key)) return info.api_key;
  } catch {
    /* first start */
  }
  return ctx.orgs.createKey(DEFAULT_ORG).key;
}

export function buildApp(ctx: EngineContext): Hono<EngineEnv> {
  const app = new Hono<EngineEnv>();
  app.onError((err, c) => errorResponse(c, err));
  app.notFound((c) => errorResponse(c, new HttpError(404, `no route for ${c.req.method} ${c.req.path}`)));
  app.get('/health', (c) => c.json({ ok: true }));
  for (const m of modules) m.publicRoutes?.(app, ctx);
  app.use('*', bearerAuth(ctx.orgs));
  for (const m of modules) m.routes?.(app, ctx);
  return app;
}

export async function startEngine(overrides: Partial<EngineConfig> = {}): Promise<RunningEngine> {
  const config = loadEngineConfig(overrides);
  const ctx = openContext(config);
  for (const m of modules) await m.init?.(ctx);
  const app = buildApp(ctx);
  const upgrades: UpgradeHandler[] = modules.flatMap((m) => m.upgrades?.(ctx) ?? []);

  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(s as Server));
    (s as Server).once('error', reject);
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const handler = upgrades.find((u) => u.handles(url));
    if (handler) handler.upgrade(req, socket, head, url);
    else socket.destroy();
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${config.host}:${port}`;
  ctx.browsers.publicUrl = url;
  const apiKey = dashboardKey(ctx);
  fs.writeFileSync(engineInfoPath(config.dataDir), JSON.stringify({ base_url: url, api_key: apiKey, pid: process.pid }, null, 2), { mode: 0o600 });
  fs.chmodSync(engineInfoPath(config.dataDir), 0o600);

  let closing: Promise<void> | undefined;
  return {
    url,
    apiKey,
    ctx,
    close() {
      closing ??= (async () => {
        for (const u of upgrades) u.closeAll?.();
        for (const m of [...modules].reverse()) await m.close?.(ctx);
        server.closeAllConnections?.();
        await new Promise<void>((r) => server.close(() => r()));
        ctx.db.close();
      })();
      return closing;
    },
  };
}
