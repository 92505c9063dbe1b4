import type { ApiErrorBody } from '@/lib/schemas/errors';

/** What every server action returns: data, or the Error shape with the status and per-field messages. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: ApiErrorBody & { status: number; fieldErrors?: Record<string, string> } };

export class ActionError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: Record<string, string>;
  constructor(error: Extract<ActionResult<never>, { ok: false }>['error']) {
    super(error.message);
    this.status = error.status;
    this.code = error.code;
    this.fieldErrors = error.fieldErrors ?? {};
  }
}

/** Mutation hooks call this so TanStack Query sees a thrown error with the server's message. */
export async function unwrap<T>(result: Promise<ActionResult<T>>): Promise<T> {
  const r = await result;
  if (!r.ok) throw new ActionError(r.error);
  return r.data;
}
