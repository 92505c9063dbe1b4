import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { BrowsersPage } from '@/components/browsers/browsers-page';
import { browserKeys, type BrowserListFilters } from '@/lib/queries/browsers';
import { browserListQuerySchema } from '@/lib/schemas/browser';
import { requireOperatorPage } from '@/lib/server/auth';
import { listBrowsers } from '@/lib/server/browsers';
import { getQueryClient } from '@/lib/server/query-client';

export const metadata: Metadata = { title: 'Browsers' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  await requireOperatorPage();
  const sp = await searchParams;
  const parsed = browserListQuerySchema.safeParse({ query: sp.q, status: sp.status, offset: sp.offset, limit: 20 });
  const q = parsed.success ? parsed.data : browserListQuerySchema.parse({});
  const filters: BrowserListFilters = { query: q.query, status: q.status, offset: q.offset, limit: 20 };
  const qc = getQueryClient();
  await qc.prefetchQuery({ queryKey: browserKeys.list(filters), queryFn: () => listBrowsers(q) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <BrowsersPage filters={filters} />
    </HydrationBoundary>
  );
}
