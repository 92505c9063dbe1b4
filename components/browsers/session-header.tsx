'use client';

import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorNotice, Skeleton } from '@/components/ui/states';
import { browserDetailOptions } from '@/lib/queries/browsers';
import { DeleteBrowserDialog } from './delete-browser-dialog';
import { SessionTabs } from './session-tabs';

export function SessionHeader({ sessionId }: { sessionId: string }) {
  const session = useQuery(browserDetailOptions(sessionId));
  const [deleting, setDeleting] = useState(false);
  const router = useRouter();
  const s = session.data;
  return (
    <div className="grid gap-4">
      <Link href="/browsers" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" /> Browsers
      </Link>
      {session.isError ? <ErrorNotice title="Could not load this browser" message={session.error.message} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="flex flex-wrap items-center gap-2 text-xl font-semibold tracking-tight">
            {s ? (s.name || <span className="font-mono">{s.session_id}</span>) : <Skeleton className="h-7 w-64" />}
            {s ? s.deleted_at ? <Badge tone="neutral">ended</Badge> : <Badge tone="success">running</Badge> : null}
          </h1>
          {s?.name ? <p className="font-mono text-xs text-muted-foreground">{s.session_id}</p> : null}
        </div>
        {s && !s.deleted_at ? (
          <Button variant="outline" onClick={() => setDeleting(true)}>
            <Trash2 /> Delete
          </Button>
        ) : null}
      </div>
      <SessionTabs sessionId={sessionId} />
      {deleting && s ? (
        <DeleteBrowserDialog sessionId={s.session_id} name={s.name} open onOpenChange={setDeleting} onDeleted={() => router.push('/browsers')} />
      ) : null}
    </div>
  );
}
