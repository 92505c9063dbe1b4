'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MonitorPlay, Search } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Pager } from '@/components/ui/pager';
import { Input, Select } from '@/components/ui/input';
import { EmptyState, ErrorNotice, SkeletonRows } from '@/components/ui/states';
import { useListSearch } from '@/lib/hooks/use-list-search';
import { browserListOptions, type BrowserListFilters } from '@/lib/queries/browsers';
import { BrowserCreateDialog } from './browser-create-dialog';
import { BrowsersTable } from './browsers-table';
import { DeletePersistentDialog } from './delete-persistent-dialog';

export const BROWSERS_PAGE_SIZE = 20;

function listParams(next: BrowserListFilters): URLSearchParams {
  const sp = new URLSearchParams();
  if (next.query) sp.set('q', next.query);
  if (next.status && next.status !== 'active') sp.set('status', next.status);
  if (next.offset) sp.set('offset', String(next.offset));
  return sp;
}

export function BrowsersPage({ filters }: { filters: BrowserListFilters }) {
  const { search, setSearch, navigate } = useListSearch(filters, listParams);
  const list = useQuery({ ...browserListOptions(filters), placeholderData: keepPreviousData });

  const offset = filters.offset ?? 0;
  const items = list.data?.items ?? [];

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Browsers"
        description="Chromium sessions your agents drive. Open one to watch it, browse its files or run commands."
        actions={
          <>
            <DeletePersistentDialog />
            <BrowserCreateDialog />
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-64 flex-1">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            aria-label="Search browsers"
            placeholder="Search by name, session, proxy or persistent id"
            className="pl-8"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <Select
          aria-label="Status"
          className="w-36"
          value={filters.status ?? 'active'}
          onChange={(e) => navigate({ ...filters, status: e.target.value as BrowserListFilters['status'], offset: 0 })}
        >
          <option value="active">Active</option>
          <option value="deleted">Ended</option>
          <option value="all">All</option>
        </Select>
      </div>
      {list.isError ? (
        <ErrorNotice title="Could not load browsers" message={list.error.message} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <SkeletonRows rows={4} />
      ) : items.length === 0 ? (
        <EmptyState icon={<MonitorPlay />} title={filters.query ? 'No browsers match' : 'No browsers yet'} action={filters.query ? undefined : <BrowserCreateDialog />}>
          {filters.query
            ? `Nothing matches "${filters.query}". Try a session id, a name or a proxy id.`
            : 'A browser session is a real Chromium that an agent connects to over CDP. Create one to try it.'}
        </EmptyState>
      ) : (
        <>
          <BrowsersTable sessions={items} />
          <Pager offset={offset} count={items.length} pageSize={BROWSERS_PAGE_SIZE} hasMore={!!list.data?.has_more} nextOffset={list.data?.next_offset} onOffset={(o) => navigate({ ...filters, offset: o })} />
        </>
      )}
    </div>
  );
}
