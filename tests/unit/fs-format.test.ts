import { describe, expect, it } from 'vitest';
import { breadcrumbs, naturalCompare, sortEntries } from '../../lib/files/entries';
import { formatByteCount, formatBytes, formatExact, formatRelative } from '../../lib/format';
import type { FileInfo } from '../../lib/schemas/fs';

describe('formatBytes (file sizes)', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [10 * 1024, '10 KB'],
    [1024 * 1024 - 1, '1.0 MB'],
    [1024 * 1024 - 600, '1023 KB'],
    [15_000_000, '14 MB'],
    [5 * 1024 ** 3, '5.0 GB'],
    [3 * 1024 ** 4, '3.0 TB'],
    [2 ** 53, '8192 TB'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d → %s', (n, expected) => expect(formatBytes(n)).toBe(expected));

  it('writes exact counts for tooltips', () => {
    expect(formatByteCount(1)).toBe('1 byte');
    expect(formatByteCount(1536)).toBe('1,536 bytes');
  });
});

describe('modified times', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  it.each([
    [45, '45 seconds ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [24 * 3600, 'yesterday'],
    [5 * 86400, '5 days ago'],
    [800 * 86400, '2 years ago'],
    [-120, 'in 2 minutes'],
  ])('%d seconds ago → %s', (s, expected) => expect(formatRelative(ago(s), now)).toBe(expected));

  it('shows a dash for a bad timestamp and the exact time on hover', () => {
    expect(formatRelative('nope', now)).toBe('—');
    expect(formatExact('2026-06-15T12:00:00Z')).toMatch(/2026/);
  });
});

const entry = (name: string, is_dir: boolean, size_bytes = 0, mod_time = '2026-01-01T00:00:00Z'): FileInfo => ({
  name,
  path: `/${name}`,
  is_dir,
  size_bytes,
  mod_time,
  mode: is_dir ? 'drwxr-xr-x' : '-rw-r--r--',
});

describe('sortEntries', () => {
  const list = [
    entry('file10.txt', false, 5, '2026-01-03T00:00:00Z'),
    entry('b-dir', true, 0, '2026-01-01T00:00:00Z'),
    entry('file2.txt', false, 500, '2026-01-01T00:00:00Z'),
    entry('A-dir', true, 0, '2026-01-02T00:00:00Z'),
    entry('zeta', false, 50, '2026-01-02T00:00:00Z'),
  ];
  const names = (s: FileInfo[]) => s.map((e) => e.name);

  it('puts directories first and sorts names naturally', () => {
    expect(names(sortEntries(list, { key: 'name', dir: 'asc' }))).toEqual(['A-dir', 'b-dir', 'file2.txt', 'file10.txt', 'zeta']);
    expect(names(sortEntries(list, { key: 'name', dir: 'desc' }))).toEqual(['b-dir', 'A-dir', 'zeta', 'file10.txt', 'file2.txt']);
  });

  it('sorts by size and by modified time, directories still first', () => {
    expect(names(sortEntries(list, { key: 'size', dir: 'desc' }))).toEqual(['A-dir', 'b-dir', 'file2.txt', 'zeta', 'file10.txt']);
    expect(names(sortEntries(list, { key: 'modified', dir: 'asc' }))).toEqual(['b-dir', 'A-dir', 'file2.txt', 'zeta', 'file10.txt']);
  });

  it('does not change its input', () => {
    const copy = [...list];
    sortEntries(list, { key: 'size', dir: 'asc' });
    expect(list).toEqual(copy);
  });
});

describe('naturalCompare', () => {
  const sorted = (xs: string[]) => [...xs].sort(naturalCompare);
  it('orders digit runs by value, whatever their length or leading zeros', () => {
    expect(sorted(['a10', 'a2', 'a1', 'a010', 'a'])).toEqual(['a', 'a1', 'a2', 'a10', 'a010']);
    expect(sorted(['v1.10.0', 'v1.9.2', 'v1.9.10'])).toEqual(['v1.9.2', 'v1.9.10', 'v1.10.0']);
    expect(naturalCompare('x123456789012345678901234567890', 'x99')).toBeGreaterThan(0);
    expect(naturalCompare('same', 'same')).toBe(0);
    expect(naturalCompare('ab', 'abc')).toBeLessThan(0);
  });
});

describe('breadcrumbs', () => {
  it('splits a path into clickable ancestors', () => {
    expect(breadcrumbs('/')).toEqual([{ name: '/', path: '/' }]);
    expect(breadcrumbs('/downloads/a b')).toEqual([
      { name: '/', path: '/' },
      { name: 'downloads', path: '/downloads' },
      { name: 'a b', path: '/downloads/a b' },
    ]);
  });
});
