'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletePersistentBrowserAction } from '@/lib/actions/browsers';
import { unwrap } from '@/lib/action-result';
import { browserKeys } from '@/lib/queries/browsers';

export function useDeletePersistentBrowser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (persistentId: string) => unwrap(deletePersistentBrowserAction({ persistent_id: persistentId })),
    onSettled: () => qc.invalidateQueries({ queryKey: browserKeys.all }),
  });
}
