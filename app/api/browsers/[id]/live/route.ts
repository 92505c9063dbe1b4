import { resourceIdSchema } from '@/lib/schemas/common';
import { openLiveView } from '@/lib/server/computer';
import { authedRoute } from '@/lib/server/route';
import { RELAY_HEADERS } from '@/lib/server/upstream-stream';

export const dynamic = 'force-dynamic';

/** The session's live view (SSE of frames), relayed from the embedded engine so its port stays private. */
export const GET = authedRoute<{ id: string }>(async (req, { id }) => {
  return new Response(await openLiveView(resourceIdSchema.parse(id), req.signal), { headers: RELAY_HEADERS });
});
