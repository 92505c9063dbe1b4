import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PoolPage } from '@/components/pools/pool-page';
import { poolKeys } from '@/lib/queries/pools';
import { poolNameSchema } from '@/lib/schemas/pool';
import { requireOperatorPage } from '@/lib/server/auth';
import { getPool } from '@/lib/server/pools';
import { getQueryClient } from '@/lib/server/query-client';

export const metadata: Metadata = { title: 'Browser pool' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requireOperatorPage();
  const { id } = await params;
  if (!poolNameSchema.safeParse(id).success) notFound();
  const qc = getQueryClient();
  await qc.prefetchQuery({ queryKey: poolKeys.detail(id), queryFn: () => getPool(id) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <PoolPage poolId={id} />
    </HydrationBoundary>
  );
}
