import path from 'node:path';
import { defineConfig } from 'vitest/config';

// 'server-only' throws outside a React server bundle; unit tests import server modules directly.
const alias = { '@': path.resolve(import.meta.dirname), 'server-only': path.resolve(import.meta.dirname, 'tests/support/empty.ts') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/contract/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Real Chromium on a loaded 2-core CI machine: one retry, as the e2e project has; failures still show.
          retry: process.env.CI ? 1 : 0,
          // Test files share one engine and a two-core machine: run them one at a time.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'hardening',
          include: ['tests/hardening/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
