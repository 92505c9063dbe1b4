import { z } from 'zod';

/** The API's error body (spec "Errors"): shared by the engine, the dashboard's server code and the UI. */
export const errorDetailSchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
});

export const apiErrorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(errorDetailSchema).optional(),
  inner_error: errorDetailSchema.optional(),
});

export type ErrorDetail = z.infer<typeof errorDetailSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

/** One field error: the dotted field path ("" for the whole body) and the rule it broke. */
export interface FieldIssue {
  field: string;
  message: string;
}

export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join('');
}

/** Turns zod issues into messages that name the field and the rule, e.g. "size: must be at least 1". */
export function zodIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((issue) => {
    let field = fieldPath(issue.path);
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => (field ? `${field}.${k}` : k));
      field = keys[0] ?? field;
      message = `unknown field${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`;
    }
    return { field, message };
  });
}

export function formatIssue(issue: FieldIssue): string {
  return issue.field ? `${issue.field}: ${issue.message}` : issue.message;
}

/** The 400 body for a failed validation: the first issue as the message, all of them as details. */
export function validationErrorBody(error: z.ZodError): ApiErrorBody {
  const issues = zodIssues(error);
  return {
    code: 'bad_request',
    message: issues.map(formatIssue).join('; ') || 'invalid input',
    details: issues.map((i) => ({ code: 'invalid_input', message: formatIssue(i) })),
  };
}
