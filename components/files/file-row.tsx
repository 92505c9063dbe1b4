'use client';

import { Download, File, Folder, Trash2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Button } from '@/components/ui/button';
import { fileDownloadUrl } from '@/lib/api/files';
import { formatByteCount, formatBytes, formatExact, formatRelative } from '@/lib/format';
import type { FileInfo } from '@/lib/schemas/fs';
import { cn } from '@/lib/utils';
import { filesHref } from './files-href';

/** Name, size, modified, mode, actions: shared by the header and every row so the columns line up. */
export const COLUMNS = 'grid grid-cols-[minmax(0,1fr)_5.5rem_8.5rem_4.5rem] sm:grid-cols-[minmax(0,1fr)_6rem_9rem_7rem_4.5rem]';
export const ROW_HEIGHT = 36;

export function FileRow({
  sessionId,
  entry,
  index,
  id,
  active,
  now,
  style,
  onSelect,
  onOpen,
  onDelete,
}: {
  sessionId: string;
  entry: FileInfo;
  index: number;
  id: string;
  active: boolean;
  now: number;
  style: CSSProperties;
  onSelect: (index: number) => void;
  onOpen: (entry: FileInfo) => void;
  onDelete: (entry: FileInfo) => void;
}) {
  return (
    <div
      role="row"
      id={id}
      aria-rowindex={index + 2}
      aria-selected={active}
      style={style}
      className={cn(COLUMNS, 'absolute inset-x-0 top-0 items-center border-b border-border/60 px-3 text-sm', active ? 'bg-accent' : 'hover:bg-muted/60')}
      onClick={() => onSelect(index)}
      onDoubleClick={() => onOpen(entry)}
    >
      <div role="gridcell" className="flex min-w-0 items-center gap-2">
        {entry.is_dir ? (
          <Folder aria-hidden className="size-4 shrink-0 fill-primary/20 text-primary" />
        ) : (
          <File aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        )}
        {entry.is_dir ? (
          <a
            href={filesHref(entry.path)}
            tabIndex={-1}
            className="truncate font-medium hover:underline"
            title={entry.name}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onOpen(entry);
            }}
          >
            {entry.name}
          </a>
        ) : (
          <span className="truncate" title={entry.name}>
            {entry.name}
          </span>
        )}
      </div>
      <div role="gridcell" className="pr-3 text-right text-muted-foreground tabular-nums" title={entry.is_dir ? undefined : formatByteCount(entry.size_bytes)}>
        {entry.is_dir ? '—' : formatBytes(entry.size_bytes)}
      </div>
      <div role="gridcell" className="truncate text-muted-foreground">
        <time dateTime={entry.mod_time} title={formatExact(entry.mod_time)}>
          {formatRelative(entry.mod_time, now)}
        </time>
      </div>
      <div role="gridcell" className="hidden font-mono text-xs text-muted-foreground sm:block">
        {entry.mode}
      </div>
      <div role="gridcell" className="flex justify-end gap-0.5">
        {entry.is_dir ? null : (
          <Button asChild variant="ghost" size="icon" className="size-7">
            <a href={fileDownloadUrl(sessionId, entry.path)} download={entry.name} tabIndex={-1} aria-label={`Download ${entry.name}`} title="Download">
              <Download />
            </a>
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="size-7 text-muted-foreground hover:text-destructive"
          tabIndex={-1}
          aria-label={`Delete ${entry.name}`}
          title="Delete"
          onClick={(e) => {
            e.stopPropagation();
            onDelete(entry);
          }}
        >
          <Trash2 />
        </Button>
      </div>
    </div>
  );
}
