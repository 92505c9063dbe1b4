import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

/** Where the e2e run's dashboard and engine listen, and how the operator logs in (overridable per worktree/CI). */
export function e2eSettings() {
  const port = Number(process.env.E2E_PORT || 3100);
  const enginePort = Number(process.env.E2E_ENGINE_PORT || 8800);
  const dataDir = path.resolve(process.env.E2E_DATA_DIR || `.test-data/e2e-${port}`);
  return {
    port,
    enginePort,
    dataDir,
    baseURL: `http://127.0.0.1:${port}`,
    password: process.env.E2E_PASSWORD || 'e2e-operator-password',
    storageState: path.resolve('e2e/.auth/operator.json'),
    logFile: path.join(dataDir, 'server.log'),
  };
}

const SYSTEM_CHROMES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** CHROME_PATH, else Playwright's own Chromium when it is installed, else the system's (this machine cannot download browsers). */
export function chromiumLaunchOptions() {
  const explicit = process.env.CHROME_PATH;
  const system = explicit || (fs.existsSync(chromium.executablePath()) ? undefined : SYSTEM_CHROMES.find((p) => fs.existsSync(p)));
  const args = ['--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  return system ? { executablePath: system, args } : { args };
}
