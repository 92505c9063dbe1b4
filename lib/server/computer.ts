import 'server-only';
import type { RemoteInput } from '@/lib/schemas/computer';
import { ExpectedError } from './errors';
import { serverEnv } from './env';
import { kernel, upstream } from './kernel';

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

/**
 * Opens the embedded engine's live-view stream for relaying. The deadline covers getting the response headers;
 * the stream itself lasts until the operator's request (`signal`) goes away or the session ends.
 */
export async function openLiveView(id: string, signal: AbortSignal): Promise<Response> {
  if (serverEnv().mode === 'cloud') {
    throw new ExpectedError(409, 'conflict', 'Sessions of the Kernel cloud are shown through their browser_live_view_url.');
  }
  const { url, headers } = upstream(`/browsers/${encodeURIComponent(id)}/live_view`);
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => abort.abort(), CONNECT_TIMEOUT_MS);
  try {
    const res = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: abort.signal, cache: 'no-store' });
    if (!res.ok) {
      let body: { code?: string; message?: string } = {};
      try {
        body = (await res.json()) as typeof body;
      } catch {
        /* not JSON */
      }
      throw new ExpectedError(res.status, body.code ?? 'error', body.message ?? `The engine answered ${res.status}.`);
    }
    return res;
  } catch (err) {
    signal.removeEventListener('abort', onAbort);
    if (err instanceof ExpectedError) throw err;
    if (signal.aborted) throw new ExpectedError(499, 'client_closed', 'The live view was closed.');
    throw new ExpectedError(503, 'upstream_unavailable', 'The local engine could not be reached for the live view.');
  } finally {
    clearTimeout(timer);
  }
}
