import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';

/** One retry for a dropped connection or a passing 502/503; a timeout or a refusal is shown to the operator at once. */
function shouldRetry(failures: number, err: unknown): boolean {
  if (failures >= 1) return false;
  const status = err instanceof Error && 'status' in err ? (err as { status: number }).status : undefined;
  return status === undefined || status === 502 || status === 503;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      dehydrate: {
        shouldDehydrateQuery: (q) => defaultShouldDehydrateQuery(q) || q.state.status === 'pending',
      },
    },
  });
}
