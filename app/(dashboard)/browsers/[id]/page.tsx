import type { Metadata } from 'next';
import { SessionOverview } from '@/components/browsers/session-overview';
import { requireOperatorPage } from '@/lib/server/auth';
import { serverEnv } from '@/lib/server/env';

export const metadata: Metadata = { title: 'Browser session' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requireOperatorPage();
  const { id } = await params;
  return <SessionOverview sessionId={id} apiMode={serverEnv().mode} />;
}
