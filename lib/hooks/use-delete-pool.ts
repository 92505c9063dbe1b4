'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { deletePoolAction } from '@/lib/actions/pools';
import { browserKeys } from '@/lib/queries/browsers';
import { poolKeys } from '@/lib/queries/pools';

export function useDeletePool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; force: boolean }) => unwrap(deletePoolAction(input)),
    onSuccess: ({ id }) => qc.removeQueries({ queryKey: poolKeys.detail(id) }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: poolKeys.lists() });
      void qc.invalidateQueries({ queryKey: browserKeys.all });
    },
  });
}
