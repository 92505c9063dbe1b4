import type { Metadata } from 'next';
import { FilesPage } from '@/components/files/files-page';
import { requireOperatorPage } from '@/lib/server/auth';

export const metadata: Metadata = { title: 'Files' };

/**
 * The session's file browser. The listing is not prefetched here: a folder can hold 100,000 entries, which would
 * be serialized into the page twice; the client fetches it once and renders it virtualized.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  await requireOperatorPage();
  const { id } = await params;
  return <FilesPage sessionId={id} />;
}
