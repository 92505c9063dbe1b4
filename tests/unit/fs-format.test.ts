import { describe, expect, it } from 'vitest';
import { breadcrumbs, sortEntries } from '../../lib/files/entries';
import { formatByteCount, formatBytes, formatRelativeTime } from '../../lib/files/format';
import type { FileInfo } from '../../lib/schemas/fs';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [10 * 1024, '10 KiB'],
    [1024 * 1024 - 1, '1.0 MiB'],
    [15_000_000, '14 MiB'],
    [5 * 1024 ** 3, '5.0 GiB'],
    [3 * 1024 ** 4, '3.0 TiB'],
    [2 ** 53, '8.0 PiB'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d → %s', (n, expected) => expect(formatBytes(n)).toBe(expected));

  it('writes exact counts for tooltips', () => {
    expect(formatByteCount(1)).toBe('1 byte');
    expect(formatByteCount(1536)).toBe('1,536 bytes');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  it.each([
    [3, 'just now'],
    [45, '45 seconds ago'],
    [90, '2 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [5 * 86400, '5 days ago'],
    [70 * 86400, '2 months ago'],
    [800 * 86400, '2 years ago'],
    [-120, 'in 2 minutes'],
  ])('%d seconds ago → %s', (s, expected) => expect(formatRelativeTime(ago(s), now)).toBe(expected));

  it('shows a dash for a bad timestamp', () => expect(formatRelativeTime('nope', now)).toBe('—'));
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
