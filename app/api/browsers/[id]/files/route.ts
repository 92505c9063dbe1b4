import { resourceIdSchema } from '@/lib/schemas/common';
import { fsPathQuerySchema } from '@/lib/schemas/fs';
import { listFilesResponse } from '@/lib/server/files';
import { authedRoute } from '@/lib/server/route';

/** A directory listing, relayed as the API's JSON without re-parsing it (listings can hold 100,000 entries). */
export const GET = authedRoute<{ id: string }>(async (req, { id }) => {
  const sessionId = resourceIdSchema.parse(id);
  const { path } = fsPathQuerySchema.parse({ path: req.nextUrl.searchParams.get('path') ?? undefined });
  const upstream = await listFilesResponse(sessionId, path, req.signal);
  return new Response(upstream.body, {
    status: 200,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
});
