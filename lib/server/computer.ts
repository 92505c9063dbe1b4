import 'server-only';
import type { RemoteInput } from '@/lib/schemas/computer';
import { ExpectedError } from './errors';
import { serverEnv } from './env';
import { kernel } from './kernel';
import { openUpstreamStream } from './upstream-stream';

// Actions are not idempotent (a retried click clicks twice), so none of these calls is retried.
const once = { maxRetries: 0 };

export async function setCursor(id: string, hidden: boolean): Promise<{ ok: boolean }> {
  return kernel().browsers.computer.setCursorVisibility(id, { hidden }, once);
}

export async function captureScreenshot(id: string): Promise<ArrayBuffer> {
  const res = await kernel().browsers.computer.captureScreenshot(id, {}, once);
  return res.arrayBuffer();
}

/** One live-view input, sent to the computer endpoint it names. */
export async function sendRemoteInput(id: string, input: RemoteInput): Promise<void> {
  const c = kernel().browsers.computer;
  switch (input.action) {
    case 'move_mouse':
      return c.moveMouse(id, input.params, once);
    case 'click_mouse':
      return c.clickMouse(id, input.params, once);
    case 'scroll':
      return c.scroll(id, input.params, once);
    case 'type':
      return c.typeText(id, input.params, once);
    case 'press_key':
      return c.pressKey(id, input.params, once);
  }
}

const CONNECT_TIMEOUT_MS = 15_000;

/** Opens the embedded engine's live-view stream for relaying; it lasts until `signal` aborts or the session ends. */
export async function openLiveView(id: string, signal: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  if (serverEnv().mode === 'cloud') {
    throw new ExpectedError(409, 'conflict', 'Sessions of the Kernel cloud are shown through their browser_live_view_url.');
  }
  return openUpstreamStream(`/browsers/${encodeURIComponent(id)}/live_view`, signal, CONNECT_TIMEOUT_MS);
}
