'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { releasePoolBrowserAction } from '@/lib/actions/pools';
import { browserKeys } from '@/lib/queries/browsers';
import { poolKeys } from '@/lib/queries/pools';

export function useReleasePoolBrowser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; session_id: string; reuse: boolean }) => unwrap(releasePoolBrowserAction(input)),
    onSettled: (_d, _e, input) => {
      void qc.invalidateQueries({ queryKey: poolKeys.all });
      void qc.invalidateQueries({ queryKey: browserKeys.lists() });
      void qc.invalidateQueries({ queryKey: browserKeys.detail(input.session_id) });
    },
  });
}
