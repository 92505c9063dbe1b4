'use client';

import { toast } from 'sonner';
import { ConfirmDialog, FormAlert } from '@/components/ui/dialog';
import { useDeleteFile } from '@/lib/hooks/use-delete-file';
import type { FileInfo } from '@/lib/schemas/fs';

/** Confirms, naming the file or folder, before delete_file / delete_directory; failures stay in the dialog. */
export function DeleteEntryDialog({ sessionId, entry, onClose }: { sessionId: string; entry: FileInfo; onClose: () => void }) {
  const del = useDeleteFile(sessionId);
  const kind = entry.is_dir ? 'folder' : 'file';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${kind} ${entry.name}?`}
      description={
        entry.is_dir
          ? `${entry.path} and everything in it will be removed from the session. This cannot be undone.`
          : `${entry.path} will be removed from the session. This cannot be undone.`
      }
      confirmLabel={`Delete ${kind}`}
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(
          { path: entry.path, isDir: entry.is_dir },
          {
            onSuccess: () => {
              toast.success(`Deleted ${entry.name}`);
              onClose();
            },
          },
        )
      }
    >
      <FormAlert message={del.error?.message} />
    </ConfirmDialog>
  );
}
