import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEngine, type RunningEngine } from '../../engine/server';

declare module 'vitest' {
  export interface ProvidedContext {
    engineUrl: string;
    engineKey: string;
    otherOrgKey: string;
    engineDataDir: string;
  }
}

let engine: RunningEngine | undefined;

/** One real engine on a free port with a throwaway data directory, shared by every contract test file. */
export async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-contract-'));
  engine = await startEngine({ dataDir, port: 0, reaperIntervalMs: 1000 });
  const other = engine.ctx.orgs.createKey('other-org');
  project.provide('engineUrl', engine.url);
  project.provide('engineKey', engine.apiKey);
  project.provide('otherOrgKey', other.key);
  project.provide('engineDataDir', dataDir);
  return async () => {
    await engine?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
