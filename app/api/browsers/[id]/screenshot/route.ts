import { resourceIdSchema } from '@/lib/schemas/common';
import { captureScreenshot } from '@/lib/server/computer';
import { authedRoute } from '@/lib/server/route';

export const dynamic = 'force-dynamic';

/** A PNG of the session's screen, pointer included unless it is hidden, as a download. */
export const GET = authedRoute<{ id: string }>(async (_req, { id }) => {
  const sessionId = resourceIdSchema.parse(id);
  const png = await captureScreenshot(sessionId);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return new Response(png, {
    headers: {
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="${sessionId}-${stamp}.png"`,
      'cache-control': 'no-store',
    },
  });
});
