'use client';

import { CheckCircle2, CircleAlert, Loader2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import type { UploadItem } from '@/lib/hooks/use-upload-files';
import { cn } from '@/lib/utils';

/** Progress of the uploads started from this page, each with its own error message. */
export function UploadPanel({ items, onCancel, onClear }: { items: UploadItem[]; onCancel: (key: string) => void; onClear: () => void }) {
  if (items.length === 0) return null;
  const finished = items.filter((i) => i.status !== 'queued' && i.status !== 'uploading').length;
  return (
    <section aria-label="Uploads" className="rounded-lg border bg-card p-3">
      <div className="mb-2 flex items-center justify-between">
        <h2 className="text-sm font-semibold">
          Uploads <span className="font-normal text-muted-foreground">({finished} of {items.length} finished)</span>
        </h2>
        {finished > 0 ? (
          <Button variant="ghost" size="sm" onClick={onClear}>
            Clear finished
          </Button>
        ) : null}
      </div>
      <ul className="grid max-h-48 gap-2 overflow-y-auto">
        {items.map((i) => {
          const pct = i.size > 0 ? Math.round((i.loaded / i.size) * 100) : i.status === 'done' ? 100 : 0;
          return (
            <li key={i.key} className="grid gap-1 text-sm">
              <div className="flex items-center gap-2">
                {i.status === 'done' ? (
                  <CheckCircle2 aria-hidden className="size-4 text-success" />
                ) : i.status === 'error' ? (
                  <CircleAlert aria-hidden className="size-4 text-destructive" />
                ) : i.status === 'uploading' ? (
                  <Loader2 aria-hidden className="size-4 animate-spin text-muted-foreground" />
                ) : (
                  <span aria-hidden className="size-4" />
                )}
                <span className="min-w-0 flex-1 truncate font-mono text-xs" title={i.path}>
                  {i.path}
                </span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {i.status === 'uploading' ? `${pct}% of ${formatBytes(i.size)}` : i.status === 'done' ? `uploaded, ${formatBytes(i.size)}` : i.status}
                </span>
                {i.status === 'queued' || i.status === 'uploading' ? (
                  <Button variant="ghost" size="icon" className="size-6" aria-label={`Cancel upload of ${i.name}`} onClick={() => onCancel(i.key)}>
                    <X />
                  </Button>
                ) : null}
              </div>
              {i.status === 'uploading' ? (
                <div role="progressbar" aria-label={`Uploading ${i.name}`} aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} className="h-1 overflow-hidden rounded bg-muted">
                  <div className={cn('h-full bg-primary transition-[width]')} style={{ width: `${pct}%` }} />
                </div>
              ) : null}
              {i.error ? (
                <p role="alert" className="pl-6 text-xs text-destructive">
                  {i.name}: {i.error}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
