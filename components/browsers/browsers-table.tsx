'use client';

import { Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { formatExact, formatRelative } from '@/lib/format';
import type { BrowserSession } from '@/lib/schemas/browser';
import { viewportLabel } from '@/lib/schemas/viewport';
import { DeleteBrowserDialog } from './delete-browser-dialog';

export function BrowsersTable({ sessions }: { sessions: BrowserSession[] }) {
  const [deleting, setDeleting] = useState<BrowserSession>();
  return (
    <>
      <Table>
        <thead>
          <tr>
            <Th>Session</Th>
            <Th>Name</Th>
            <Th>Created</Th>
            <Th>Mode</Th>
            <Th>Viewport</Th>
            <Th className="w-12">
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.session_id} data-testid={`browser-row-${s.session_id}`} className="hover:bg-muted/50">
              <Td>
                <Link href={`/browsers/${s.session_id}`} className="font-mono text-primary hover:underline">
                  {s.session_id}
                </Link>
                {s.deleted_at ? (
                  <Badge tone="neutral" className="ml-2">
                    ended
                  </Badge>
                ) : null}
              </Td>
              <Td>{s.name || <span className="text-muted-foreground">—</span>}</Td>
              <Td>
                <time dateTime={s.created_at} title={formatExact(s.created_at)}>
                  {formatRelative(s.created_at)}
                </time>
              </Td>
              <Td>
                <div className="flex gap-1">
                  <Badge tone={s.headless ? 'neutral' : 'info'}>{s.headless ? 'headless' : 'headful'}</Badge>
                  {s.stealth ? <Badge tone="success">stealth</Badge> : null}
                </div>
              </Td>
              <Td className="font-mono text-xs">{s.viewport ? viewportLabel(s.viewport) : '—'}</Td>
              <Td>
                {!s.deleted_at ? (
                  <Button variant="ghost" size="icon" aria-label={`Delete browser ${s.name || s.session_id}`} onClick={() => setDeleting(s)}>
                    <Trash2 />
                  </Button>
                ) : null}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {deleting ? (
        <DeleteBrowserDialog sessionId={deleting.session_id} name={deleting.name} open onOpenChange={(o) => !o && setDeleting(undefined)} />
      ) : null}
    </>
  );
}
