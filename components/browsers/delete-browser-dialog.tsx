'use client';

import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useDeleteBrowser } from '@/lib/hooks/use-delete-browser';

export function DeleteBrowserDialog({
  sessionId,
  name,
  open,
  onOpenChange,
  onDeleted,
}: {
  sessionId: string;
  name?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: () => void;
}) {
  const del = useDeleteBrowser();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Delete browser ${name ?? sessionId}?`}
      description="Its Chromium is closed and its processes and files are removed. Agents connected to it lose their connection. This cannot be undone."
      confirmLabel="Delete browser"
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(sessionId, {
          onSuccess: () => {
            toast.success(`Browser ${name ?? sessionId} deleted`);
            onOpenChange(false);
            onDeleted?.();
          },
          onError: (err) => toast.error(err.message),
        })
      }
    />
  );
}
