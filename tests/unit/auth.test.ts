import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(() => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-auth-'));
  process.env.DASHBOARD_PASSWORD = 'unit-test-password';
});

describe('operator session tokens', () => {
  it('verifies its own tokens and refuses tampered or expired ones', async () => {
    const { issueSessionToken, verifySessionToken, SESSION_TTL_MS, passwordMatches } = await import('@/lib/server/auth');
    const now = Date.now();
    const token = issueSessionToken(now);
    expect(verifySessionToken(token, now)).toBe(true);
    expect(verifySessionToken(token, now + SESSION_TTL_MS + 1)).toBe(false);
    const [exp, nonce, mac] = token.split('.');
    expect(verifySessionToken(`${Number(exp) + 1000}.${nonce}.${mac}`, now)).toBe(false);
    expect(verifySessionToken(`${exp}.${nonce}.${mac!.slice(0, -2)}AA`, now)).toBe(false);
    expect(verifySessionToken('', now)).toBe(false);
    expect(verifySessionToken('a.b', now)).toBe(false);
    expect(passwordMatches('unit-test-password')).toBe(true);
    expect(passwordMatches('unit-test-passwor')).toBe(false);
  });
});

describe('login rate limit', () => {
  it('blocks after five failures within a minute and frees after the window', async () => {
    const { loginRetryAfter, recordLoginFailure } = await import('@/lib/server/rate-limit');
    const t = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(loginRetryAfter('1.2.3.4', t + i)).toBe(0);
      recordLoginFailure('1.2.3.4', t + i);
    }
    expect(loginRetryAfter('1.2.3.4', t + 10)).toBeGreaterThan(0);
    expect(loginRetryAfter('5.6.7.8', t + 10)).toBe(0);
    expect(loginRetryAfter('1.2.3.4', t + 61_000)).toBe(0);
  });
});
