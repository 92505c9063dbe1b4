import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { SessionHeader } from '@/components/browsers/session-header';
import { browserKeys } from '@/lib/queries/browsers';
import { resourceIdSchema } from '@/lib/schemas/common';
import { requireOperatorPage } from '@/lib/server/auth';
import { getBrowser } from '@/lib/server/browsers';
import { getQueryClient } from '@/lib/server/query-client';

export default async function SessionLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  await requireOperatorPage();
  const { id } = await params;
  if (!resourceIdSchema.safeParse(id).success) notFound();
  const qc = getQueryClient();
  await qc.prefetchQuery({ queryKey: browserKeys.detail(id), queryFn: () => getBrowser(id) });
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <div className="grid gap-4">
        <SessionHeader sessionId={id} />
        {children}
      </div>
    </HydrationBoundary>
  );
}
