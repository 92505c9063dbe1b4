'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { deleteDirectoryAction, deleteFileAction } from '@/lib/actions/files';
import { fileKeys } from '@/lib/queries/files';

/** Deletes a file (the spec's delete_file) or, for a directory, everything in it (delete_directory). */
export function useDeleteFile(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ path, isDir }: { path: string; isDir: boolean }) =>
      unwrap(isDir ? deleteDirectoryAction({ id: sessionId, path }) : deleteFileAction({ id: sessionId, path })),
    onSettled: () => qc.invalidateQueries({ queryKey: fileKeys.session(sessionId) }),
  });
}
