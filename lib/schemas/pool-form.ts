import { z } from 'zod';
import { resourceIdSchema } from './common';
import {
  fillRateSchema,
  POOL_CONFIG_DEFAULTS,
  POOL_MAX_EXTENSIONS,
  poolNameSchema,
  poolSizeSchema,
  poolTimeoutSchema,
  type PoolCapacity,
  type PoolConfig,
  type PoolCreateInput,
  type PoolUpdateInput,
} from './pool';
import { viewportFromKey, viewportKeySchema, viewportLabel } from './viewport';

const refText = z.string().trim().max(255, 'must be at most 255 characters');

/**
 * What the pool editor edits. The viewport is one of the six supported keys, so nothing else can be chosen;
 * extensions are one name per line.
 */
export const poolFormSchema = z
  .object({
    name: z.union([z.literal(''), poolNameSchema]),
    size: poolSizeSchema,
    fill_rate_per_minute: fillRateSchema,
    timeout_seconds: poolTimeoutSchema,
    viewport: viewportKeySchema,
    headless: z.boolean(),
    stealth: z.boolean(),
    kiosk_mode: z.boolean(),
    proxy_id: z.union([z.literal(''), resourceIdSchema]),
    profile_by: z.enum(['none', 'name', 'id'], { error: 'must be none, name or id' }),
    profile: refText,
    extensions: z.string().max(20_000, 'is too long'),
    discard_all_idle: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.profile_by !== 'none' && v.profile === '') ctx.addIssue({ code: 'custom', path: ['profile'], message: `enter the profile ${v.profile_by}` });
    const exts = extensionLines(v.extensions);
    if (exts.length > POOL_MAX_EXTENSIONS) {
      ctx.addIssue({ code: 'custom', path: ['extensions'], message: `must have at most ${POOL_MAX_EXTENSIONS} items (${exts.length} given)` });
    }
    if (exts.some((e) => e.length > 255)) ctx.addIssue({ code: 'custom', path: ['extensions'], message: 'each name must be at most 255 characters' });
  });

export type PoolForm = z.infer<typeof poolFormSchema>;

export function extensionLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The same rules plus the organization's capacity: the new size must fit beside the other pools. */
export function poolFormSchemaFor(capacity: PoolCapacity | null, currentSize = 0) {
  if (!capacity) return poolFormSchema;
  const others = Math.max(0, capacity.used - currentSize);
  const room = Math.max(0, capacity.limit - others);
  return poolFormSchema.superRefine((v, ctx) => {
    if (Number.isInteger(v.size) && v.size > room) {
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: `would exceed the pooled-sessions limit of ${capacity.limit}: other pools hold ${others}, so at most ${room} fit here`,
      });
    }
  });
}

export const poolFormDefaults: PoolForm = {
  name: '',
  size: 1,
  fill_rate_per_minute: POOL_CONFIG_DEFAULTS.fill_rate_per_minute,
  timeout_seconds: POOL_CONFIG_DEFAULTS.timeout_seconds,
  viewport: viewportLabel(POOL_CONFIG_DEFAULTS.viewport),
  headless: false,
  stealth: false,
  kiosk_mode: false,
  proxy_id: '',
  profile_by: 'none',
  profile: '',
  extensions: '',
  discard_all_idle: false,
};

/** The editor's starting values for an existing pool. */
export function poolFormValues(cfg: PoolConfig): PoolForm {
  const profile = cfg.profile;
  return {
    ...poolFormDefaults,
    name: cfg.name ?? '',
    size: cfg.size,
    fill_rate_per_minute: cfg.fill_rate_per_minute ?? POOL_CONFIG_DEFAULTS.fill_rate_per_minute,
    timeout_seconds: cfg.timeout_seconds ?? POOL_CONFIG_DEFAULTS.timeout_seconds,
    viewport: viewportLabel(cfg.viewport ?? POOL_CONFIG_DEFAULTS.viewport),
    headless: cfg.headless ?? false,
    stealth: cfg.stealth ?? false,
    kiosk_mode: cfg.kiosk_mode ?? false,
    proxy_id: cfg.proxy_id ?? '',
    profile_by: profile?.name ? 'name' : profile?.id ? 'id' : 'none',
    profile: profile?.name ?? profile?.id ?? '',
    extensions: (cfg.extensions ?? []).map((e) => e.name ?? e.id ?? '').join('\n'),
  };
}

function common(v: PoolForm) {
  const exts = extensionLines(v.extensions);
  return {
    size: v.size,
    fill_rate_per_minute: v.fill_rate_per_minute,
    timeout_seconds: v.timeout_seconds,
    viewport: viewportFromKey(v.viewport),
    headless: v.headless,
    stealth: v.stealth,
    kiosk_mode: v.kiosk_mode,
    ...(exts.length ? { extensions: exts.map((name) => ({ name })) } : {}),
  };
}

export function poolFormToCreate(v: PoolForm): PoolCreateInput {
  return {
    ...common(v),
    ...(v.name ? { name: v.name } : {}),
    ...(v.proxy_id ? { proxy_id: v.proxy_id } : {}),
    ...(v.profile_by !== 'none' ? { profile: { [v.profile_by]: v.profile } } : {}),
  };
}

/** An update replaces every field the editor shows; "" and {id: ""} clear the proxy and the profile. */
export function poolFormToUpdate(v: PoolForm): PoolUpdateInput {
  return {
    ...common(v),
    extensions: common(v).extensions ?? [],
    ...(v.name ? { name: v.name } : {}),
    proxy_id: v.proxy_id,
    profile: v.profile_by === 'none' ? { id: '' } : { [v.profile_by]: v.profile },
    discard_all_idle: v.discard_all_idle,
  };
}

const LABELS: Partial<Record<keyof PoolForm, string>> = {
  name: 'Name',
  size: 'Size',
  fill_rate_per_minute: 'Fill rate',
  timeout_seconds: 'Idle timeout',
  viewport: 'Viewport',
  headless: 'Headless',
  stealth: 'Stealth',
  kiosk_mode: 'Kiosk mode',
  proxy_id: 'Proxy',
  profile: 'Profile',
  extensions: 'Extensions',
};

function show(key: keyof PoolForm, v: PoolForm): string {
  switch (key) {
    case 'fill_rate_per_minute':
      return `${v.fill_rate_per_minute}% per minute`;
    case 'timeout_seconds':
      return `${v.timeout_seconds} s`;
    case 'profile':
      return v.profile_by === 'none' ? 'none' : `${v.profile_by} ${v.profile}`;
    case 'extensions':
      return extensionLines(v.extensions).join(', ') || 'none';
    case 'proxy_id':
    case 'name':
      return v[key] || 'none';
    default:
      return typeof v[key] === 'boolean' ? (v[key] ? 'on' : 'off') : String(v[key]);
  }
}

/** "Size: 2 → 3" lines for the confirmation before an update is applied. */
export function poolChanges(before: PoolForm, after: PoolForm): { field: string; from: string; to: string }[] {
  const out: { field: string; from: string; to: string }[] = [];
  for (const key of Object.keys(LABELS) as (keyof PoolForm)[]) {
    const from = show(key, before);
    const to = show(key, after);
    if (from !== to) out.push({ field: LABELS[key]!, from, to });
  }
  return out;
}

/** Server action inputs: a pool is named by its id (or name) beside the values. */
export const poolRefSchema = z.object({ id: poolNameSchema });
export const poolUpdateActionSchema = poolFormSchema.safeExtend({ id: poolNameSchema });
export const poolDeleteActionSchema = poolRefSchema.extend({ force: z.boolean() });
export const ACQUIRE_WAIT = { min: 0, max: 60, default: 10 } as const;
export const poolAcquireActionSchema = poolRefSchema.extend({
  wait_seconds: z
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(ACQUIRE_WAIT.min, `must be at least ${ACQUIRE_WAIT.min}`)
    .max(ACQUIRE_WAIT.max, `must be at most ${ACQUIRE_WAIT.max}`),
});
export const poolReleaseActionSchema = poolRefSchema.extend({ session_id: resourceIdSchema, reuse: z.boolean() });
