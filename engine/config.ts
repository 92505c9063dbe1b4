import path from 'node:path';

/** The engine's settings; the only place in engine/ that reads process.env. */
export interface EngineConfig {
  dataDir: string;
  port: number;
  host: string;
  chromePath?: string;
  /** The pooled-sessions limit: all pools of an organization together may hold at most this many browsers. */
  pooledSessionsLimit: number;
  /** How often idle sessions are looked for, in ms. */
  reaperIntervalMs: number;
  /** How often each pool's refill runs, in ms; every run starts at least one browser while a pool is short. */
  poolFillIntervalMs: number;
}

function intVar(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return n;
}

export function loadEngineConfig(overrides: Partial<EngineConfig> = {}): EngineConfig {
  return {
    dataDir: path.resolve(process.env.DATA_DIR || '.data'),
    port: intVar('ENGINE_PORT', 8787, 0, 65535),
    host: '127.0.0.1',
    chromePath: process.env.CHROME_PATH || undefined,
    pooledSessionsLimit: intVar('ENGINE_POOLED_SESSIONS_LIMIT', 6, 1, 1000),
    reaperIntervalMs: 5000,
    poolFillIntervalMs: 5000,
    ...overrides,
  };
}

/** The environment child processes (Chromium, session commands) start from. */
export function baseChildEnv(): NodeJS.ProcessEnv {
  return { ...process.env };
}
