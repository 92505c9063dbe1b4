'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SquareTerminal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorNotice, Skeleton } from '@/components/ui/states';
import { browserDetailOptions } from '@/lib/queries/browsers';
import { PROCESS_PAGE_SIZE, processListOptions } from '@/lib/queries/processes';
import { ProcessStart } from './process-start';
import { ProcessesTable } from './processes-table';

/** The session's Processes tab: run a command, and every process started in the session. */
export function ProcessesPage({ sessionId }: { sessionId: string }) {
  const [offset, setOffset] = useState(0);
  const session = useQuery(browserDetailOptions(sessionId));
  const list = useQuery({ ...processListOptions(sessionId, offset), placeholderData: keepPreviousData, enabled: !session.data?.deleted_at });

  if (session.data?.deleted_at) {
    return (
      <EmptyState icon={<SquareTerminal />} title="This session has ended">
        Its processes were stopped when it was deleted.
      </EmptyState>
    );
  }

  const items = list.data?.items ?? [];
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[22rem_minmax(0,1fr)]">
      <section aria-labelledby="run-heading" className="grid gap-3 rounded-lg border bg-card p-4">
        <h2 id="run-heading" className="text-sm font-semibold">
          Run a command
        </h2>
        <ProcessStart sessionId={sessionId} />
      </section>
      <section aria-labelledby="processes-heading" className="grid gap-3">
        <h2 id="processes-heading" className="text-sm font-semibold">
          Processes
        </h2>
        {list.isError ? (
          <ErrorNotice title="Could not list this session's processes" message={list.error.message} />
        ) : list.isPending ? (
          <Skeleton className="h-40" />
        ) : items.length === 0 && offset === 0 ? (
          <EmptyState icon={<SquareTerminal />} title="No processes yet">
            Run a command to follow its output live; it starts in the session&apos;s files, at /.
          </EmptyState>
        ) : (
          <>
            <ProcessesTable sessionId={sessionId} processes={items} />
            {offset > 0 || list.data?.has_more ? (
              <div className="flex justify-end gap-2">
                <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PROCESS_PAGE_SIZE))}>
                  Newer
                </Button>
                <Button variant="outline" size="sm" disabled={!list.data?.has_more} onClick={() => setOffset(list.data?.next_offset ?? offset)}>
                  Older
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
