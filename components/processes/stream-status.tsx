'use client';

import { useEffect, useState } from 'react';
import { StatusDot } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { StreamState } from '@/lib/process/stream-client';

/** Where the console's connection is: live, reconnecting (with a countdown), ended or failed. */
export function StreamStatus({ state, onRetry }: { state: StreamState; onRetry: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (state.kind !== 'reconnecting') return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [state]);

  switch (state.kind) {
    case 'connecting':
      return <Line tone="neutral">Connecting…</Line>;
    case 'open':
      return <Line tone="success">Live</Line>;
    case 'ended':
      return <Line tone="neutral">Output complete</Line>;
    case 'failed':
      return <Line tone="danger">Stream unavailable: {state.message}</Line>;
    case 'reconnecting': {
      const seconds = Math.max(0, Math.ceil((state.retryAt - now) / 1000));
      return (
        <div role="status" className="flex items-center gap-2 text-xs text-foreground">
          <StatusDot tone="warning" />
          <span>
            Reconnecting in {seconds} s (attempt {state.attempt}): {state.reason}
          </span>
          <Button variant="ghost" size="sm" onClick={onRetry}>
            Retry now
          </Button>
        </div>
      );
    }
  }
}

function Line({ tone, children }: { tone: 'success' | 'danger' | 'neutral'; children: React.ReactNode }) {
  return (
    <div role="status" className="flex items-center gap-2 text-xs text-muted-foreground">
      <StatusDot tone={tone} />
      <span>{children}</span>
    </div>
  );
}
