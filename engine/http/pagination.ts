import type { Context } from 'hono';
import type { PaginationQuery } from '../../lib/schemas/common';

/** Kernel's offset pagination: a bare JSON array plus X-Has-More / X-Next-Offset headers. */
export function paginated<T>(c: Context, page: PaginationQuery, rows: T[], total: number): Response {
  const hasMore = page.offset + rows.length < total;
  c.header('X-Limit', String(page.limit));
  c.header('X-Offset', String(page.offset));
  c.header('X-Has-More', String(hasMore));
  if (hasMore) c.header('X-Next-Offset', String(page.offset + rows.length));
  return c.json(rows);
}
