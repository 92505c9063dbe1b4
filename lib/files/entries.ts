import type { FileInfo } from '../schemas/fs';

export type SortKey = 'name' | 'size' | 'modified';
export type SortDir = 'asc' | 'desc';
export interface SortState {
  key: SortKey;
  dir: SortDir;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Directories first, then the chosen order; ties fall back to the name so the order is stable. Keys are
 * computed once per entry (not per comparison) so 100,000 entries sort quickly.
 */
export function sortEntries(entries: readonly FileInfo[], sort: SortState): FileInfo[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const keyed = entries.map((e) => ({ e, t: sort.key === 'modified' ? Date.parse(e.mod_time) || 0 : e.size_bytes }));
  keyed.sort((a, b) => {
    if (a.e.is_dir !== b.e.is_dir) return a.e.is_dir ? -1 : 1;
    if (sort.key !== 'name') {
      const d = a.t - b.t;
      if (d !== 0) return d * sign;
    }
    const n = collator.compare(a.e.name, b.e.name) || (a.e.name < b.e.name ? -1 : a.e.name > b.e.name ? 1 : 0);
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
