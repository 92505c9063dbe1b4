'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { acquirePoolBrowserAction } from '@/lib/actions/pools';
import { browserKeys } from '@/lib/queries/browsers';
import { poolKeys } from '@/lib/queries/pools';

export function useAcquirePoolBrowser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; wait_seconds: number }) => unwrap(acquirePoolBrowserAction(input)),
    onSuccess: ({ session }) => {
      if (session) qc.setQueryData(browserKeys.detail(session.session_id), session);
    },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: poolKeys.all });
      void qc.invalidateQueries({ queryKey: browserKeys.lists() });
    },
  });
}
