'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/action-result';
import { createDirectoryAction } from '@/lib/actions/files';
import { fileKeys } from '@/lib/queries/files';

export function useCreateDirectory(sessionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ parent, name }: { parent: string; name: string }) => unwrap(createDirectoryAction({ id: sessionId, parent, name })),
    onSettled: () => qc.invalidateQueries({ queryKey: fileKeys.session(sessionId) }),
  });
}
