'use client';

import { useMutation } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { unwrap } from '@/lib/action-result';
import { setCursorAction } from '@/lib/actions/computer';
import { readCursorHidden, subscribeCursorHidden, writeCursorHidden } from '@/lib/computer/cursor-preference';

/**
 * The cursor switch of one session: shows the state last set from this dashboard (null: never set here), applies
 * a change at once and puts the previous state back, with the API's message, if the API refuses it.
 */
export function useSetCursor(sessionId: string) {
  const subscribe = useCallback((cb: () => void) => subscribeCursorHidden(sessionId, cb), [sessionId]);
  const hidden = useSyncExternalStore(subscribe, () => readCursorHidden(sessionId), () => null);
  const mutation = useMutation({
    mutationFn: (next: boolean) => unwrap(setCursorAction({ id: sessionId, hidden: next })),
    onMutate: (next: boolean) => {
      const previous = readCursorHidden(sessionId);
      writeCursorHidden(sessionId, next);
      return { previous };
    },
    onError: (err, _next, context) => {
      writeCursorHidden(sessionId, context?.previous ?? null);
      toast.error('The cursor was not changed', { description: err.message });
    },
  });
  return { hidden, setHidden: mutation.mutate, pending: mutation.isPending, error: mutation.error };
}
