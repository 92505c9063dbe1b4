'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { createPoolAction } from '@/lib/actions/pools';
import { poolKeys } from '@/lib/queries/pools';
import type { PoolForm } from '@/lib/schemas/pool-form';

export function useCreatePool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: PoolForm) => unwrap(createPoolAction(values)),
    onSettled: () => qc.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
