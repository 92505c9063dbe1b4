'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { spawnProcessAction } from '@/lib/actions/processes';
import { processKeys } from '@/lib/queries/processes';
import type { ProcessSpawnInput } from '@/lib/schemas/process';

export function useSpawnProcess(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (request: ProcessSpawnInput) => unwrap(spawnProcessAction({ session_id: sessionId, request })),
    onSettled: () => qc.invalidateQueries({ queryKey: processKeys.lists(sessionId) }),
  });
}
