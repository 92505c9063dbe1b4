import { queryOptions } from '@tanstack/react-query';
import { fileListFetcher } from '@/lib/api/files';

export const fileKeys = {
  all: ['files'] as const,
  session: (id: string) => [...fileKeys.all, id] as const,
  list: (id: string, path: string) => [...fileKeys.session(id), 'list', path] as const,
};

export const fileListOptions = (id: string, path: string) =>
  queryOptions({
    queryKey: fileKeys.list(id, path),
    queryFn: ({ signal }) => fileListFetcher(id, path, signal),
    staleTime: 5_000,
  });
