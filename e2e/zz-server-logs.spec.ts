import fs from 'node:fs';
import { expect, secretTokens, test } from './fixtures';
import { e2eSettings } from './settings';

// Runs after every other spec (files run in name order on one worker): the servers' output of the whole run.
test('no log line of the dashboard or the engine holds an organization token or an unhandled failure', async () => {
  const log = fs.readFileSync(e2eSettings().logFile, 'utf8');
  expect(log).toContain('[engine] listening');
  for (const t of secretTokens()) expect(log.includes(t)).toBe(false);
  expect(log).not.toMatch(/unhandledRejection|Unhandled Rejection|uncaughtException/i);
});
