import 'server-only';

const STREAMING = /^(text\/event-stream|application\/(octet-stream|zip)|image\/)/;

export class UpstreamDeadlineError extends Error {
  constructor(ms: number, phase: string) {
    super(`The Kernel API did not finish ${phase} within ${ms} ms.`);
    this.name = 'UpstreamDeadlineError';
  }
}

/**
 * A fetch for the SDK with a deadline that also covers reading the body: the SDK's own timeout stops at the
 * headers, so a trickling JSON body could otherwise hold a request open for ever. Streams and downloads may run
 * long, so for them the deadline is on silence (no bytes for `ms`) instead of on the total time.
 */
export function deadlineFetch(ms: number): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const outer = init?.signal;
    const abortFromOuter = () => controller.abort(outer?.reason);
    if (outer?.aborted) abortFromOuter();
    outer?.addEventListener('abort', abortFromOuter, { once: true });
    // Kept here rather than read from signal.reason: Next's patched fetch rejects with a plain AbortError.
    let expired: UpstreamDeadlineError | undefined;
    const expire = (phase: string) => {
      expired = new UpstreamDeadlineError(ms, phase);
      controller.abort(expired);
    };
    let timer = setTimeout(() => expire('answering'), ms);
    const cleanup = () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', abortFromOuter);
    };
    let res: Response;
    try {
      res = await fetch(input, { ...init, signal: controller.signal });
    } catch (err) {
      cleanup();
      throw expired ?? err;
    }
    if (!res.body) {
      cleanup();
      return res;
    }
    const idle = STREAMING.test(res.headers.get('content-type') ?? '');
    if (!idle) {
      clearTimeout(timer);
      timer = setTimeout(() => expire('sending its answer'), ms);
    }
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        try {
          const { value, done } = await reader.read();
          if (done) {
            cleanup();
            c.close();
            return;
          }
          if (idle) {
            clearTimeout(timer);
            timer = setTimeout(() => expire('sending data'), ms);
          }
          c.enqueue(value);
        } catch (err) {
          cleanup();
          c.error(expired ?? err);
        }
      },
      cancel(reason) {
        cleanup();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
