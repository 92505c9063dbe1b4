import { resourceIdSchema } from '@/lib/schemas/common';
import { fsPathQuerySchema } from '@/lib/schemas/fs';
import { attachmentHeader, readFileResponse } from '@/lib/server/files';
import { authedRoute } from '@/lib/server/route';

/** Streams a file of the session to the operator as a download; aborting the download aborts the read. */
export const GET = authedRoute<{ id: string }>(async (req, { id }) => {
  const sessionId = resourceIdSchema.parse(id);
  const { path } = fsPathQuerySchema.parse({ path: req.nextUrl.searchParams.get('path') ?? undefined });
  const upstream = await readFileResponse(sessionId, path, req.signal);
  const headers = new Headers({
    'content-type': 'application/octet-stream',
    'content-disposition': attachmentHeader(path),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  const length = upstream.headers.get('content-length');
  if (length) headers.set('content-length', length);
  return new Response(upstream.body, { status: 200, headers });
});
