import { NextResponse } from 'next/server';
import { resourceIdSchema } from '@/lib/schemas/common';
import { FS_LIMITS, fsPathQuerySchema } from '@/lib/schemas/fs';
import { ExpectedError } from '@/lib/server/errors';
import { writeFileStream } from '@/lib/server/files';
import { assertSameOrigin, authedRoute } from '@/lib/server/route';

/**
 * Uploads one file: the request body is streamed straight into the session's write_file, so a big file is never
 * held in memory here (a server action would buffer it and is capped in size).
 */
export const PUT = authedRoute<{ id: string }>(async (req, { id }) => {
  const denied = assertSameOrigin(req);
  if (denied) return denied;
  const sessionId = resourceIdSchema.parse(id);
  const { path } = fsPathQuerySchema.parse({ path: req.nextUrl.searchParams.get('path') ?? undefined });
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > FS_LIMITS.maxWriteBytes) {
    throw new ExpectedError(413, 'payload_too_large', `file: must be at most ${FS_LIMITS.maxWriteBytes} bytes`);
  }
  await writeFileStream(sessionId, path, req.body ?? new Blob([]).stream(), req.signal);
  return NextResponse.json({ path }, { status: 201 });
});
