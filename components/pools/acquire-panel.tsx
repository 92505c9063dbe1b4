'use client';

import { Hand } from 'lucide-react';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAcquirePoolBrowser } from '@/lib/hooks/use-acquire-pool-browser';
import type { BrowserSession } from '@/lib/schemas/browser';
import { ACQUIRE_WAIT } from '@/lib/schemas/pool-form';

type Outcome = { kind: 'acquired'; session: BrowserSession } | { kind: 'none'; wait: number } | { kind: 'error'; message: string };

/** Acquires a browser the way an agent would: at once when one is warm, else waiting up to the given seconds. */
export function AcquirePanel({ poolId }: { poolId: string }) {
  const acquire = useAcquirePoolBrowser();
  const [wait, setWait] = useState(String(ACQUIRE_WAIT.default));
  const [outcome, setOutcome] = useState<Outcome>();
  const waitSeconds = Number(wait);
  const waitError =
    wait === '' || !Number.isInteger(waitSeconds) || waitSeconds < ACQUIRE_WAIT.min || waitSeconds > ACQUIRE_WAIT.max
      ? `must be a whole number from ${ACQUIRE_WAIT.min} to ${ACQUIRE_WAIT.max}`
      : undefined;

  function run() {
    if (waitError) return;
    setOutcome(undefined);
    acquire.mutate(
      { id: poolId, wait_seconds: waitSeconds },
      {
        onSuccess: ({ session }) => setOutcome(session ? { kind: 'acquired', session } : { kind: 'none', wait: waitSeconds }),
        onError: (err) => setOutcome({ kind: 'error', message: err.message }),
      },
    );
  }

  return (
    <section aria-labelledby="acquire-heading" className="grid gap-3 rounded-lg border bg-card p-4">
      <h2 id="acquire-heading" className="text-sm font-semibold">
        Acquire a browser
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <label htmlFor="acquire-wait" className="text-xs text-muted-foreground">
            Wait up to (seconds)
          </label>
          <Input
            id="acquire-wait"
            className="w-28"
            type="number"
            inputMode="numeric"
            min={ACQUIRE_WAIT.min}
            max={ACQUIRE_WAIT.max}
            value={wait}
            aria-invalid={waitError ? true : undefined}
            aria-describedby={waitError ? 'acquire-wait-error' : undefined}
            onChange={(e) => setWait(e.target.value)}
          />
        </div>
        <Button onClick={run} disabled={acquire.isPending || !!waitError}>
          <Hand /> {acquire.isPending ? 'Waiting for a browser…' : 'Acquire'}
        </Button>
      </div>
      {waitError ? (
        <p id="acquire-wait-error" role="alert" className="text-sm text-destructive">
          Wait: {waitError}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm">
        {outcome?.kind === 'acquired' ? (
          <p>
            Acquired session{' '}
            <Link href={`/browsers/${outcome.session.session_id}`} className="font-mono text-primary hover:underline">
              {outcome.session.session_id}
            </Link>
            . It is yours until you release it or it is idle for the pool&apos;s timeout.
          </p>
        ) : outcome?.kind === 'none' ? (
          <p className="text-muted-foreground">No browser became available within {outcome.wait} s. Try again, or raise the size or fill rate.</p>
        ) : outcome?.kind === 'error' ? (
          <p className="text-destructive">{outcome.message}</p>
        ) : null}
      </div>
    </section>
  );
}
