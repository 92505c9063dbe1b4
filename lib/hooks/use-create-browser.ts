'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createBrowserAction } from '@/lib/actions/browsers';
import { unwrap } from '@/lib/action-result';
import { browserKeys } from '@/lib/queries/browsers';
import type { BrowserCreateForm } from '@/lib/schemas/browser';

export function useCreateBrowser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (values: BrowserCreateForm) => unwrap(createBrowserAction(values)),
    onSuccess: (session) => qc.setQueryData(browserKeys.detail(session.session_id), session),
    onSettled: () => qc.invalidateQueries({ queryKey: browserKeys.lists() }),
  });
}
