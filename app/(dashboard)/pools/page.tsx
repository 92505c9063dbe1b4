import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { PoolsPage } from '@/components/pools/pools-page';
import { poolKeys, type PoolListFilters } from '@/lib/queries/pools';
import { poolListQuerySchema } from '@/lib/schemas/pool';
import { requireOperatorPage } from '@/lib/server/auth';
import { listPools } from '@/lib/server/pools';
import { getQueryClient } from '@/lib/server/query-client';

export const metadata: Metadata = { title: 'Pools' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireOperatorPage();
  const sp = await searchParams;
  const parsed = poolListQuerySchema.safeParse({ offset: sp.offset, limit: 20 });
  const q = parsed.success ? parsed.data : poolListQuerySchema.parse({});
  const filters: PoolListFilters = { offset: q.offset, limit: 20 };
  const qc = getQueryClient();
  await qc.prefetchQuery({ queryKey: poolKeys.list(filters), queryFn: () => listPools(q) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <PoolsPage filters={filters} />
    </HydrationBoundary>
  );
}
