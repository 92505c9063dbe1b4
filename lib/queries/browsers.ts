import { queryOptions } from '@tanstack/react-query';
import { browserListFetcher, browserFetcher } from '@/lib/api/browsers';

export interface BrowserListFilters {
  query?: string;
  status?: 'active' | 'deleted' | 'all';
  offset?: number;
  limit?: number;
}

export const browserKeys = {
  all: ['browsers'] as const,
  lists: () => [...browserKeys.all, 'list'] as const,
  list: (f: BrowserListFilters) => [...browserKeys.lists(), { query: f.query ?? '', status: f.status ?? 'active', offset: f.offset ?? 0, limit: f.limit ?? 20 }] as const,
  details: () => [...browserKeys.all, 'detail'] as const,
  detail: (id: string) => [...browserKeys.details(), id] as const,
};

export const browserListOptions = (f: BrowserListFilters) =>
  queryOptions({
    queryKey: browserKeys.list(f),
    queryFn: ({ signal }) => browserListFetcher(f, signal),
    refetchInterval: 10_000,
  });

export const browserDetailOptions = (id: string) =>
  queryOptions({
    queryKey: browserKeys.detail(id),
    queryFn: ({ signal }) => browserFetcher(id, signal),
    refetchInterval: 10_000,
  });
