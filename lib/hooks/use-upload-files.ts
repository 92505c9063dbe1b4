'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { uploadFile } from '@/lib/api/files';
import { fileKeys } from '@/lib/queries/files';
import { FS_LIMITS, joinSessionPath, sessionPathSchema } from '@/lib/schemas/fs';

export interface UploadItem {
  key: string;
  name: string;
  path: string;
  size: number;
  loaded: number;
  status: 'queued' | 'uploading' | 'done' | 'error' | 'cancelled';
  error?: string;
}

let counter = 0;

/** Uploads files into a directory one after another, with per-file progress; owns the listing's refresh. */
export function useUploadFiles(sessionId: string) {
  const qc = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const skipped = useRef(new Set<string>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((prev) => prev.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }, []);

  const upload = useCallback(
    async (dir: string, files: File[]) => {
      const batch = files.map((file) => {
        const path = joinSessionPath(dir, file.name);
        const checked = sessionPathSchema.safeParse(path);
        const error = !checked.success
          ? `path: ${checked.error.issues[0]?.message ?? 'is invalid'}`
          : file.size > FS_LIMITS.maxWriteBytes
            ? `file: must be at most ${FS_LIMITS.maxWriteBytes} bytes`
            : undefined;
        const item: UploadItem = {
          key: `upload-${++counter}`,
          name: file.name,
          path,
          size: file.size,
          loaded: 0,
          status: error ? 'error' : 'queued',
          error,
        };
        return { item, file };
      });
      setItems((prev) => [...prev.filter((i) => i.status === 'queued' || i.status === 'uploading'), ...batch.map((b) => b.item)]);
      let uploaded = 0;
      for (const { item, file } of batch) {
        if (item.status === 'error' || skipped.current.delete(item.key)) continue;
        const controller = new AbortController();
        controllers.current.set(item.key, controller);
        patch(item.key, { status: 'uploading' });
        try {
          await uploadFile(sessionId, item.path, file, (loaded) => patch(item.key, { loaded }), controller.signal);
          patch(item.key, { status: 'done', loaded: item.size });
          uploaded++;
        } catch (err) {
          const cancelled = controller.signal.aborted;
          patch(item.key, { status: cancelled ? 'cancelled' : 'error', error: cancelled ? undefined : (err as Error).message });
        } finally {
          controllers.current.delete(item.key);
        }
      }
      if (uploaded > 0) await qc.invalidateQueries({ queryKey: fileKeys.session(sessionId) });
      return { uploaded, failed: batch.length - uploaded };
    },
    [patch, qc, sessionId],
  );

  const cancel = useCallback((key: string) => {
    const c = controllers.current.get(key);
    if (c) return c.abort();
    skipped.current.add(key);
    setItems((prev) => prev.map((i) => (i.key === key && i.status === 'queued' ? { ...i, status: 'cancelled' } : i)));
  }, []);

  const clear = useCallback(() => setItems((prev) => prev.filter((i) => i.status === 'queued' || i.status === 'uploading')), []);

  return { items, upload, cancel, clear, busy: items.some((i) => i.status === 'queued' || i.status === 'uploading') };
}
