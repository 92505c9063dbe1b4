import type { FileInfo } from '../schemas/fs';

export type SortKey = 'name' | 'size' | 'modified';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * Natural order without allocating: runs of digits compare as numbers, so "file2" < "file10". Far cheaper per
 * comparison than Intl.Collator, which matters when sorting 100,000 names. Expects lower-cased input.
 */
export function naturalCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      while (a.charCodeAt(i) === 48 && isDigit(a.charCodeAt(i + 1))) i++;
      while (b.charCodeAt(j) === 48 && isDigit(b.charCodeAt(j + 1))) j++;
      let ei = i;
      let ej = j;
      while (isDigit(a.charCodeAt(ei))) ei++;
      while (isDigit(b.charCodeAt(ej))) ej++;
      if (ei - i !== ej - j) return ei - i - (ej - j);
      for (; i < ei; i++, j++) {
        const d = a.charCodeAt(i) - b.charCodeAt(j);
        if (d !== 0) return d;
      }
      continue;
    }
    if (ca !== cb) return ca - cb;
    i++;
    j++;
  }
  return a.length - i - (b.length - j);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Directories first, then the chosen order; ties fall back to the name so the order is stable. */
export function sortEntries(entries: readonly FileInfo[], sort: SortState): FileInfo[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = entries.map((e) => ({
    e,
    n: e.name.toLowerCase(),
    t: sort.key === 'modified' ? Date.parse(e.mod_time) || 0 : sort.key === 'size' ? e.size_bytes : 0,
  }));
  keyed.sort((a, b) => {
    if (a.e.is_dir !== b.e.is_dir) return a.e.is_dir ? -1 : 1;
    if (sort.key !== 'name' && a.t !== b.t) return (a.t - b.t) * sign;
    const n = naturalCompare(a.n, b.n) || cmp(a.e.name, b.e.name);
    return sort.key === 'name' ? n * sign : n;
  });
  return keyed.map((k) => k.e);
}

export interface Crumb {
  name: string;
  path: string;
}

/** "/a/b" → [{"/", "/"}, {"a", "/a"}, {"b", "/a/b"}]. */
export function breadcrumbs(path: string): Crumb[] {
  const parts = path.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ name: '/', path: '/' }];
  parts.forEach((name, i) => crumbs.push({ name, path: '/' + parts.slice(0, i + 1).join('/') }));
  return crumbs;
}
