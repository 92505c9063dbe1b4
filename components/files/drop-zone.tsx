'use client';

import { Upload } from 'lucide-react';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { toast } from 'sonner';

/** Accepts files dragged from the desktop onto the folder's view; folders dragged in are refused with a message. */
export function DropZone({ target, disabled, onFiles, children }: { target: string; disabled?: boolean; onFiles: (files: File[]) => void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  const carriesFiles = (e: DragEvent) => !disabled && e.dataTransfer.types.includes('Files');

  return (
    <div
      className="relative"
      onDragEnter={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setOver(true);
      }}
      onDragOver={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setOver(false);
      }}
      onDrop={(e) => {
        if (!carriesFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setOver(false);
        const items = [...e.dataTransfer.items];
        const folders = items.filter((i) => i.webkitGetAsEntry?.()?.isDirectory).length;
        const files = items.filter((i) => i.kind === 'file' && !i.webkitGetAsEntry?.()?.isDirectory).map((i) => i.getAsFile()).filter((f): f is File => !!f);
        if (folders > 0) toast.error(`Folders cannot be uploaded (${folders} skipped); drop the files inside them instead.`);
        if (files.length > 0) onFiles(files);
      }}
    >
      {children}
      {over ? (
        <div className="pointer-events-none absolute inset-0 z-20 grid place-items-center rounded-lg border-2 border-dashed border-primary bg-primary/10">
          <p className="flex items-center gap-2 rounded-md bg-card px-3 py-2 text-sm font-medium shadow">
            <Upload aria-hidden className="size-4" /> Drop to upload into <span className="font-mono">{target}</span>
          </p>
        </div>
      ) : null}
    </div>
  );
}
