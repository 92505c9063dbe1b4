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

type Fixtures = {
  api: Kernel;
  /** A browser session made through the API for this test, deleted afterwards. */
  session: (body?: Parameters<Kernel['browsers']['create']>[0]) => Promise<Awaited<ReturnType<Kernel['browsers']['create']>>>;
};

export const test = base.extend<Fixtures>({
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
