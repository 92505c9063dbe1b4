'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { deleteProxyAction } from '@/lib/actions/proxies';
import { proxyKeys } from '@/lib/queries/proxies';

export function useDeleteProxy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(deleteProxyAction({ id })),
    onSettled: () => qc.invalidateQueries({ queryKey: proxyKeys.lists() }),
  });
}
