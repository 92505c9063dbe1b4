'use client';

import { ArrowUp, FileArchive, FolderPlus, RefreshCw, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { PathBar } from './path-bar';

/** Up, the path (breadcrumbs or typed), refresh, new folder and upload (file picker). */
export function FileToolbar({
  path,
  zipUrl,
  canGoUp,
  canWrite,
  refreshing,
  onNavigate,
  onUp,
  onRefresh,
  onNewFolder,
  onUpload,
}: {
  path: string;
  /** Where the current folder downloads as a zip; absent while the folder cannot be read. */
  zipUrl?: string;
  canGoUp: boolean;
  canWrite: boolean;
  refreshing: boolean;
  onNavigate: (path: string) => void;
  onUp: () => void;
  onRefresh: () => void;
  onNewFolder: () => void;
  onUpload: (files: File[]) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Button variant="outline" size="icon" className="size-9" aria-label="Up one level" title="Up one level (Backspace)" disabled={!canGoUp} onClick={onUp}>
        <ArrowUp />
      </Button>
      <PathBar key={path} path={path} onNavigate={onNavigate} />
      <div className="flex items-center gap-2">
        <Button variant="outline" size="icon" className="size-9" aria-label="Refresh" title="Refresh" onClick={onRefresh}>
          <RefreshCw className={cn(refreshing && 'animate-spin')} />
        </Button>
        {zipUrl ? (
          <Button asChild variant="outline" size="icon" className="size-9">
            <a href={zipUrl} download aria-label="Download folder as zip" title="Download this folder as a zip">
              <FileArchive />
            </a>
          </Button>
        ) : null}
        <Button variant="outline" disabled={!canWrite} onClick={onNewFolder}>
          <FolderPlus /> New folder
        </Button>
        <Button disabled={!canWrite} onClick={() => picker.current?.click()}>
          <Upload /> Upload
        </Button>
        <input
          ref={picker}
          type="file"
          multiple
          tabIndex={-1}
          aria-label="Choose files to upload"
          className="sr-only"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) onUpload(files);
          }}
        />
      </div>
    </div>
  );
}
