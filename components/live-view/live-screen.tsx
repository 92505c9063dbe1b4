'use client';

import { useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { keyAction, toScreenPoint, wheelNotches } from '@/lib/computer/remote-input';
import { useLiveView, type LiveFrame, type LiveViewState } from '@/lib/hooks/use-live-view';
import type { RemoteInput } from '@/lib/schemas/computer';
import { cn } from '@/lib/utils';

const BUTTONS = ['left', 'middle', 'right', 'back', 'forward'] as const;
const MOVE_INTERVAL_MS = 50;

/** The browser-screen point under a pointer event on the canvas (its pixels are the frame's pixels). */
function screenPoint(el: HTMLCanvasElement, e: { clientX: number; clientY: number }) {
  return toScreenPoint(e.clientX, e.clientY, el.getBoundingClientRect(), { width: el.width, height: el.height });
}

function bytesOf(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The relayed live view drawn into a canvas. Frames that arrive while one is still being decoded are skipped, so
 * the picture is always the newest one. Under "Take control" the canvas forwards pointer, wheel and keys.
 */
export function LiveScreen({
  sessionId,
  enabled,
  screen,
  control,
  onInput,
  onState,
}: {
  sessionId: string;
  enabled: boolean;
  screen: { width: number; height: number };
  control: boolean;
  onInput: (input: RemoteInput) => void;
  onState: (state: LiveViewState) => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const waiting = useRef<LiveFrame | null>(null);
  const lastMove = useRef(0);

  const draw = useCallback(async (frame: LiveFrame) => {
    if (drawing.current) {
      waiting.current = frame;
      return;
    }
    drawing.current = true;
    try {
      let f: LiveFrame | null = frame;
      while (f) {
        const bitmap = await createImageBitmap(new Blob([bytesOf(f.data_b64)], { type: 'image/jpeg' }));
        const el = canvas.current;
        if (el) {
          if (el.width !== bitmap.width || el.height !== bitmap.height) {
            el.width = bitmap.width;
            el.height = bitmap.height;
          }
          el.getContext('2d')?.drawImage(bitmap, 0, 0);
          el.dataset.frame = String(f.seq);
        }
        bitmap.close();
        f = waiting.current;
        waiting.current = null;
      }
    } finally {
      drawing.current = false;
    }
  }, []);

  const state = useLiveView(sessionId, enabled, draw);
  useEffect(() => onState(state), [state, onState]);

  const pointerButton = (e: PointerEvent<HTMLCanvasElement>, kind: 'down' | 'up') => {
    if (!control) return;
    e.preventDefault();
    const p = screenPoint(e.currentTarget, e);
    // Focus for the keyboard without scrolling: a scroll would move the view out from under the pointer.
    if (kind === 'down') e.currentTarget.focus({ preventScroll: true });
    if (p) onInput({ action: 'click_mouse', params: { ...p, button: BUTTONS[e.button] ?? 'left', click_type: kind } });
  };

  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!control || e.timeStamp - lastMove.current < MOVE_INTERVAL_MS) return;
    lastMove.current = e.timeStamp;
    const p = screenPoint(e.currentTarget, e);
    if (p) onInput({ action: 'move_mouse', params: p });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (!control) return;
    const action = keyAction({ key: e.key, ctrl: e.ctrlKey, alt: e.altKey, shift: e.shiftKey, meta: e.metaKey });
    if (!action) return;
    e.preventDefault();
    onInput(action.action === 'type' ? { action: 'type', params: { text: action.text } } : { action: 'press_key', params: { keys: action.keys } });
  };

  // React's wheel listener is passive; a non-passive one is needed to keep the dashboard from scrolling too.
  useEffect(() => {
    const el = canvas.current;
    if (!el || !control) return;
    const onWheel = (e: globalThis.WheelEvent) => {
      e.preventDefault();
      const p = screenPoint(el, e);
      const dx = wheelNotches(e.deltaX);
      const dy = wheelNotches(e.deltaY);
      if (p && (dx || dy)) onInput({ action: 'scroll', params: { ...p, delta_x: dx, delta_y: dy } });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [control, onInput]);

  return (
    <canvas
      ref={canvas}
      width={screen.width}
      height={screen.height}
      role="img"
      aria-label="Live view of the browser"
      aria-describedby={control ? `control-note-${sessionId}` : undefined}
      tabIndex={control ? 0 : -1}
      onPointerDown={(e) => pointerButton(e, 'down')}
      onPointerUp={(e) => pointerButton(e, 'up')}
      onPointerMove={onPointerMove}
      onKeyDown={onKeyDown}
      onContextMenu={(e) => control && e.preventDefault()}
      className={cn(
        'block h-auto w-full bg-black outline-none',
        state.status !== 'live' && 'opacity-40',
        control && 'cursor-default ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
    />
  );
}
