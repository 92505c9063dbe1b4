import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ActionError } from '@/lib/action-result';

/**
 * Puts the server's field errors ("extensions[0]: …", "size: …") on the matching form fields. Returns the message
 * to show above the form when nothing could be placed on a field, else undefined.
 */
export function applyServerErrors<T extends FieldValues>(err: unknown, form: UseFormReturn<T>): string | undefined {
  if (!(err instanceof ActionError)) return 'The dashboard could not reach its server. Check your connection and try again.';
  const values = form.getValues();
  let placed = false;
  for (const [field, message] of Object.entries(err.fieldErrors)) {
    const key = field.split(/[.[]/)[0]!;
    if (key in values) {
      form.setError(key as Path<T>, { message: field === key ? message : `${field}: ${message}` }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed ? undefined : err.message;
}
