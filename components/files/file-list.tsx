'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SortKey, SortState } from '@/lib/files/entries';
import { useNow } from '@/lib/hooks/use-now';
import type { FileInfo } from '@/lib/schemas/fs';
import { cn } from '@/lib/utils';
import { COLUMNS, FileRow, ROW_HEIGHT } from './file-row';

const HEADER_HEIGHT = 36;
/** The first click on a column sorts the way operators usually want it: names A→Z, sizes and times biggest first. */
const FIRST_DIR: Record<SortKey, SortState['dir']> = { name: 'asc', size: 'desc', modified: 'desc' };

function SortHeader({ label, sortKey, sort, onSort, className }: { label: string; sortKey: SortKey; sort: SortState; onSort: (s: SortState) => void; className?: string }) {
  const active = sort.key === sortKey;
  const Arrow = sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <div role="columnheader" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 rounded px-1 tracking-wide uppercase hover:text-foreground', active && 'text-foreground')}
        onClick={() => onSort(active ? { key: sortKey, dir: sort.dir === 'asc' ? 'desc' : 'asc' } : { key: sortKey, dir: FIRST_DIR[sortKey] })}
      >
        {label}
        {active ? <Arrow aria-hidden className="size-3" /> : null}
      </button>
    </div>
  );
}

/**
 * The folder's entries as a keyboard-driven grid: only the rows in view are rendered, so 100,000 entries scroll
 * like 100. Arrows/Home/End/Page keys move, Enter opens (or downloads), Backspace goes up, Delete deletes.
 */
export function FileList({
  sessionId,
  path,
  entries,
  select,
  sort,
  onSort,
  onOpen,
  onUp,
  onDelete,
}: {
  sessionId: string;
  path: string;
  entries: FileInfo[];
  /** The entry to start on (the folder just left when going up). */
  select?: string;
  sort: SortState;
  onSort: (s: SortState) => void;
  onOpen: (entry: FileInfo) => void;
  onUp: () => void;
  onDelete: (entry: FileInfo) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const gridId = useId();
  const [active, setActive] = useState(() => Math.max(0, entries.findIndex((e) => e.path === select)));
  const now = useNow();
  // The React Compiler is not enabled here; the virtualizer's unmemoizable API is expected (see TanStack docs).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const rowId = (i: number) => `${gridId}-row-${i}`;

  // A new folder takes over the keyboard from the one it replaced (focus would otherwise fall back to the page).
  useEffect(() => {
    if (active > 0) virtualizer.scrollToIndex(active, { align: 'center' });
    if (document.activeElement === document.body) scrollRef.current?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when this folder's list first appears
  }, []);
  const current = Math.min(active, entries.length - 1);

  function moveTo(i: number) {
    const next = Math.max(0, Math.min(entries.length - 1, i));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // Keys pressed on a control inside the grid (a sort button) belong to that control.
    if (e.target !== e.currentTarget) return;
    const page = Math.max(1, Math.floor(((scrollRef.current?.clientHeight ?? 400) - HEADER_HEIGHT) / ROW_HEIGHT) - 1);
    const entry = entries[current];
    switch (e.key) {
      case 'ArrowDown':
        moveTo(current + 1);
        break;
      case 'ArrowUp':
        moveTo(current - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(entries.length - 1);
        break;
      case 'PageDown':
        moveTo(current + page);
        break;
      case 'PageUp':
        moveTo(current - page);
        break;
      case 'Enter':
        if (entry) onOpen(entry);
        break;
      case 'Backspace':
        onUp();
        break;
      case 'Delete':
        if (entry) onDelete(entry);
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  return (
    <div
      ref={scrollRef}
      role="grid"
      tabIndex={0}
      aria-label={`Contents of ${path}`}
      aria-rowcount={entries.length + 1}
      aria-activedescendant={entries.length ? rowId(current) : undefined}
      onKeyDown={onKeyDown}
      className="relative h-[max(18rem,calc(100vh-22rem))] overflow-auto rounded-lg border bg-card focus-visible:outline-1 focus-visible:outline-offset-0"
    >
      <div role="rowgroup" className="sticky top-0 z-10">
        <div
          role="row"
          aria-rowindex={1}
          style={{ height: HEADER_HEIGHT }}
          className={cn(COLUMNS, 'items-center border-b bg-card px-3 text-xs font-medium tracking-wide text-muted-foreground uppercase')}
        >
          <SortHeader label="Name" sortKey="name" sort={sort} onSort={onSort} className="-ml-1" />
          <SortHeader label="Size" sortKey="size" sort={sort} onSort={onSort} className="pr-2 text-right" />
          <SortHeader label="Modified" sortKey="modified" sort={sort} onSort={onSort} className="-ml-1" />
          <div role="columnheader" className="hidden sm:block">
            Mode
          </div>
          <div role="columnheader">
            <span className="sr-only">Actions</span>
          </div>
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => (
          <FileRow
            key={entries[v.index]!.path}
            sessionId={sessionId}
            entry={entries[v.index]!}
            index={v.index}
            id={rowId(v.index)}
            active={v.index === current}
            now={now}
            style={{ height: ROW_HEIGHT, transform: `translateY(${v.start - HEADER_HEIGHT}px)` }}
            onSelect={(i) => {
              setActive(i);
              scrollRef.current?.focus({ preventScroll: true });
            }}
            onOpen={onOpen}
            onDelete={onDelete}
          />
        ))}
      </div>
    </div>
  );
}
