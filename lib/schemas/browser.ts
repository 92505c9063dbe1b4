import { z } from 'zod';
import { paginationQuerySchema, resourceIdSchema, type Page } from './common';
import { viewportFromKey, viewportKeySchema, viewportSchema, type Viewport } from './viewport';

export const BROWSER_TIMEOUT = { min: 10, max: 259200, default: 60 } as const;

const sessionNameSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'may contain only letters, digits, ".", "_" and "-"');

/** POST /browsers: the request the engine accepts and the dashboard sends. */
export const browserCreateSchema = z
  .object({
    name: sessionNameSchema.optional(),
    headless: z.boolean({ error: 'must be true or false' }).optional(),
    stealth: z.boolean({ error: 'must be true or false' }).optional(),
    kiosk_mode: z.boolean({ error: 'must be true or false' }).optional(),
    timeout_seconds: z
      .number({ error: 'must be an integer' })
      .int('must be an integer')
      .min(BROWSER_TIMEOUT.min, `must be at least ${BROWSER_TIMEOUT.min}`)
      .max(BROWSER_TIMEOUT.max, `must be at most ${BROWSER_TIMEOUT.max}`)
      .optional(),
    viewport: viewportSchema.optional(),
    proxy_id: resourceIdSchema.optional(),
    start_url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional(),
    persistence: z.object({ id: resourceIdSchema }).strict().optional(),
    tags: z.record(z.string(), z.string()).optional(),
  })
  .strict();

export type BrowserCreateInput = z.input<typeof browserCreateSchema>;
export type BrowserCreate = z.output<typeof browserCreateSchema>;

export const browserListQuerySchema = paginationQuerySchema.extend({
  status: z.enum(['active', 'deleted', 'all'], { error: 'must be active, deleted or all' }).default('active'),
  query: z.string().max(255, 'must be at most 255 characters').optional(),
});

export type BrowserListQuery = z.infer<typeof browserListQuerySchema>;

export const persistentDeleteSchema = z.object({ persistent_id: resourceIdSchema });

/** The session object as the API returns it (the fields the dashboard reads). */
export interface BrowserSession {
  session_id: string;
  cdp_ws_url: string;
  webdriver_ws_url: string;
  created_at: string;
  headless: boolean;
  stealth: boolean;
  timeout_seconds: number;
  name?: string | null;
  kiosk_mode?: boolean;
  viewport?: Partial<Viewport> & { width: number; height: number };
  proxy_id?: string | null;
  start_url?: string | null;
  browser_live_view_url?: string | null;
  deleted_at?: string | null;
  persistence?: { id: string } | null;
  pool?: { id: string; name?: string | null } | null;
  tags?: Record<string, string> | null;
}

/** What the create dialog edits; the viewport is one of the supported keys, so nothing else can be chosen. */
export const browserCreateFormSchema = z.object({
  name: z.union([z.literal(''), sessionNameSchema]),
  viewport: viewportKeySchema,
  timeout_seconds: z
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(BROWSER_TIMEOUT.min, `must be at least ${BROWSER_TIMEOUT.min}`)
    .max(BROWSER_TIMEOUT.max, `must be at most ${BROWSER_TIMEOUT.max}`),
  headless: z.boolean(),
  stealth: z.boolean(),
  kiosk_mode: z.boolean(),
  proxy_id: z.union([z.literal(''), resourceIdSchema]),
  persistent_id: z.union([z.literal(''), resourceIdSchema]),
  start_url: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http or https URL' })]),
});

export type BrowserCreateForm = z.infer<typeof browserCreateFormSchema>;

export const browserCreateFormDefaults: BrowserCreateForm = {
  name: '',
  viewport: '1920x1080@25',
  timeout_seconds: 600,
  headless: false,
  stealth: false,
  kiosk_mode: false,
  proxy_id: '',
  persistent_id: '',
  start_url: '',
};

export function browserFormToRequest(v: BrowserCreateForm): BrowserCreateInput {
  const viewport = viewportFromKey(v.viewport);
  return {
    ...(v.name ? { name: v.name } : {}),
    viewport,
    timeout_seconds: v.timeout_seconds,
    headless: v.headless,
    stealth: v.stealth,
    kiosk_mode: v.kiosk_mode,
    ...(v.proxy_id ? { proxy_id: v.proxy_id } : {}),
    ...(v.persistent_id ? { persistence: { id: v.persistent_id } } : {}),
    ...(v.start_url ? { start_url: v.start_url } : {}),
  };
}

export const browserIdInputSchema = z.object({ id: resourceIdSchema });
export const persistentIdInputSchema = z.object({ persistent_id: resourceIdSchema });

export type BrowserPage = Page<BrowserSession>;
