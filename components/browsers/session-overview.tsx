'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { ErrorNotice, Skeleton } from '@/components/ui/states';
import { formatExact, formatRelative } from '@/lib/format';
import { browserDetailOptions } from '@/lib/queries/browsers';
import { viewportLabel } from '@/lib/schemas/viewport';
import { LiveViewPanel } from '@/components/live-view/live-view-panel';
import { CopyButton } from './copy-button';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_1fr] items-start gap-3 border-b py-2 last:border-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm">{children}</dd>
    </div>
  );
}

const flag = (v: boolean | undefined) => <Badge tone={v ? 'info' : 'neutral'}>{v ? 'yes' : 'no'}</Badge>;

export function SessionOverview({ sessionId, apiMode }: { sessionId: string; apiMode: 'embedded' | 'cloud' }) {
  const { data: s, error, isPending } = useQuery(browserDetailOptions(sessionId));
  if (error) return <ErrorNotice title="Could not load this browser" message={error.message} />;
  if (isPending || !s) return <Skeleton className="h-64" />;
  return (
    <div className="grid gap-4">
    <LiveViewPanel session={s} mode={apiMode} />
    <section aria-labelledby="details-heading" className="rounded-lg border bg-card p-4">
      <h2 id="details-heading" className="mb-2 text-sm font-semibold">
        Details
      </h2>
      <dl>
        <Row label="Session id">
          <span className="font-mono">{s.session_id}</span>
        </Row>
        <Row label="CDP URL">
          {s.cdp_ws_url && !s.deleted_at ? (
            <div className="flex items-center gap-1">
              <code className="truncate rounded bg-muted px-1.5 py-0.5 text-xs" title="Connect with chromium.connectOverCDP(url)">
                {s.cdp_ws_url}
              </code>
              <CopyButton value={s.cdp_ws_url} label="Copy CDP URL" />
            </div>
          ) : (
            '—'
          )}
        </Row>
        <Row label="Created">
          <time dateTime={s.created_at} title={formatExact(s.created_at)}>
            {formatRelative(s.created_at)}
          </time>
        </Row>
        {s.deleted_at ? (
          <Row label="Ended">
            <time dateTime={s.deleted_at} title={formatExact(s.deleted_at)}>
              {formatRelative(s.deleted_at)}
            </time>
          </Row>
        ) : null}
        <Row label="Viewport">{s.viewport ? <span className="font-mono">{viewportLabel(s.viewport)}</span> : '—'}</Row>
        <Row label="Idle timeout">{s.timeout_seconds} s</Row>
        <Row label="Headless">{flag(s.headless)}</Row>
        <Row label="Stealth">{flag(s.stealth)}</Row>
        <Row label="Kiosk mode">{flag(s.kiosk_mode)}</Row>
        <Row label="Proxy">{s.proxy_id ? <span className="font-mono">{s.proxy_id}</span> : 'none'}</Row>
        {s.persistence?.id ? (
          <Row label="Persistent id">
            <span className="font-mono">{s.persistence.id}</span> <Badge tone="warning">deprecated</Badge>
          </Row>
        ) : null}
        {s.pool ? (
          <Row label="Pool">
            <Link href={`/pools/${s.pool.id}`} className="text-primary hover:underline">
              {s.pool.name ?? s.pool.id}
            </Link>
          </Row>
        ) : null}
        {s.start_url ? <Row label="Start URL">{s.start_url}</Row> : null}
      </dl>
    </section>
    </div>
  );
}
