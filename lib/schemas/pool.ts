import { z } from 'zod';
import type { BrowserSession } from './browser';
import { paginationQuerySchema, resourceIdSchema, type Page } from './common';
import { DEFAULT_VIEWPORT, viewportSchema, type Viewport } from './viewport';

/** The spec's pool limits, in one place for the engine, the actions and the editor. */
export const POOL_SIZE_MIN = 1;
export const POOL_FILL_RATE = { min: 0, max: 25, default: 10 } as const;
export const POOL_TIMEOUT = { min: 60, max: 86400, default: 600 } as const;
export const POOL_MAX_EXTENSIONS = 20;
export const POOL_NAME_PATTERN = /^[a-zA-Z0-9._-]{1,255}$/;
export const ACQUIRE_TIMEOUT = { min: 0, max: 300 } as const;

const required = (rule: string) => (iss: { input: unknown }) => (iss.input === undefined ? 'is required' : rule);

const intSchema = (min: number, max?: number) => {
  let s = z.number({ error: required('must be an integer') }).int('must be an integer').min(min, `must be at least ${min}`);
  if (max !== undefined) s = s.max(max, `must be at most ${max}`);
  return s;
};

const bool = () => z.boolean({ error: 'must be true or false' });

export const poolNameSchema = z
  .string({ error: 'must be a string' })
  .min(1, { error: 'must not be empty', abort: true })
  .max(255, { error: 'must be at most 255 characters', abort: true })
  .regex(POOL_NAME_PATTERN, 'may contain only letters, digits, ".", "_" and "-"');

export const poolSizeSchema = intSchema(POOL_SIZE_MIN);
export const fillRateSchema = intSchema(POOL_FILL_RATE.min, POOL_FILL_RATE.max);
export const poolTimeoutSchema = intSchema(POOL_TIMEOUT.min, POOL_TIMEOUT.max);

const refName = z.string({ error: 'must be a string' }).max(255, 'must be at most 255 characters');

/** A profile given by id or by name; `{id: ""}` on update clears the pool's profile. */
export const poolProfileSchema = z
  .object({ id: refName.optional(), name: refName.min(1, 'must not be empty').optional(), save_changes: bool().optional() })
  .strict()
  .refine((p) => p.id !== undefined || p.name !== undefined, 'give an id or a name')
  .refine((p) => p.id === undefined || p.name === undefined, 'give an id or a name, not both');

export const extensionRefSchema = z
  .object({ id: refName.min(1, 'must not be empty').optional(), name: refName.min(1, 'must not be empty').optional() })
  .strict()
  .refine((e) => e.id !== undefined || e.name !== undefined, 'give an id or a name')
  .refine((e) => e.id === undefined || e.name === undefined, 'give an id or a name, not both');

/** "" removes the pool's proxy on update; anything else must look like a resource id. */
const proxyIdSchema = z.union([z.literal(''), resourceIdSchema], {
  error: 'may contain only letters, digits, ".", "_" and "-" (at most 128), or be "" to remove the proxy',
});

const configFields = {
  name: poolNameSchema.optional(),
  fill_rate_per_minute: fillRateSchema.optional(),
  timeout_seconds: poolTimeoutSchema.optional(),
  stealth: bool().optional(),
  headless: bool().optional(),
  kiosk_mode: bool().optional(),
  profile: poolProfileSchema.optional(),
  extensions: z
    .array(extensionRefSchema, { error: 'must be an array' })
    .max(POOL_MAX_EXTENSIONS, `must have at most ${POOL_MAX_EXTENSIONS} items`)
    .optional(),
  proxy_id: proxyIdSchema.optional(),
  viewport: viewportSchema.optional(),
};

/** POST /browser_pools. */
export const poolCreateSchema = z.object({ size: poolSizeSchema, ...configFields }).strict();

/** PATCH /browser_pools/{id_or_name}: the spec makes size required; omitted fields keep their value. */
export const poolUpdateSchema = z
  .object({ size: poolSizeSchema, ...configFields, discard_all_idle: bool().optional() })
  .strict();

export type PoolCreateInput = z.input<typeof poolCreateSchema>;
export type PoolCreate = z.output<typeof poolCreateSchema>;
export type PoolUpdateInput = z.input<typeof poolUpdateSchema>;
export type PoolUpdate = z.output<typeof poolUpdateSchema>;

export const poolListQuerySchema = paginationQuerySchema.extend({
  name: z.string().max(255, 'must be at most 255 characters').optional(),
  query: z.string().max(255, 'must be at most 255 characters').optional(),
});

export const poolAcquireSchema = z
  .object({
    acquire_timeout_seconds: intSchema(ACQUIRE_TIMEOUT.min, ACQUIRE_TIMEOUT.max).optional(),
    name: poolNameSchema.optional(),
    start_url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
    tags: z.record(z.string(), z.string({ error: 'values must be strings' }), { error: 'must be an object of strings' }).optional(),
  })
  .strict();

export const poolReleaseSchema = z
  .object({ session_id: z.string({ error: required('must be a string') }).pipe(resourceIdSchema), reuse: bool().optional() })
  .strict();

export const poolDeleteSchema = z.object({ force: bool().optional() }).strict();

export type PoolAcquire = z.output<typeof poolAcquireSchema>;

/** The configuration a pool keeps and echoes as browser_pool_config (defaults filled in). */
export interface PoolConfig {
  size: number;
  name?: string;
  fill_rate_per_minute: number;
  timeout_seconds: number;
  stealth: boolean;
  headless: boolean;
  kiosk_mode: boolean;
  viewport: Viewport;
  proxy_id?: string;
  profile?: { id?: string; name?: string };
  extensions?: { id?: string; name?: string }[];
}

export const POOL_CONFIG_DEFAULTS: Omit<PoolConfig, 'size'> = {
  fill_rate_per_minute: POOL_FILL_RATE.default,
  timeout_seconds: POOL_TIMEOUT.default,
  stealth: false,
  headless: false,
  kiosk_mode: false,
  viewport: DEFAULT_VIEWPORT,
};

/** The pool object as the API returns it. */
export interface BrowserPoolObject {
  id: string;
  name?: string;
  available_count: number;
  acquired_count: number;
  created_at: string;
  browser_pool_config: PoolConfig;
  extension_ids: string[];
}

/** How many pooled browsers the organization may keep and how many its pools take (engine headers). */
export interface PoolCapacity {
  limit: number;
  used: number;
}

export const POOLED_LIMIT_HEADER = 'x-pooled-sessions-limit';
export const POOLED_USED_HEADER = 'x-pooled-sessions-used';

export type PoolPage = Page<BrowserPoolObject> & {
  /** The organization's pooled-sessions figures, when the API publishes them (the local engine does). */
  capacity: PoolCapacity | null;
};

export interface PoolDetail {
  pool: BrowserPoolObject;
  capacity: PoolCapacity | null;
  /** The pool's browsers that are out on lease now. */
  acquired: BrowserSession[];
}
