import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { ProxiesPage } from '@/components/proxies/proxies-page';
import { proxyKeys, type ProxyListFilters } from '@/lib/queries/proxies';
import { proxyListQuerySchema } from '@/lib/schemas/proxy';
import { requireOperatorPage } from '@/lib/server/auth';
import { apiLabel } from '@/lib/server/env';
import { listProxies } from '@/lib/server/proxies';
import { getQueryClient } from '@/lib/server/query-client';

export const metadata: Metadata = { title: 'Proxies' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireOperatorPage();
  const sp = await searchParams;
  const parsed = proxyListQuerySchema.safeParse({ query: sp.q, offset: sp.offset, limit: 20 });
  const q = parsed.success ? parsed.data : proxyListQuerySchema.parse({});
  const filters: ProxyListFilters = { query: q.query, offset: q.offset, limit: 20 };
  const qc = getQueryClient();
  await qc.prefetchQuery({ queryKey: proxyKeys.list(filters), queryFn: () => listProxies(q) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ProxiesPage filters={filters} localEngine={apiLabel().mode === 'embedded'} />
    </HydrationBoundary>
  );
}
