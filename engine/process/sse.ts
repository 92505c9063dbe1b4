import type { ProcessStreamEvent } from '../../lib/schemas/process';
import type { LogCursor, OutputLog } from './output-log';

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'X-SSE-Content-Type': 'application/json',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

const encoder = new TextEncoder();

/** Kernel's framing: one `data:` line of compact JSON per event, nothing else. */
export function frame(event: ProcessStreamEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

export const KEEPALIVE = ': keepalive\n\n';

/**
 * A pull-based SSE body over a process's replay log: the reader's pace sets how fast the log is read, so a slow
 * client holds no extra memory (if it falls behind the log's bound it gets a `truncated` marker instead).
 * Ends with the exit event; `onClose` runs once, whether the stream ended or the client went away.
 */
export function sseBody(log: OutputLog, opts: { heartbeatMs: number; onClose: () => void }): ReadableStream<Uint8Array> {
  let cursor: LogCursor = { index: 0, offset: 0 };
  let closed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = log.onChange(() => wake?.());
  const finish = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    wake?.();
    opts.onClose();
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        while (!closed) {
          const r = log.read(cursor);
          cursor = r.next;
          let out = '';
          if (r.droppedBytes > 0) out += frame({ event: 'truncated', dropped_bytes: r.droppedBytes });
          for (const c of r.chunks) out += frame({ data_b64: c.data.toString('base64'), stream: c.stream });
          if (r.exitCode !== undefined) {
            controller.enqueue(encoder.encode(out + frame({ event: 'exit', exit_code: r.exitCode })));
            controller.close();
            finish();
            return;
          }
          if (out) {
            controller.enqueue(encoder.encode(out));
            return;
          }
          const idle = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(true), opts.heartbeatMs);
            wake = () => {
              wake = undefined;
              clearTimeout(timer);
              resolve(false);
            };
          });
          if (closed) return;
          if (idle) {
            wake = undefined;
            controller.enqueue(encoder.encode(KEEPALIVE));
            return;
          }
        }
      },
      cancel() {
        finish();
      },
    },
    { highWaterMark: 0 },
  );
}
