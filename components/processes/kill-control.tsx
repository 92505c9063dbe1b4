'use client';

import { Skull } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { useHydrated } from '@/lib/hooks/use-hydrated';
import { useKillProcess } from '@/lib/hooks/use-kill-process';
import { PROCESS_SIGNALS, type ProcessSignal } from '@/lib/schemas/process';

const LABELS: Record<ProcessSignal, string> = {
  TERM: 'TERM (ask to stop)',
  INT: 'INT (like Ctrl+C)',
  HUP: 'HUP (hang up)',
  KILL: 'KILL (stop at once)',
};

/** Sends the chosen signal to the process and everything it started. */
export function KillControl({ sessionId, processId, running }: { sessionId: string; processId: string; running: boolean }) {
  const kill = useKillProcess(sessionId, processId);
  const [signal, setSignal] = useState<ProcessSignal>('TERM');
  const enabled = useHydrated() && running;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="process-signal" className="sr-only">
        Signal
      </label>
      <Select id="process-signal" className="h-8 w-44" value={signal} onChange={(e) => setSignal(e.target.value as ProcessSignal)} disabled={!enabled}>
        {PROCESS_SIGNALS.map((s) => (
          <option key={s} value={s}>
            {LABELS[s]}
          </option>
        ))}
      </Select>
      <Button
        variant="destructive"
        size="sm"
        disabled={!enabled || kill.isPending}
        onClick={() =>
          kill.mutate(signal, {
            onSuccess: () => toast.success(`Sent ${signal}`),
            onError: (err) => toast.error(err.message),
          })
        }
      >
        <Skull /> Kill
      </Button>
    </div>
  );
}
