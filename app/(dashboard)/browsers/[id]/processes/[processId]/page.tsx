import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ProcessConsole } from '@/components/processes/process-console';
import { processKeys } from '@/lib/queries/processes';
import { processIdSchema } from '@/lib/schemas/process';
import { requireOperatorPage } from '@/lib/server/auth';
import { getProcessDetail } from '@/lib/server/processes';
import { getQueryClient } from '@/lib/server/query-client';

export const metadata: Metadata = { title: 'Process console' };

export default async function Page({ params }: { params: Promise<{ id: string; processId: string }> }) {
  await requireOperatorPage();
  const { id, processId } = await params;
  if (!processIdSchema.safeParse(processId).success) notFound();
  const qc = getQueryClient();
  await qc.prefetchQuery({ queryKey: processKeys.detail(id, processId), queryFn: () => getProcessDetail(id, processId) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ProcessConsole sessionId={id} processId={processId} />
    </HydrationBoundary>
  );
}
