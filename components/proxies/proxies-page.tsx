'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Globe, Search } from 'lucide-react';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Input } from '@/components/ui/input';
import { EmptyState, ErrorNotice, Skeleton } from '@/components/ui/states';
import { proxyListOptions, type ProxyListFilters } from '@/lib/queries/proxies';
import { ProxiesTable } from './proxies-table';
import { ProxyCreateDialog } from './proxy-create-dialog';

export const PROXIES_PAGE_SIZE = 20;

export function ProxiesPage({ filters, localEngine }: { filters: ProxyListFilters; localEngine: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const [search, setSearch] = useState(filters.query ?? '');
  const list = useQuery({ ...proxyListOptions(filters), placeholderData: keepPreviousData });

  function navigate(next: ProxyListFilters) {
    const sp = new URLSearchParams();
    if (next.query) sp.set('q', next.query);
    if (next.offset) sp.set('offset', String(next.offset));
    router.replace(`${pathname}${sp.size ? `?${sp}` : ''}`, { scroll: false });
  }

  useEffect(() => {
    if (search === (filters.query ?? '')) return;
    const t = setTimeout(() => navigate({ ...filters, query: search, offset: 0 }), 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigate is recreated each render; the debounce follows the text.
  }, [search]);

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
        <ErrorNotice title="Could not load proxies" message={list.error.message} action={<Button variant="outline" size="sm" onClick={() => list.refetch()}>Retry</Button>} />
      ) : list.isPending ? (
        <div className="grid gap-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-10" />
          ))}
        </div>
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
