import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { validationErrorBody, type ApiErrorBody } from '../../lib/schemas/errors';

const CODES: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable_entity',
  429: 'too_many_requests',
  500: 'internal_error',
  503: 'unavailable',
};

/** An error the engine answers with on purpose: its status and the spec's Error body. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly body: Partial<ApiErrorBody> = {},
  ) {
    super(message);
  }
  toBody(): ApiErrorBody {
    return { code: CODES[this.status] ?? 'error', ...this.body, message: this.message };
  }
}

export const badRequest = (message: string, field?: string) =>
  new HttpError(400, field ? `${field}: ${message}` : message, {
    details: [{ code: 'invalid_input', message: field ? `${field}: ${message}` : message }],
  });
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);

export class ValidationError extends HttpError {
  constructor(error: z.ZodError) {
    const body = validationErrorBody(error);
    super(400, body.message, body);
  }
}

export function errorResponse(c: Context, err: unknown): Response {
  if (err instanceof HttpError) {
    // The SDK retries 409 by default; these conflicts are permanent.
    if (err.status === 409) c.header('x-should-retry', 'false');
    return c.json(err.toBody(), err.status);
  }
  console.error('[engine] unexpected error', err);
  return c.json({ code: 'internal_error', message: 'internal error' } satisfies ApiErrorBody, 500);
}
