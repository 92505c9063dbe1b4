'use client';

import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useFlushPool } from '@/lib/hooks/use-flush-pool';

export function FlushPoolDialog({ poolId, label, idle, onOpenChange }: { poolId: string; label: string; idle: number; onOpenChange: (open: boolean) => void }) {
  const flush = useFlushPool();
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`Flush pool ${label}?`}
      description={`Closes the ${idle} idle browser${idle === 1 ? '' : 's'} now; the pool then starts new ones at its fill rate. Acquired browsers are not touched.`}
      confirmLabel="Flush idle browsers"
      pending={flush.isPending}
      onConfirm={() =>
        flush.mutate(poolId, {
          onSuccess: () => {
            toast.success(`Flushed the idle browsers of ${label}`);
            onOpenChange(false);
          },
          onError: (err) => toast.error(err.message),
        })
      }
    />
  );
}
