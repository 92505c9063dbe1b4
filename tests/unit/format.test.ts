import { describe, expect, it } from 'vitest';
import { formatBytes, formatRelative } from '@/lib/format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [5 * 1024 * 1024, '5.0 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [-1, '—'],
  ])('%d → %s', (n, s) => expect(formatBytes(n)).toBe(s));
});

describe('formatRelative', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it.each([
    ['2026-01-01T11:59:30Z', '30 seconds ago'],
    ['2026-01-01T11:55:00Z', '5 minutes ago'],
    ['2026-01-01T09:00:00Z', '3 hours ago'],
    ['2025-12-30T12:00:00Z', '2 days ago'],
    [null, '—'],
    ['garbage', '—'],
  ])('%s → %s', (iso, s) => expect(formatRelative(iso, now)).toBe(s));
});
