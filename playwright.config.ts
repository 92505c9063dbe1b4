import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, e2eSettings } from './e2e/settings';

const s = e2eSettings();

// A fresh engine and dashboard state for every run (the main process only; workers load this file too).
if (!process.env.TEST_WORKER_INDEX && !process.env.E2E_KEEP_DATA) {
  fs.rmSync(s.dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(s.dataDir), { recursive: true });
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 90_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : 'list',
  use: {
    baseURL: s.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunchOptions(), storageState: s.storageState },
      dependencies: ['setup'],
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs --no-build',
    url: `${s.baseURL}/login`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(s.port),
      ENGINE_PORT: String(s.enginePort),
      DATA_DIR: s.dataDir,
      DASHBOARD_PASSWORD: s.password,
      LOG_FILE: s.logFile,
      KERNEL_BASE_URL: '',
      KERNEL_API_KEY: '',
    },
  },
});
