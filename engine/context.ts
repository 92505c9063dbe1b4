import type { Hono } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { BrowserService } from './browsers/service';
import type { EngineConfig } from './config';
import type { EngineEnv } from './http/auth';
import type { Orgs } from './orgs/orgs';
import type { Db, Migration } from './store/db';

/** What every resource module gets: the settings, the store and the shared services. */
export interface EngineContext {
  config: EngineConfig;
  db: Db;
  orgs: Orgs;
  browsers: BrowserService;
  /** Services a module publishes for the others (e.g. "processes", "proxies", "pools"). */
  services: Map<string, unknown>;
}

export interface UpgradeHandler {
  handles(url: URL): boolean;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void;
  closeAll?(): void;
}

/** One resource of the engine: its tables, its start-up, its authenticated routes and its shutdown. */
export interface EngineModule {
  name: string;
  migrations: Migration[];
  init?(ctx: EngineContext): void | Promise<void>;
  routes?(app: Hono<EngineEnv>, ctx: EngineContext): void;
  /** Routes that authenticate on their own (a session token in the URL) instead of by the bearer key. */
  publicRoutes?(app: Hono<EngineEnv>, ctx: EngineContext): void;
  upgrades?(ctx: EngineContext): UpgradeHandler[];
  close?(ctx: EngineContext): void | Promise<void>;
}
