import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, textToBase64 } from '@/lib/process/base64';
import { processStdinSchema, STRICT_BASE64 } from '@/lib/schemas/process';

describe('base64', () => {
  it('round-trips every byte value and every length through the browser-safe helpers', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    for (let n = 0; n <= all.length; n += 17) {
      const bytes = all.subarray(0, n);
      const b64 = bytesToBase64(bytes);
      expect(b64).toBe(Buffer.from(bytes).toString('base64'));
      expect(STRICT_BASE64.test(b64)).toBe(true);
      expect([...base64ToBytes(b64)]).toEqual([...bytes]);
    }
  });

  it('round-trips large inputs (beyond one String.fromCharCode batch)', () => {
    const big = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 31) & 0xff);
    expect(Buffer.from(base64ToBytes(bytesToBase64(big))).equals(Buffer.from(big))).toBe(true);
  });

  it('encodes typed text as UTF-8, not Latin-1', () => {
    const text = 'é€✓😀\n';
    expect(textToBase64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
    expect(new TextDecoder().decode(base64ToBytes(textToBase64(text)))).toBe(text);
  });

  it('stdin accepts only canonical padded base64', () => {
    for (const bad of ['$$$$', 'a', '===', 'aGV sbG8=', 'aGVsbG8', '-_-_', 'aGVsbG8=aGVsbG8=', 'aGVsbG8=\n', 'aGVsbG9=', 'YR==']) {
      const r = processStdinSchema.safeParse({ data_b64: bad });
      expect(r.success, bad).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['data_b64']);
    }
    for (const good of ['aGVsbG8=', 'YQ==', 'YWI=', 'YWJj', '/+8=']) {
      expect(processStdinSchema.safeParse({ data_b64: good }).success, good).toBe(true);
      expect(Buffer.from(good, 'base64').toString('base64')).toBe(good);
    }
    expect(processStdinSchema.safeParse({ data_b64: '' }).success).toBe(false);
    expect(processStdinSchema.safeParse({ data_b64: '', eof: true }).success).toBe(true);
  });
});
