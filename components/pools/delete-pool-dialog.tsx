'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useDeletePool } from '@/lib/hooks/use-delete-pool';

export function DeletePoolDialog({ poolId, label, acquired, onOpenChange }: { poolId: string; label: string; acquired: number; onOpenChange: (open: boolean) => void }) {
  const del = useDeletePool();
  const router = useRouter();
  const [force, setForce] = useState(false);
  const [error, setError] = useState<string>();
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`Delete pool ${label}?`}
      description="Its idle browsers are closed and the pool stops keeping browsers. This cannot be undone."
      confirmLabel="Delete pool"
      pending={del.isPending}
      onConfirm={() =>
        del.mutate(
          { id: poolId, force },
          {
            onSuccess: () => {
              toast.success(`Pool ${label} deleted`);
              onOpenChange(false);
              router.push('/pools');
            },
            onError: (err) => setError(err.message),
          },
        )
      }
    >
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-0.5" checked={force} onChange={(e) => setForce(e.target.checked)} />
        <span>
          Also destroy acquired browsers (force).{' '}
          {acquired > 0 ? `${acquired} ${acquired === 1 ? 'is' : 'are'} acquired now; without this the pool is not deleted.` : 'None is acquired now.'}
        </span>
      </label>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
