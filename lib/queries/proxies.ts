import { queryOptions } from '@tanstack/react-query';
import { proxyListFetcher } from '@/lib/api/proxies';

export interface ProxyListFilters {
  query?: string;
  offset?: number;
  limit?: number;
}

export const proxyKeys = {
  all: ['proxies'] as const,
  lists: () => [...proxyKeys.all, 'list'] as const,
  list: (f: ProxyListFilters) => [...proxyKeys.lists(), { query: f.query ?? '', offset: f.offset ?? 0, limit: f.limit ?? 20 }] as const,
};

export const proxyListOptions = (f: ProxyListFilters) =>
  queryOptions({
    queryKey: proxyKeys.list(f),
    queryFn: ({ signal }) => proxyListFetcher(f, signal),
  });
