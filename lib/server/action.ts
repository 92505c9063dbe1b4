import 'server-only';
import type { z } from 'zod';
import type { ActionResult } from '@/lib/action-result';
import { validationErrorBody } from '@/lib/schemas/errors';
import { isLoggedIn } from './auth';
import { fieldErrorsOf, normalizeError } from './errors';

/**
 * The body of every server action: re-check the login (an action is a public POST endpoint), validate the input
 * with the shared schema, run, and turn any failure into the Error shape instead of throwing to the client.
 */
export async function runAction<S extends z.ZodType, T>(
  schema: S,
  input: unknown,
  run: (data: z.output<S>) => Promise<T>,
): Promise<ActionResult<T>> {
  if (!(await isLoggedIn())) {
    return { ok: false, error: { status: 401, code: 'unauthorized', message: 'Your login has expired. Log in again.' } };
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const body = validationErrorBody(parsed.error);
    return { ok: false, error: { status: 400, ...body, fieldErrors: fieldErrorsOf(body) } };
  }
  try {
    return { ok: true, data: await run(parsed.data) };
  } catch (err) {
    const { status, body } = normalizeError(err);
    return { ok: false, error: { status, ...body, fieldErrors: status === 400 ? fieldErrorsOf(body) : undefined } };
  }
}
