import 'server-only';
import { ExpectedError } from './errors';
import { upstream } from './kernel';

/** Headers that stop any proxy or server between here and the operator's browser from buffering a relayed stream. */
export const RELAY_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/**
 * Opens a long-lived SSE stream of the API for relaying byte for byte. The deadline covers the response headers
 * only; the stream then lasts until `signal` aborts (the operator's request went away) or the API ends it.
 * A refusal comes back as an ExpectedError carrying the API's status, code and message.
 */
export async function openUpstreamStream(pathname: string, signal: AbortSignal, connectTimeoutMs: number): Promise<ReadableStream<Uint8Array>> {
  const { url, headers } = upstream(pathname);
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => ((timedOut = true), abort.abort()), connectTimeoutMs);
  let res: Response;
  try {
    res = await fetch(url, { headers: { ...headers, accept: 'text/event-stream' }, signal: abort.signal, cache: 'no-store' });
  } catch {
    signal.removeEventListener('abort', onAbort);
    if (timedOut) throw new ExpectedError(504, 'upstream_timeout', `The Kernel API did not answer within ${connectTimeoutMs} ms.`);
    if (signal.aborted) throw new ExpectedError(499, 'client_closed', 'The stream was closed.');
    throw new ExpectedError(503, 'upstream_unavailable', 'The Kernel API could not be reached. Check that it is running.');
  } finally {
    clearTimeout(timer);
  }
  if (res.ok && res.body) return res.body;

  signal.removeEventListener('abort', onAbort);
  let body: { code?: string; message?: string } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    /* not JSON */
  }
  throw new ExpectedError(res.status >= 400 ? res.status : 502, body.code ?? 'upstream_error', body.message ?? `The Kernel API answered ${res.status}.`);
}
