import 'server-only';
import crypto from 'node:crypto';
import Kernel from '@onkernel/sdk';
import { z } from 'zod';
import { apiErrorBodySchema, validationErrorBody, type ApiErrorBody } from '@/lib/schemas/errors';
import { UpstreamDeadlineError } from './deadline-fetch';
import { EngineNotRunningError } from './env';

export interface NormalizedError {
  status: number;
  body: ApiErrorBody;
}

/** A failure the operator caused or can act on, with the status and message to show. */
export class ExpectedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Every failure, whatever its source, becomes the spec's Error shape; unexpected ones never echo internals. */
export function normalizeError(err: unknown): NormalizedError {
  if (err instanceof ExpectedError) return { status: err.status, body: { code: err.code, message: err.message } };
  if (err instanceof z.ZodError) return { status: 400, body: validationErrorBody(err) };
  if (err instanceof EngineNotRunningError) return { status: 503, body: { code: 'engine_unavailable', message: err.message } };
  // An aborted upstream read is a deadline: the only other abort is the operator's own request going away.
  const aborted = err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
  if (aborted || err instanceof UpstreamDeadlineError || (err instanceof Error && err.cause instanceof UpstreamDeadlineError)) {
    return { status: 504, body: { code: 'upstream_timeout', message: 'The Kernel API did not answer in time. Try again.' } };
  }
  if (err instanceof Kernel.APIConnectionTimeoutError) {
    return { status: 504, body: { code: 'upstream_timeout', message: 'The Kernel API did not answer in time. Try again.' } };
  }
  if (err instanceof Kernel.APIConnectionError) {
    return { status: 503, body: { code: 'upstream_unavailable', message: 'The Kernel API could not be reached. Check that it is running.' } };
  }
  if (err instanceof Kernel.APIError && typeof err.status === 'number') {
    const parsed = apiErrorBodySchema.safeParse(err.error);
    if (parsed.success) return { status: err.status, body: parsed.data };
    const message = (err.error as { message?: unknown } | undefined)?.message;
    return {
      status: err.status,
      body: { code: err.status >= 500 ? 'upstream_error' : 'error', message: typeof message === 'string' ? message : `The Kernel API answered ${err.status}.` },
    };
  }
  const ref = crypto.randomBytes(4).toString('hex');
  console.error(`[dashboard] unexpected error ${ref}:`, err instanceof Error ? err.stack : err);
  return { status: 500, body: { code: 'internal_error', message: `Something went wrong (reference ${ref}).` } };
}

/** Field errors ("size: must be at least 1") from an Error body, keyed by field path, for forms. */
export function fieldErrorsOf(body: ApiErrorBody): Record<string, string> {
  const out: Record<string, string> = {};
  const messages = body.details?.map((d) => d.message ?? '') ?? [body.message];
  for (const m of messages) {
    const match = /^([A-Za-z_][\w.[\]]*): (.+)$/.exec(m);
    if (match && !(match[1]! in out)) out[match[1]!] = match[2]!;
  }
  return out;
}
