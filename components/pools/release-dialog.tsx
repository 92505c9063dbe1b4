'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useReleasePoolBrowser } from '@/lib/hooks/use-release-pool-browser';

/** Release: back to the pool as it is (reuse), or destroyed so the pool starts a fresh one. */
export function ReleaseDialog({ poolId, sessionId, onOpenChange }: { poolId: string; sessionId: string; onOpenChange: (open: boolean) => void }) {
  const release = useReleasePoolBrowser();
  const [reuse, setReuse] = useState(true);
  const [error, setError] = useState<string>();
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={`Release ${sessionId}?`}
      description="Agents still connected to it lose it: the browser goes back to the pool or is destroyed."
      confirmLabel="Release"
      destructive={!reuse}
      pending={release.isPending}
      onConfirm={() =>
        release.mutate(
          { id: poolId, session_id: sessionId, reuse },
          {
            onSuccess: () => {
              toast.success(reuse ? `Session ${sessionId} is back in the pool` : `Session ${sessionId} destroyed; the pool starts a new one`);
              onOpenChange(false);
            },
            onError: (err) => setError(err.message),
          },
        )
      }
    >
      <fieldset className="grid gap-2 text-sm">
        <legend className="sr-only">What happens to the browser</legend>
        <label className="flex items-start gap-2">
          <input type="radio" name="release-mode" className="mt-0.5" checked={reuse} onChange={() => setReuse(true)} />
          <span>
            <span className="font-medium">Reuse</span> — return the same browser, with its tabs and cookies, for the next acquire.
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="radio" name="release-mode" className="mt-0.5" checked={!reuse} onChange={() => setReuse(false)} />
          <span>
            <span className="font-medium">Destroy</span> — close it; the pool starts a fresh one with its current configuration.
          </span>
        </label>
      </fieldset>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
