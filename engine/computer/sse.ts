import type { Viewer } from './live-view';

const KEEPALIVE_MS = 15_000;

/**
 * A live-view viewer as an SSE response body (`data: {json}` per event, `:` comments as heartbeats). The stream is
 * pulled, so a viewer whose connection is slow is sent the newest frame when it can take one, never a backlog.
 */
export function viewerStream(viewer: Viewer, onClose: () => void): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onClose();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        // Sent at once so that proxies and the dashboard see the stream open before the first frame.
        controller.enqueue(enc.encode(': live view\n\n'));
      },
      async pull(controller) {
        const event = await viewer.next(KEEPALIVE_MS);
        if (finished) return;
        if (event) controller.enqueue(enc.encode(`data: ${JSON.stringify(event)}\n\n`));
        else if (!viewer.done) controller.enqueue(enc.encode(': keepalive\n\n'));
        if (!event ? viewer.done : event.type === 'end') {
          controller.close();
          finish();
        }
      },
      cancel: finish,
    },
    { highWaterMark: 0 },
  );
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};
