'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { formatExact, formatRelative } from '@/lib/format';
import type { BrowserSession } from '@/lib/schemas/browser';
import { ReleaseDialog } from './release-dialog';

export function AcquiredSessions({ poolId, sessions }: { poolId: string; sessions: BrowserSession[] }) {
  const [releasing, setReleasing] = useState<string>();
  return (
    <section aria-labelledby="acquired-heading" className="grid gap-2">
      <h2 id="acquired-heading" className="text-sm font-semibold">
        Acquired browsers
      </h2>
      {sessions.length === 0 ? (
        <p className="text-sm text-muted-foreground">None right now. Acquired browsers appear here until they are released or time out.</p>
      ) : (
        <Table>
          <thead>
            <tr>
              <Th>Session</Th>
              <Th>Name</Th>
              <Th>Started</Th>
              <Th className="w-28">
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.session_id} data-testid={`acquired-${s.session_id}`}>
                <Td>
                  <Link href={`/browsers/${s.session_id}`} className="font-mono text-primary hover:underline">
                    {s.session_id}
                  </Link>
                </Td>
                <Td>{s.name || <span className="text-muted-foreground">—</span>}</Td>
                <Td>
                  <time dateTime={s.created_at} title={formatExact(s.created_at)}>
                    {formatRelative(s.created_at)}
                  </time>
                </Td>
                <Td>
                  <Button variant="outline" size="sm" aria-label={`Release ${s.session_id}`} onClick={() => setReleasing(s.session_id)}>
                    Release
                  </Button>
                </Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {releasing ? <ReleaseDialog poolId={poolId} sessionId={releasing} onOpenChange={(o) => !o && setReleasing(undefined)} /> : null}
    </section>
  );
}
