import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ActionError } from '@/lib/action-result';

export const UNREACHABLE_MESSAGE = 'The dashboard could not reach its server. Check your connection and try again.';

/** Where one of the server's field errors ("config.port", "extensions[0]") goes on a form, and what it says there. */
export type PlaceFieldError<T extends FieldValues> = (path: string, message: string) => { field: Path<T>; message: string } | undefined;

/**
 * Puts the server's field errors on the form fields `place` picks for them. Returns the message to show above the
 * form when none could be placed, or when the server was not reached at all; else undefined.
 */
export function applyServerErrors<T extends FieldValues, R>(
  err: unknown,
  form: UseFormReturn<T, unknown, R>,
  place: PlaceFieldError<T>,
  { focus = false } = {},
): string | undefined {
  if (!(err instanceof ActionError)) return UNREACHABLE_MESSAGE;
  let placed = false;
  for (const [path, message] of Object.entries(err.fieldErrors)) {
    const target = place(path, message);
    if (!target) continue;
    form.setError(target.field, { message: target.message }, { shouldFocus: focus && !placed });
    placed = true;
  }
  return placed ? undefined : err.message;
}

/** Places an error on the form value its path starts with; a nested path is named in the message. */
export function byTopLevelField<T extends FieldValues, R>(form: UseFormReturn<T, unknown, R>): PlaceFieldError<T> {
  const values = form.getValues();
  return (path, message) => {
    const key = path.split(/[.[]/)[0]!;
    return key in values ? { field: key as Path<T>, message: path === key ? message : `${path}: ${message}` } : undefined;
  };
}
