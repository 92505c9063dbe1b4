import 'server-only';
import type { NextRequest } from 'next/server';
import { resourceIdSchema } from '@/lib/schemas/common';
import { processIdSchema } from '@/lib/schemas/process';
import { isLoggedIn } from './auth';
import { normalizeError } from './errors';
import { serverEnv } from './env';
import { openUpstreamStream, RELAY_HEADERS } from './upstream-stream';

const problem = (status: number, code: string, message: string) => Response.json({ code, message }, { status });

/**
 * Relays a process's stdout stream byte for byte. Login and ids are checked before anything goes upstream;
 * the upstream request carries the browser request's abort signal, so closing the tab ends it.
 */
export async function relayProcessStream(req: NextRequest, params: { id: string; processId: string }): Promise<Response> {
  if (!(await isLoggedIn())) return problem(401, 'unauthorized', 'Log in to use the dashboard.');
  const id = resourceIdSchema.safeParse(params.id);
  if (!id.success) return problem(400, 'bad_request', `id: ${id.error.issues[0]?.message}`);
  const processId = processIdSchema.safeParse(params.processId);
  if (!processId.success) return problem(400, 'bad_request', `process_id: ${processId.error.issues[0]?.message}`);

  try {
    const body = await openUpstreamStream(`/browsers/${id.data}/process/${processId.data}/stdout/stream`, req.signal, serverEnv().timeoutMs);
    return new Response(body, { status: 200, headers: RELAY_HEADERS });
  } catch (err) {
    const { status, body } = normalizeError(err);
    return Response.json(body, { status });
  }
}
