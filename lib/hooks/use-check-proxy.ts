'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { checkProxyAction } from '@/lib/actions/proxies';
import type { ProxyPage } from '@/lib/schemas/proxy';
import { proxyKeys } from '@/lib/queries/proxies';

export function useCheckProxy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unwrap(checkProxyAction({ id })),
    // Put the new status in every cached list at once, so the row never shows the old one after the check.
    onSuccess: (proxy) =>
      qc.setQueriesData<ProxyPage>({ queryKey: proxyKeys.lists() }, (page) =>
        page ? { ...page, items: page.items.map((p) => (p.id === proxy.id ? proxy : p)) } : page,
      ),
    onSettled: () => qc.invalidateQueries({ queryKey: proxyKeys.lists() }),
  });
}
