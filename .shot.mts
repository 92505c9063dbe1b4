import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { chromium } from 'playwright-core';
const dataDir = path.resolve('.test-data/shot');
fs.rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { env: { ...process.env, PORT: '3101', ENGINE_PORT: '8801', DATA_DIR: dataDir, DASHBOARD_PASSWORD: 'shot-password-123', KERNEL_BASE_URL: '', KERNEL_API_KEY: '' }, stdio: 'inherit' });
try {
  for (let i = 0; i < 120; i++) { try { const r = await fetch('http://127.0.0.1:3101/login'); if (r.ok) break; } catch {} await new Promise(r => setTimeout(r, 500)); }
  const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'engine.json'), 'utf8'));
  const k = new Kernel({ baseURL: info.base_url, apiKey: info.api_key, maxRetries: 0 });
  const s = await k.browsers.create({ headless: true, name: 'checkout-agent' });
  const root = path.join(dataDir, 'sessions', s.session_id, 'fs');
  const now = Date.now();
  const files: [string, number, number][] = [['invoice-2026-11.pdf', 184_320, 3], ['report.csv', 12_345, 60], ['screenshot-1.png', 1_482_113, 600], ['screenshot-2.png', 1_398_020, 590], ['screenshot-10.png', 1_501_993, 580], ['export.zip', 48_201_332, 86400 * 2], ['notes.txt', 512, 86400 * 40], ['trace.json', 2_231_000, 7200]];
  for (const [n, size, age] of files) { const p = path.join(root, 'downloads', n); fs.writeFileSync(p, Buffer.alloc(size, 1)); fs.utimesSync(p, (now - age * 1000) / 1000, (now - age * 1000) / 1000); }
  fs.mkdirSync(path.join(root, 'downloads', 'archive')); fs.mkdirSync(path.join(root, 'downloads', 'receipts'));
  fs.chmodSync(path.join(root, 'downloads', 'notes.txt'), 0o600);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  for (const theme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 860 }, colorScheme: theme as 'light' | 'dark' });
    const page = await ctx.newPage();
    await page.goto('http://127.0.0.1:3101/login');
    await page.getByLabel('Password').fill('shot-password-123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(/browsers/);
    await page.goto(`http://127.0.0.1:3101/browsers/${s.session_id}/files?path=/downloads`);
    await page.getByRole('row', { name: /report\.csv/ }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/files-${theme}.png` });
    if (theme === 'light') {
      await page.getByRole('row', { name: /export\.zip/ }).getByRole('button', { name: /Delete/ }).click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `/tmp/files-delete.png` });
      await page.keyboard.press('Escape');
      await page.goto(`http://127.0.0.1:3101/browsers/${s.session_id}/files?path=/nope`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/files-missing.png` });
    }
    await ctx.close();
  }
  await browser.close();
} finally {
  child.kill('SIGTERM');
  await new Promise(r => child.once('exit', r));
}
