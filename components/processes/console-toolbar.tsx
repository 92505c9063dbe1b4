'use client';

import { ArrowDown, ArrowUp, ClipboardCopy, Download, Eraser, Pause, Play, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export interface ConsoleActions {
  togglePause(): void;
  find(query: string, backwards: boolean): boolean;
  clearSearch(): void;
  copy(): void;
  download(): void;
  clear(): void;
}

/** Follow/pause, search, copy, download and clear for the console; presentational. */
export function ConsoleToolbar({ paused, newLines, actions }: { paused: boolean; newLines: number; actions: ConsoleActions }) {
  const [query, setQuery] = useState('');
  const [missing, setMissing] = useState(false);
  const find = (backwards: boolean) => {
    if (!query) return;
    setMissing(!actions.find(query, backwards));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant={paused ? 'default' : 'outline'} size="sm" onClick={actions.togglePause} aria-pressed={paused}>
        {paused ? <Play /> : <Pause />}
        {paused ? 'Follow' : 'Pause'}
      </Button>
      {paused ? (
        <span role="status" className="text-xs text-muted-foreground">
          Paused · {newLines} new {newLines === 1 ? 'line' : 'lines'}
        </span>
      ) : null}
      <div className="relative ml-auto flex items-center gap-1">
        <Search className="pointer-events-none absolute left-2 size-4 text-muted-foreground" />
        <Input
          aria-label="Search output"
          placeholder="Search output"
          className="h-8 w-48 pl-7"
          value={query}
          aria-invalid={missing || undefined}
          onChange={(e) => {
            setQuery(e.target.value);
            setMissing(false);
            if (!e.target.value) actions.clearSearch();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              find(e.shiftKey);
            }
          }}
        />
        <Button variant="ghost" size="icon" aria-label="Previous match" onClick={() => find(true)}>
          <ArrowUp />
        </Button>
        <Button variant="ghost" size="icon" aria-label="Next match" onClick={() => find(false)}>
          <ArrowDown />
        </Button>
        {missing ? (
          <span role="status" className="text-xs text-destructive">
            No matches
          </span>
        ) : null}
      </div>
      <Button variant="ghost" size="sm" onClick={actions.copy} title="Copies the selection, or all output when nothing is selected">
        <ClipboardCopy /> Copy
      </Button>
      <Button variant="ghost" size="sm" onClick={actions.download}>
        <Download /> Download log
      </Button>
      <Button variant="ghost" size="sm" onClick={actions.clear}>
        <Eraser /> Clear
      </Button>
    </div>
  );
}
