'use client';

import { useEffect, useRef, useState } from 'react';
import { errorOf } from '@/lib/api/http';
import { liveViewUrl } from '@/lib/api/computer';
import { SseParser } from '@/lib/sse/parser';
import type { LiveViewEvent } from '@/lib/schemas/computer';

export type LiveFrame = Extract<LiveViewEvent, { type: 'frame' }>;

export type LiveViewState =
  | { status: 'connecting'; retrying: boolean; message?: string }
  | { status: 'live' }
  | { status: 'ended'; message: string }
  | { status: 'unavailable'; message: string };

const END_MESSAGES: Record<Extract<LiveViewEvent, { type: 'end' }>['reason'], string> = {
  deleted: 'The session was deleted or timed out.',
  browser_closed: 'The browser closed.',
  engine_closing: 'The engine is shutting down.',
};

const backoff = (attempt: number) => Math.min(10_000, 500 * 2 ** attempt);

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });
}

/**
 * The one owner of a session's live-view stream: connects through the dashboard's relay, hands every frame to
 * `onFrame`, reconnects after network failures with backoff, and stops for good when the session ends, has no
 * live view, or the login is gone. The stream closes when the component unmounts or `enabled` turns false.
 */
export function useLiveView(sessionId: string, enabled: boolean, onFrame: (frame: LiveFrame) => void): LiveViewState {
  const [state, setState] = useState<LiveViewState>({ status: 'connecting', retrying: false });
  const frameRef = useRef(onFrame);
  useEffect(() => {
    frameRef.current = onFrame;
  }, [onFrame]);

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const { signal } = abort;

    async function readOnce(): Promise<'ended' | 'retry'> {
      const res = await fetch(liveViewUrl(sessionId), { signal, cache: 'no-store', headers: { accept: 'text/event-stream' } });
      if (!res.ok) {
        const err = await errorOf(res);
        if (res.status === 404) setState({ status: 'ended', message: 'The session has ended.' });
        else if (res.status === 409 || res.status === 401) setState({ status: 'unavailable', message: err.message });
        else return (setState({ status: 'connecting', retrying: true, message: err.message }), 'retry');
        return 'ended';
      }
      let ended = false;
      const parser = new SseParser();
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done || ended) break;
        for (const message of parser.feed(value)) {
          const event = JSON.parse(message.data) as LiveViewEvent;
          if (event.type === 'frame') {
            setState((s) => (s.status === 'live' ? s : { status: 'live' }));
            frameRef.current(event);
          } else {
            ended = true;
            setState({ status: 'ended', message: END_MESSAGES[event.reason] ?? 'The live view ended.' });
          }
        }
      }
      if (ended) await reader.cancel().catch(() => {});
      return ended ? 'ended' : 'retry';
    }

    void (async () => {
      setState({ status: 'connecting', retrying: false });
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          if ((await readOnce()) === 'ended') return;
          attempt = 0;
        } catch {
          if (signal.aborted) return;
        }
        setState((s) => (s.status === 'connecting' && s.message ? s : { status: 'connecting', retrying: true }));
        await wait(backoff(attempt), signal);
      }
    })();
    return () => abort.abort();
  }, [sessionId, enabled]);

  return state;
}
