'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Globe, Search } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Pager } from '@/components/ui/pager';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorNotice, SkeletonRows } from '@/components/ui/states';
import { useListSearch } from '@/lib/hooks/use-list-search';
import { proxyListOptions, type ProxyListFilters } from '@/lib/queries/proxies';
import { ProxiesTable } from './proxies-table';
import { ProxyCreateDialog } from './proxy-create-dialog';

export const PROXIES_PAGE_SIZE = 20;

function listParams(next: ProxyListFilters): URLSearchParams {
  const sp = new URLSearchParams();
  if (next.query) sp.set('q', next.query);
  if (next.offset) sp.set('offset', String(next.offset));
  return sp;
}

export function ProxiesPage({ filters, localEngine }: { filters: ProxyListFilters; localEngine: boolean }) {
  const { search, setSearch, navigate } = useListSearch(filters, listParams);
  const list = useQuery({ ...proxyListOptions(filters), placeholderData: keepPreviousData });

  const offset = filters.offset ?? 0;
  const items = list.data?.items ?? [];

  return (
    <div className="grid gap-4">
      <PageHeader
        title="Proxies"
        description="Where your browsers' traffic goes out. Check a proxy to see whether it works and which address sites see."
        actions={<ProxyCreateDialog localEngine={localEngine} />}
      />
      <div className="relative max-w-xl">
        <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
        <Input
          aria-label="Search proxies"
          placeholder="Search by name, host or IP, or paste a proxy id"
          className="pl-8"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {list.isError ? (
        <ErrorNotice title="Could not load proxies" message={list.error.message} onRetry={() => list.refetch()} />
      ) : list.isPending ? (
        <SkeletonRows rows={4} />
      ) : items.length === 0 ? (
        <EmptyState icon={<Globe />} title={filters.query ? 'No proxies match' : 'No proxies yet'} action={filters.query ? undefined : <ProxyCreateDialog localEngine={localEngine} />}>
          {filters.query ? (
            `Nothing matches "${filters.query}". Try part of a name, a host, an IP address or a whole proxy id.`
          ) : (
            <>
              A proxy sends a browser&apos;s traffic through another server, so sites see that server&apos;s address and location
              instead of this machine&apos;s: useful to reach sites from a given country, to get past IP-based limits, or to use your
              company&apos;s egress. Add one here, then pick it when you create a browser.
            </>
          )}
        </EmptyState>
      ) : (
        <>
          <ProxiesTable proxies={items} />
          <Pager offset={offset} count={items.length} pageSize={PROXIES_PAGE_SIZE} hasMore={!!list.data?.has_more} nextOffset={list.data?.next_offset} onOffset={(o) => navigate({ ...filters, offset: o })} />
        </>
      )}
    </div>
  );
}
