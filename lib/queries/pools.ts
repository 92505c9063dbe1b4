import { queryOptions } from '@tanstack/react-query';
import { poolFetcher, poolListFetcher } from '@/lib/api/pools';

export interface PoolListFilters {
  query?: string;
  offset?: number;
  limit?: number;
}

/** Pool counts change as browsers start, get acquired and come back: poll them while the page is open. */
export const POOL_POLL_MS = 2000;

export const poolKeys = {
  all: ['pools'] as const,
  lists: () => [...poolKeys.all, 'list'] as const,
  list: (f: PoolListFilters) => [...poolKeys.lists(), { query: f.query ?? '', offset: f.offset ?? 0, limit: f.limit ?? 20 }] as const,
  details: () => [...poolKeys.all, 'detail'] as const,
  detail: (id: string) => [...poolKeys.details(), id] as const,
};

export const poolListOptions = (f: PoolListFilters) =>
  queryOptions({
    queryKey: poolKeys.list(f),
    queryFn: ({ signal }) => poolListFetcher(f, signal),
    refetchInterval: POOL_POLL_MS,
    staleTime: 0,
  });

export const poolDetailOptions = (id: string) =>
  queryOptions({
    queryKey: poolKeys.detail(id),
    queryFn: ({ signal }) => poolFetcher(id, signal),
    refetchInterval: POOL_POLL_MS,
    staleTime: 0,
  });
