import 'server-only';
import type { NextRequest } from 'next/server';
import { resourceIdSchema } from '@/lib/schemas/common';
import { processIdSchema } from '@/lib/schemas/process';
import { isLoggedIn } from './auth';
import { normalizeError } from './errors';
import { upstream } from './kernel';

const RELAY_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache, no-transform',
  'X-Accel-Buffering': 'no',
} as const;

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

  let res: Response;
  try {
    const target = upstream(`/browsers/${id.data}/process/${processId.data}/stdout/stream`);
    res = await fetch(target.url, {
      headers: { ...target.headers, accept: 'text/event-stream' },
      signal: req.signal,
      cache: 'no-store',
    });
  } catch (err) {
    if (req.signal.aborted) return new Response(null, { status: 499 });
    const { status, body } = normalizeError(err);
    if (status !== 500) return Response.json(body, { status });
    return problem(503, 'upstream_unavailable', 'The process stream could not be opened. Check that the engine is running.');
  }
  if (!res.ok || !res.body) {
    let body: { code?: string; message?: string } = {};
    try {
      body = (await res.json()) as typeof body;
    } catch {
      /* not JSON */
    }
    const status = res.status >= 400 ? res.status : 502;
    return problem(status, body.code ?? 'upstream_error', body.message ?? `The process stream answered ${res.status}.`);
  }
  return new Response(res.body, { status: 200, headers: RELAY_HEADERS });
}
