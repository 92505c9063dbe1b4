'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { createProxyAction } from '@/lib/actions/proxies';
import { proxyKeys } from '@/lib/queries/proxies';
import type { ProxyFormValues } from '@/lib/schemas/proxy';

export function useCreateProxy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: ProxyFormValues) => unwrap(createProxyAction(values)),
    onSettled: () => qc.invalidateQueries({ queryKey: proxyKeys.lists() }),
  });
}
