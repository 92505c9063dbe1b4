import fs from 'node:fs';
import path from 'node:path';
import Kernel from '@onkernel/sdk';
import { test as base } from '@playwright/test';
import { e2eSettings } from './settings';

export { expect } from '@playwright/test';

export function engineInfo(): { base_url: string; api_key: string } {
  return JSON.parse(fs.readFileSync(path.join(e2eSettings().dataDir, 'engine.json'), 'utf8'));
}

export function engineClient(): Kernel {
  const info = engineInfo();
  return new Kernel({ baseURL: info.base_url, apiKey: info.api_key, maxRetries: 0 });
}

export const uniqueName = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

/** The tokens no byte sent to the operator's browser may contain: the engine's key and the build's canary. */
export function secretTokens(): string[] {
  const list = [engineInfo().api_key];
  if (process.env.E2E_BUILD_CANARY) list.push(process.env.E2E_BUILD_CANARY);
  return list;
}

const STREAMING = /text\/event-stream|application\/(zip|octet-stream)|image\//;

type Fixtures = {
  /** Runs in every test: each response the page receives is scanned for the organization's tokens. */
  tokenGuard: void;
  api: Kernel;
  /** A browser session made through the API for this test, deleted afterwards. */
  session: (body?: Parameters<Kernel['browsers']['create']>[0]) => Promise<Awaited<ReturnType<Kernel['browsers']['create']>>>;
};

export const test = base.extend<Fixtures>({
  tokenGuard: [
    async ({ page }, use, info) => {
      const tokens = secretTokens();
      const scans: Promise<void>[] = [];
      const leaks: string[] = [];
      page.on('response', (res) => {
        if (STREAMING.test(res.headers()['content-type'] ?? '')) return;
        scans.push(
          res
            .body()
            .then((buf) => {
              const text = buf.toString('latin1');
              for (const t of tokens) if (text.includes(t)) leaks.push(res.url());
            })
            .catch(() => undefined),
        );
      });
      await use();
      await Promise.all(scans);
      if (leaks.length) throw new Error(`${info.title}: an organization token was sent to the browser by ${leaks.join(', ')}`);
    },
    { auto: true },
  ],
  api: async ({}, use) => {
    await use(engineClient());
  },
  session: async ({ api }, use) => {
    const made: string[] = [];
    await use(async (body) => {
      const s = await api.browsers.create({ headless: true, ...body });
      made.push(s.session_id);
      return s;
    });
    await Promise.allSettled(made.map((id) => api.browsers.deleteByID(id)));
  },
});
