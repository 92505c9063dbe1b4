'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteBrowserAction } from '@/lib/actions/browsers';
import { unwrap } from '@/lib/action-result';
import { browserKeys } from '@/lib/queries/browsers';

export function useDeleteBrowser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteBrowserAction({ id })),
    onSettled: (_d, _e, id) => {
      void qc.invalidateQueries({ queryKey: browserKeys.lists() });
      void qc.invalidateQueries({ queryKey: browserKeys.detail(id) });
    },
  });
}
