import { queryOptions } from '@tanstack/react-query';
import { processListFetcher, processDetailFetcher } from '@/lib/api/processes';

export const PROCESS_PAGE_SIZE = 50;

export const processKeys = {
  all: ['processes'] as const,
  lists: (sessionId: string) => [...processKeys.all, 'list', sessionId] as const,
  list: (sessionId: string, offset = 0) => [...processKeys.lists(sessionId), { offset }] as const,
  detail: (sessionId: string, processId: string) => [...processKeys.all, 'detail', sessionId, processId] as const,
};

export const processListOptions = (sessionId: string, offset = 0) =>
  queryOptions({
    queryKey: processKeys.list(sessionId, offset),
    queryFn: ({ signal }) => processListFetcher(sessionId, { offset, limit: PROCESS_PAGE_SIZE }, signal),
    refetchInterval: 3_000,
  });

/** Status is polled while the process runs; the stream's exit event refreshes it at once. */
export const processDetailOptions = (sessionId: string, processId: string) =>
  queryOptions({
    queryKey: processKeys.detail(sessionId, processId),
    queryFn: ({ signal }) => processDetailFetcher(sessionId, processId, signal),
    refetchInterval: (q) => (q.state.data?.state === 'exited' ? false : 3_000),
  });
