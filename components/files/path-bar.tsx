'use client';

import { ChevronRight, HardDrive, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { breadcrumbs } from '@/lib/files/entries';
import { normalizeSessionPath, sessionPathSchema } from '@/lib/schemas/fs';
import { filesHref } from './files-href';

/** Breadcrumbs of the current folder; "Edit path" turns them into a field for typing any absolute path. */
export function PathBar({ path, onNavigate }: { path: string; onNavigate: (path: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(path);
  const [error, setError] = useState<string>();

  function submit() {
    const checked = sessionPathSchema.safeParse(value);
    if (!checked.success) {
      setError(`path: ${checked.error.issues[0]?.message ?? 'is invalid'}`);
      return;
    }
    setError(undefined);
    setEditing(false);
    onNavigate(normalizeSessionPath(checked.data));
  }

  if (editing) {
    return (
      <form
        className="grid min-w-0 flex-1 gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Input
          autoFocus
          aria-label="Path"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'path-bar-error' : undefined}
          className="font-mono"
          value={value}
          spellCheck={false}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              setEditing(false);
              setError(undefined);
            }
          }}
        />
        {error ? (
          <p id="path-bar-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </form>
    );
  }

  const crumbs = breadcrumbs(path);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1 rounded-md border bg-card px-2">
      <nav aria-label="Breadcrumb" className="min-w-0 flex-1 overflow-x-auto">
        <ol className="flex h-9 items-center gap-0.5 text-sm whitespace-nowrap">
          {crumbs.map((c, i) => {
            const last = i === crumbs.length - 1;
            return (
              <li key={c.path} className="flex items-center gap-0.5">
                {i > 0 ? <ChevronRight aria-hidden className="size-3.5 text-muted-foreground" /> : null}
                {last ? (
                  <span aria-current="page" className="flex items-center gap-1 px-1 font-medium">
                    {i === 0 ? <HardDrive aria-hidden className="size-4" /> : null}
                    {i === 0 ? <span className="sr-only">Root</span> : c.name}
                  </span>
                ) : (
                  <a
                    href={filesHref(c.path)}
                    onClick={(e) => {
                      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      onNavigate(c.path);
                    }}
                    className="flex items-center gap-1 rounded px-1 text-muted-foreground hover:bg-accent hover:text-foreground"
                  >
                    {i === 0 ? <HardDrive aria-hidden className="size-4" /> : null}
                    {i === 0 ? <span className="sr-only">Root</span> : c.name}
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Edit path"
        title="Type a path"
        onClick={() => {
          setValue(path);
          setEditing(true);
        }}
      >
        <Pencil />
      </Button>
    </div>
  );
}
