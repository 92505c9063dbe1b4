'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { postRemoteInput } from '@/lib/api/computer';
import type { RemoteInput } from '@/lib/schemas/computer';

/**
 * Sends live-view input to the browser strictly in order (a click must not overtake the move before it). A move
 * still waiting to be sent is replaced by a newer one, so a fast mouse never builds a queue.
 */
export function useRemoteInput(sessionId: string) {
  const queue = useRef<RemoteInput[]>([]);
  const running = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const drain = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        try {
          await postRemoteInput(sessionId, next);
          setError(null);
        } catch (err) {
          setError((err as Error).message);
        }
      }
    } finally {
      running.current = false;
    }
  }, [sessionId]);

  const send = useCallback(
    (input: RemoteInput) => {
      const q = queue.current;
      if (input.action === 'move_mouse' && q.length && q[q.length - 1]!.action === 'move_mouse') q[q.length - 1] = input;
      else q.push(input);
      void drain();
    },
    [drain],
  );

  useEffect(() => () => void (queue.current = []), [sessionId]);
  return { send, error, clearError: () => setError(null) };
}
