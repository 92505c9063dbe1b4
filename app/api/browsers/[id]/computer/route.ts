import { resourceIdSchema } from '@/lib/schemas/common';
import { remoteInputSchema } from '@/lib/schemas/computer';
import { ExpectedError } from '@/lib/server/errors';
import { sendRemoteInput } from '@/lib/server/computer';
import { assertSameOrigin, authedRoute } from '@/lib/server/route';

const MAX_BODY = 64 * 1024;

/**
 * Input from the live view under "Take control" (clicks, typing, scrolling). A route handler rather than a server
 * action: actions run one at a time per page and would queue reads behind a burst of input.
 */
export const POST = authedRoute<{ id: string }>(async (req, { id }) => {
  const refused = assertSameOrigin(req);
  if (refused) return refused;
  const sessionId = resourceIdSchema.parse(id);
  const text = await req.text();
  if (text.length > MAX_BODY) throw new ExpectedError(413, 'payload_too_large', `body: must be at most ${MAX_BODY} bytes`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ExpectedError(400, 'bad_request', 'body: must be valid JSON');
  }
  await sendRemoteInput(sessionId, remoteInputSchema.parse(body));
  return new Response(null, { status: 204 });
});
