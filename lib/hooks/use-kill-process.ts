'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { killProcessAction } from '@/lib/actions/processes';
import { processKeys } from '@/lib/queries/processes';
import type { ProcessSignal } from '@/lib/schemas/process';

export function useKillProcess(sessionId: string, processId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (signal: ProcessSignal) => unwrap(killProcessAction({ session_id: sessionId, process_id: processId, signal })),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: processKeys.detail(sessionId, processId) });
      void qc.invalidateQueries({ queryKey: processKeys.lists(sessionId) });
    },
  });
}
