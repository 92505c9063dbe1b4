'use client';

import { useQuery } from '@tanstack/react-query';
import { Eraser, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { ErrorNotice, Skeleton } from '@/components/ui/states';
import { formatExact, formatRelative } from '@/lib/format';
import { poolDetailOptions } from '@/lib/queries/pools';
import { AcquirePanel } from './acquire-panel';
import { AcquiredSessions } from './acquired-sessions';
import { DeletePoolDialog } from './delete-pool-dialog';
import { FlushPoolDialog } from './flush-pool-dialog';
import { PoolEditor } from './pool-editor';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-card px-4 py-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

export function PoolPage({ poolId }: { poolId: string }) {
  const { data, error, isPending } = useQuery(poolDetailOptions(poolId));
  const [dialog, setDialog] = useState<'flush' | 'delete'>();
  if (error) {
    return (
      <ErrorNotice
        title="Could not load this pool"
        message={error.message}
        action={
          <Button variant="outline" size="sm" asChild>
            <Link href="/pools">All pools</Link>
          </Button>
        }
      />
    );
  }
  if (isPending || !data) return <Skeleton className="h-96" />;
  const { pool, capacity, acquired } = data;
  const label = pool.name ?? pool.id;

  return (
    <div className="grid gap-4">
      <PageHeader
        title={label}
        description={
          <>
            Pool <span className="font-mono">{pool.id}</span> · created{' '}
            <time dateTime={pool.created_at} title={formatExact(pool.created_at)}>
              {formatRelative(pool.created_at)}
            </time>
          </>
        }
        actions={
          <>
            <Button variant="outline" onClick={() => setDialog('flush')}>
              <Eraser /> Flush
            </Button>
            <Button variant="outline" onClick={() => setDialog('delete')}>
              <Trash2 /> Delete
            </Button>
          </>
        }
      />
      <dl className="grid grid-cols-3 gap-3" aria-label="Browsers in the pool">
        <Count label="Available" value={pool.available_count} testId="available-count" />
        <Count label="Acquired" value={pool.acquired_count} testId="acquired-count" />
        <Count label="Size" value={pool.browser_pool_config.size} testId="size" />
      </dl>
      <AcquirePanel poolId={pool.id} />
      <AcquiredSessions poolId={pool.id} sessions={acquired} />
      <PoolEditor key={pool.id} pool={pool} capacity={capacity} />
      {dialog === 'flush' ? <FlushPoolDialog poolId={pool.id} label={label} idle={pool.available_count} onOpenChange={(o) => !o && setDialog(undefined)} /> : null}
      {dialog === 'delete' ? (
        <DeletePoolDialog poolId={pool.id} label={label} acquired={pool.acquired_count} onOpenChange={(o) => !o && setDialog(undefined)} />
      ) : null}
    </div>
  );
}
