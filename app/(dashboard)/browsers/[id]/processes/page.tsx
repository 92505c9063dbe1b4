import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { ProcessesPage } from '@/components/processes/processes-page';
import { processKeys, PROCESS_PAGE_SIZE } from '@/lib/queries/processes';
import { requireOperatorPage } from '@/lib/server/auth';
import { listProcesses } from '@/lib/server/processes';
import { getQueryClient } from '@/lib/server/query-client';

export const metadata: Metadata = { title: 'Processes' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requireOperatorPage();
  const { id } = await params;
  const qc = getQueryClient();
  // A failed prefetch (an ended session) is shown by the client, not as a page error.
  await qc.prefetchQuery({ queryKey: processKeys.list(id, 0), queryFn: () => listProcesses(id, { limit: PROCESS_PAGE_SIZE, offset: 0 }) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ProcessesPage sessionId={id} />
    </HydrationBoundary>
  );
}
