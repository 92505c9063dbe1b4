import { z } from 'zod';

/** Only same-site paths are accepted after login, never another host. */
export const safeNextSchema = z
  .string()
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site')
  .optional()
  .catch(undefined);

export const loginSchema = z.object({
  password: z.string().min(1, 'enter the dashboard password').max(1024),
  next: safeNextSchema,
});
