import { z } from 'zod';

/**
 * Resource ids travel in URL paths, so they are restricted to a safe alphabet: an id can never carry
 * "/", "..", "?", "#" or percent escapes into an upstream URL.
 */
export const resourceIdSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(128, 'must be at most 128 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"')
  .refine((s) => s !== '.' && s !== '..', 'must not be "." or ".."');

export const paginationQuerySchema = z.object({
  limit: z.coerce.number({ error: 'must be an integer' }).int('must be an integer').min(1, 'must be at least 1').max(100, 'must be at most 100').default(20),
  offset: z.coerce.number({ error: 'must be an integer' }).int('must be an integer').min(0, 'must be at least 0').default(0),
});

export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** One page of a Kernel list, as the dashboard's route handlers answer it. */
export interface Page<T> {
  items: T[];
  has_more: boolean;
  next_offset: number | null;
}
