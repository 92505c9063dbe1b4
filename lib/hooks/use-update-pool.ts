'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { updatePoolAction } from '@/lib/actions/pools';
import { poolKeys } from '@/lib/queries/pools';
import type { PoolForm } from '@/lib/schemas/pool-form';

export function useUpdatePool(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: PoolForm) => unwrap(updatePoolAction({ ...values, id })),
    onSettled: () => qc.invalidateQueries({ queryKey: poolKeys.all }),
  });
}
