import { resourceIdSchema } from '@/lib/schemas/common';
import { openLiveView } from '@/lib/server/computer';
import { authedRoute } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

/** The session's live view (SSE of frames), relayed from the embedded engine so its port stays private. */
export const GET = authedRoute<{ id: string }>(async (req, { id }) => {
  const upstream = await openLiveView(resourceIdSchema.parse(id), req.signal);
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
});
