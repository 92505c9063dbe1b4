import { z } from 'zod';
import { paginationQuerySchema, resourceIdSchema, type Page } from './common';

export const PROXY_TYPES = ['datacenter', 'isp', 'residential', 'mobile', 'custom'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];
/** The types Kernel runs itself; a local engine has no provider behind them. */
export const MANAGED_PROXY_TYPES = ['datacenter', 'isp', 'residential', 'mobile'] as const satisfies readonly ProxyType[];
export const PROXY_PROTOCOLS = ['http', 'https'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];
export const DEFAULT_PROXY_PROTOCOL: ProxyProtocol = 'https';
export const PROXY_STATUSES = ['available', 'unavailable'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];

export const PROXY_LIMITS = {
  nameMax: 255,
  bypassHostsMax: 100,
  hostMax: 253,
  usernameMax: 255,
  passwordMin: 5,
  passwordMax: 255,
  portMin: 1,
  portMax: 65535,
} as const;

export function isManagedProxyType(type: ProxyType): type is (typeof MANAGED_PROXY_TYPES)[number] {
  return type !== 'custom';
}

const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;
const HOST_LABELS = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isIpAddress(value: string): boolean {
  return IPV4.test(value) || z.ipv6().safeParse(value).success;
}

const nameSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(PROXY_LIMITS.nameMax, `must be at most ${PROXY_LIMITS.nameMax} characters`)
  .refine((s) => s.trim() === s, 'must not start or end with whitespace')
  .refine((s) => !CONTROL_CHARS.test(s), 'must not contain control characters');

const protocolSchema = z.enum(PROXY_PROTOCOLS, { error: 'must be http or https' });

const bypassHostSchema = z
  .string({ error: 'must be a string' })
  .max(PROXY_LIMITS.hostMax, `must be at most ${PROXY_LIMITS.hostMax} characters`)
  .refine((s) => !isIpAddress(s), 'must be a hostname, not an IP address')
  .refine(
    (s) => HOST_LABELS.test(s.startsWith('*.') ? s.slice(2) : s),
    'must be a hostname or a *.domain pattern, without scheme, port or path',
  );

const bypassHostsSchema = z
  .array(bypassHostSchema, { error: 'must be an array of hostnames' })
  .max(PROXY_LIMITS.bypassHostsMax, `must have at most ${PROXY_LIMITS.bypassHostsMax} entries`);

const countrySchema = z
  .string({ error: 'must be a string' })
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter ISO 3166 country code, e.g. US')
  .transform((s) => s.toUpperCase());
const citySchema = z
  .string({ error: 'must be a string' })
  .max(64, 'must be at most 64 characters')
  .regex(/^[a-z0-9_-]+$/, 'must be lowercase with no spaces, e.g. sanfrancisco');
const stateSchema = z
  .string({ error: 'must be a string' })
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter US state code, e.g. CA')
  .transform((s) => s.toUpperCase());
const zipSchema = z.string({ error: 'must be a string' }).regex(/^\d{5}$/, 'must be a five-digit US ZIP code');
const asnSchema = z.string({ error: 'must be a string' }).regex(/^(?:AS)?\d{1,10}$/i, 'must be an autonomous system number, e.g. AS7922');

const required = (otherwise: string) => (iss: { input?: unknown }) => (iss.input === undefined ? 'is required' : otherwise);

const hostSchema = z
  .string({ error: required('must be a string') })
  .min(1, 'must not be empty')
  .max(PROXY_LIMITS.hostMax, `must be at most ${PROXY_LIMITS.hostMax} characters`)
  .refine(
    (s) => isIpAddress(s) || HOST_LABELS.test(s),
    'must be a hostname or IP address without scheme, port or path, e.g. proxy.example.com',
  );
const portSchema = z
  .number({ error: required(`must be an integer from ${PROXY_LIMITS.portMin} to ${PROXY_LIMITS.portMax}`) })
  .int(`must be an integer from ${PROXY_LIMITS.portMin} to ${PROXY_LIMITS.portMax}`)
  .min(PROXY_LIMITS.portMin, `must be an integer from ${PROXY_LIMITS.portMin} to ${PROXY_LIMITS.portMax}`)
  .max(PROXY_LIMITS.portMax, `must be an integer from ${PROXY_LIMITS.portMin} to ${PROXY_LIMITS.portMax}`);
const usernameSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(PROXY_LIMITS.usernameMax, `must be at most ${PROXY_LIMITS.usernameMax} characters`)
  // Basic authentication splits user and password at the first ":".
  .refine((s) => !s.includes(':'), 'must not contain ":"')
  .refine((s) => !CONTROL_CHARS.test(s), 'must not contain control characters');
const passwordSchema = z
  .string({ error: 'must be a string' })
  .min(PROXY_LIMITS.passwordMin, `must be at least ${PROXY_LIMITS.passwordMin} characters`)
  .max(PROXY_LIMITS.passwordMax, `must be at most ${PROXY_LIMITS.passwordMax} characters`)
  .refine((s) => !CONTROL_CHARS.test(s), 'must not contain control characters');

/**
 * A type's config object: a field that belongs to another type is refused by name (strict), with a message that
 * lists what this type takes.
 */
function configFor<S extends z.core.$ZodLooseShape>(type: ProxyType, shape: S, required = false) {
  const allowed = Object.keys(shape);
  const object = z.object(shape, {
    error: (iss) =>
      iss.input === undefined
        ? `is required for a ${type} proxy (${allowed.filter((k) => !(shape[k] as z.ZodType).safeParse(undefined).success).join(' and ')})`
        : 'must be an object',
  });
  return z.preprocess((value, ctx) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        if (!allowed.includes(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [key],
            input: value,
            message: `does not belong to a ${type} proxy, which takes ${allowed.join(', ')}`,
          });
        }
      }
    }
    return value;
  }, required ? object : object.optional());
}

export const datacenterConfigSchema = configFor('datacenter', { country: countrySchema.optional() });
export const ispConfigSchema = configFor('isp', { country: countrySchema.optional() });

const usOnly = (v: { country?: string }) => v.country === undefined || v.country === 'US';

export const residentialConfigSchema = configFor('residential', {
  country: countrySchema.optional(),
  city: citySchema.optional(),
  state: stateSchema.optional(),
  zip: zipSchema.optional(),
  asn: asnSchema.optional(),
  os: z.enum(['windows', 'macos', 'android'], { error: 'must be windows, macos or android' }).optional(),
}).superRefine((v, ctx) => {
  if (!v) return;
  if (v.city && !v.country) ctx.addIssue({ code: 'custom', path: ['city'], message: 'needs country as well' });
  if (v.zip && (v.city || v.state)) ctx.addIssue({ code: 'custom', path: ['zip'], message: 'cannot be combined with city or state' });
  if (v.asn && (v.city || v.state)) ctx.addIssue({ code: 'custom', path: ['asn'], message: 'cannot be combined with city or state' });
  if ((v.state || v.zip) && !usOnly(v)) {
    ctx.addIssue({ code: 'custom', path: [v.state ? 'state' : 'zip'], message: 'is only for the US (country must be US)' });
  }
});

export const mobileConfigSchema = configFor('mobile', {
  country: countrySchema.optional(),
  city: citySchema.optional(),
  state: stateSchema.optional(),
}).superRefine((v, ctx) => {
  if (v?.state && !usOnly(v)) ctx.addIssue({ code: 'custom', path: ['state'], message: 'is only for the US (country must be US)' });
});

export const customConfigSchema = configFor(
  'custom',
  {
    host: hostSchema,
    port: portSchema,
    username: usernameSchema.optional(),
    password: passwordSchema.optional(),
  },
  true,
).superRefine((v, ctx) => {
  if (!v) return;
  if (v.username && v.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required when username is set' });
  if (v.password !== undefined && !v.username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'is required when password is set' });
});

const common = {
  name: nameSchema.optional(),
  protocol: protocolSchema.default(DEFAULT_PROXY_PROTOCOL),
  bypass_hosts: bypassHostsSchema.optional(),
};

/** POST /proxies: one shape per type, each taking exactly that type's config fields. */
export const proxyCreateSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('datacenter'), ...common, config: datacenterConfigSchema }).strict(),
    z.object({ type: z.literal('isp'), ...common, config: ispConfigSchema }).strict(),
    z.object({ type: z.literal('residential'), ...common, config: residentialConfigSchema }).strict(),
    z.object({ type: z.literal('mobile'), ...common, config: mobileConfigSchema }).strict(),
    z.object({ type: z.literal('custom'), ...common, config: customConfigSchema }).strict(),
  ],
  { error: (iss) => (iss.code === 'invalid_union' ? `must be one of ${PROXY_TYPES.join(', ')}` : undefined) },
);

export type ProxyCreateInput = z.input<typeof proxyCreateSchema>;
export type ProxyCreate = z.output<typeof proxyCreateSchema>;
export type CustomProxyConfigInput = z.output<typeof customConfigSchema>;

/** The config fields each type takes, in the order a form shows them. */
export const PROXY_CONFIG_FIELDS = {
  datacenter: ['country'],
  isp: ['country'],
  residential: ['country', 'state', 'city', 'zip', 'asn'],
  mobile: ['country', 'state', 'city'],
  custom: ['host', 'port', 'username', 'password'],
} as const satisfies Record<ProxyType, readonly string[]>;

export const proxyListQuerySchema = paginationQuerySchema.extend({
  query: z.string().max(255, 'must be at most 255 characters').optional(),
  name: z.string().max(PROXY_LIMITS.nameMax, `must be at most ${PROXY_LIMITS.nameMax} characters`).optional(),
});
export type ProxyListQuery = z.infer<typeof proxyListQuerySchema>;

export const proxyUpdateSchema = z.object({ name: nameSchema }).strict();

/** POST /proxies/{id}/check: with a url, the check targets it and the stored status is left alone. */
export const proxyCheckSchema = z
  .object({ url: z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).optional() })
  .strict();
export type ProxyCheck = z.output<typeof proxyCheckSchema>;

/** The proxy object as the API returns it (the password never leaves the engine). */
export interface ProxyConfigOut {
  country?: string;
  city?: string;
  state?: string;
  zip?: string;
  asn?: string;
  os?: string;
  host?: string;
  port?: number;
  username?: string;
  has_password?: boolean;
}

export interface Proxy {
  id: string;
  type: ProxyType;
  name?: string | null;
  protocol?: ProxyProtocol;
  bypass_hosts?: string[];
  config?: ProxyConfigOut;
  status?: ProxyStatus;
  last_checked?: string;
  ip_address?: string;
  /** Why the last check ended as it did (engine extension; not in Kernel's object). */
  status_message?: string | null;
  created_at?: string;
}

export const proxyIdInputSchema = z.object({ id: resourceIdSchema });

export type ProxyConfigField = (typeof PROXY_CONFIG_FIELDS)[ProxyType][number];

/** What the create dialog edits: plain inputs, where an empty string (or an empty number input) means "not set". */
export interface ProxyFormValues {
  type: ProxyType;
  name: string;
  protocol: ProxyProtocol;
  /** Hostnames separated by commas, spaces or new lines. */
  bypass_hosts: string;
  config: Partial<Record<ProxyConfigField, string | number>>;
}

export const proxyFormDefaults: ProxyFormValues = { type: 'custom', name: '', protocol: DEFAULT_PROXY_PROTOCOL, bypass_hosts: '', config: {} };

const isUnset = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/** Form values → the API request: unset fields are left out, the bypass list is split. */
export function proxyFormToRequest(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const f = value as Partial<Record<keyof ProxyFormValues, unknown>>;
  const rawConfig = f.config && typeof f.config === 'object' ? (f.config as Record<string, unknown>) : {};
  const config = Object.fromEntries(Object.entries(rawConfig).filter(([, v]) => !isUnset(v)));
  const bypass = typeof f.bypass_hosts === 'string' ? f.bypass_hosts.split(/[\s,]+/).filter(Boolean) : f.bypass_hosts;
  return {
    type: f.type,
    ...(isUnset(f.name) ? {} : { name: f.name }),
    ...(isUnset(f.protocol) ? {} : { protocol: f.protocol }),
    ...(Array.isArray(bypass) && bypass.length === 0 ? {} : bypass === undefined ? {} : { bypass_hosts: bypass }),
    ...(Object.keys(config).length > 0 || f.type === 'custom' ? { config } : {}),
  };
}

/** The create dialog's schema: the same union as the API, fed from form values. */
export const proxyCreateFormSchema = z.preprocess(proxyFormToRequest, proxyCreateSchema) as unknown as z.ZodType<ProxyCreate, ProxyFormValues>;

export type ProxyPage = Page<Proxy>;
