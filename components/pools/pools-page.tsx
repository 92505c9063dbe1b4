'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Layers } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { PageHeader } from '@/components/layout/page-header';
import { Pager } from '@/components/ui/pager';
import { EmptyState, ErrorNotice, SkeletonRows } from '@/components/ui/states';
import { poolListOptions, type PoolListFilters } from '@/lib/queries/pools';
import { PoolCreateDialog } from './pool-create-dialog';
import { PoolsTable } from './pools-table';

export const POOLS_PAGE_SIZE = 20;

export function PoolsPage({ filters }: { filters: PoolListFilters }) {
  const router = useRouter();
  const pathname = usePathname();
  const list = useQuery({ ...poolListOptions(filters), placeholderData: keepPreviousData });
  const offset = filters.offset ?? 0;
  const items = list.data?.items ?? [];
  const capacity = list.data?.capacity ?? null;
  const go = (next: number) => router.replace(next ? `${pathname}?offset=${next}` : pathname, { scroll: false });

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Pools"
        description="Warm browsers kept ready: acquiring one takes milliseconds instead of a Chromium start."
        actions={list.data ? <PoolCreateDialog capacity={capacity} /> : null}
      />
      {capacity ? (
        <p className="text-sm text-muted-foreground" data-testid="pools-capacity">
          Pooled sessions in use: {capacity.used} of {capacity.limit}
        </p>
      ) : null}
      {list.isError ? (
        <ErrorNotice title="Could not load pools" message={list.error.message} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <SkeletonRows rows={3} />
      ) : items.length === 0 && offset === 0 ? (
        <EmptyState icon={<Layers />} title="No pools yet" action={<PoolCreateDialog capacity={capacity} />}>
          A pool keeps identically configured browsers running so an agent can acquire one at once and release it when done.
        </EmptyState>
      ) : (
        <>
          <PoolsTable pools={items} />
          <Pager offset={offset} count={items.length} pageSize={POOLS_PAGE_SIZE} hasMore={!!list.data?.has_more} nextOffset={list.data?.next_offset} onOffset={go} />
        </>
      )}
    </div>
  );
}
