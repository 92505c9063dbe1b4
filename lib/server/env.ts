import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env in the dashboard. Invalid settings fail at start with the variable named. */
const rawSchema = z.object({
  KERNEL_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.onkernel.com' }).optional(),
  KERNEL_API_KEY: z.string().min(1, 'must not be empty').optional(),
  DASHBOARD_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('.data'),
  KERNEL_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number of milliseconds').min(100, 'must be at least 100').max(600_000, 'must be at most 600000').default(30_000),
  NODE_ENV: z.string().optional(),
});

export interface ServerEnv {
  mode: 'embedded' | 'cloud';
  dataDir: string;
  dashboardPassword?: string;
  /** Deadline for one call to the Kernel API. */
  timeoutMs: number;
  /** Set in cloud mode; the embedded engine's URL and key are read from the data directory per call. */
  cloud?: { baseURL: string; apiKey: string };
  production: boolean;
}

const DEFAULT_CLOUD_URL = 'https://api.onkernel.com';

let cached: ServerEnv | undefined;

export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const emptyToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v);
  const parsed = rawSchema.safeParse({
    KERNEL_BASE_URL: emptyToUndefined(process.env.KERNEL_BASE_URL),
    KERNEL_API_KEY: emptyToUndefined(process.env.KERNEL_API_KEY),
    DASHBOARD_PASSWORD: emptyToUndefined(process.env.DASHBOARD_PASSWORD),
    DATA_DIR: emptyToUndefined(process.env.DATA_DIR),
    KERNEL_TIMEOUT_MS: emptyToUndefined(process.env.KERNEL_TIMEOUT_MS),
    NODE_ENV: process.env.NODE_ENV,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Configuration error: ${String(issue.path[0])} ${issue.message}`);
  }
  const e = parsed.data;
  if (e.KERNEL_BASE_URL && !e.KERNEL_API_KEY) {
    throw new Error('Configuration error: KERNEL_API_KEY is required when KERNEL_BASE_URL is set (the organization token for that API)');
  }
  cached = {
    mode: e.KERNEL_API_KEY ? 'cloud' : 'embedded',
    dataDir: path.resolve(e.DATA_DIR),
    dashboardPassword: e.DASHBOARD_PASSWORD,
    timeoutMs: e.KERNEL_TIMEOUT_MS,
    cloud: e.KERNEL_API_KEY ? { baseURL: e.KERNEL_BASE_URL ?? DEFAULT_CLOUD_URL, apiKey: e.KERNEL_API_KEY } : undefined,
    production: e.NODE_ENV === 'production',
  };
  return cached;
}

let engineCache: { mtimeMs: number; value: { baseURL: string; apiKey: string } } | undefined;

/** Where the API is and the organization token for it (embedded: written by the engine into the data directory). */
export function apiTarget(): { baseURL: string; apiKey: string } {
  const env = serverEnv();
  if (env.cloud) return env.cloud;
  const file = path.join(env.dataDir, 'engine.json');
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new EngineNotRunningError(file);
  }
  if (engineCache && engineCache.mtimeMs === stat.mtimeMs) return engineCache.value;
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { base_url: string; api_key: string };
  engineCache = { mtimeMs: stat.mtimeMs, value: { baseURL: info.base_url, apiKey: info.api_key } };
  return engineCache.value;
}

export class EngineNotRunningError extends Error {
  constructor(file: string) {
    super(`The local engine has not written ${file} yet: start it with "npm start" or "npm run engine".`);
  }
}

/** What the header shows: which API this dashboard manages (never the token). */
export function apiLabel(): { mode: 'embedded' | 'cloud'; host: string } {
  const env = serverEnv();
  if (env.cloud) return { mode: 'cloud', host: new URL(env.cloud.baseURL).host };
  try {
    return { mode: 'embedded', host: new URL(apiTarget().baseURL).host };
  } catch {
    return { mode: 'embedded', host: 'not running' };
  }
}
