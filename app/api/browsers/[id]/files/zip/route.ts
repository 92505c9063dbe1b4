import { resourceIdSchema } from '@/lib/schemas/common';
import { fsPathQuerySchema } from '@/lib/schemas/fs';
import { attachmentHeader, zipResponse } from '@/lib/server/files';
import { authedRoute } from '@/lib/server/route';

/** A folder of the session as a zip, streamed as the engine builds it. */
export const GET = authedRoute<{ id: string }>(async (req, { id }) => {
  const sessionId = resourceIdSchema.parse(id);
  const { path } = fsPathQuerySchema.parse({ path: req.nextUrl.searchParams.get('path') ?? undefined });
  const upstream = await zipResponse(sessionId, path, req.signal);
  return new Response(upstream.body, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': attachmentHeader(path, '.zip'),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
