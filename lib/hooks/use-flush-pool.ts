'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { flushPoolAction } from '@/lib/actions/pools';
import { poolKeys } from '@/lib/queries/pools';

export function useFlushPool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(flushPoolAction({ id })),
    onSettled: () => qc.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
