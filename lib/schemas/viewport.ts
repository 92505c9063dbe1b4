import { z } from 'zod';

/** The only viewports the service accepts (spec "Viewport object"). */
export const SUPPORTED_VIEWPORTS = [
  { width: 2560, height: 1440, refresh_rate: 10 },
  { width: 1920, height: 1080, refresh_rate: 25 },
  { width: 1920, height: 1200, refresh_rate: 25 },
  { width: 1440, height: 900, refresh_rate: 25 },
  { width: 1024, height: 768, refresh_rate: 60 },
  { width: 1200, height: 800, refresh_rate: 60 },
] as const;

export type Viewport = { width: number; height: number; refresh_rate: number };

export const DEFAULT_VIEWPORT: Viewport = { width: 1920, height: 1080, refresh_rate: 25 };

export function viewportLabel(v: { width: number; height: number; refresh_rate?: number | null }): string {
  return `${v.width}x${v.height}${v.refresh_rate ? `@${v.refresh_rate}` : ''}`;
}

export const SUPPORTED_VIEWPORT_LABELS = SUPPORTED_VIEWPORTS.map(viewportLabel);

export function findSupportedViewport(v: { width: number; height: number; refresh_rate?: number | null }) {
  return SUPPORTED_VIEWPORTS.find(
    (s) => s.width === v.width && s.height === v.height && (v.refresh_rate == null || s.refresh_rate === v.refresh_rate),
  );
}

/** A viewport object; refresh_rate is derived from the matching configuration when omitted. */
export const viewportSchema = z
  .object({
    width: z.number({ error: 'must be an integer' }).int('must be an integer'),
    height: z.number({ error: 'must be an integer' }).int('must be an integer'),
    refresh_rate: z.number({ error: 'must be an integer' }).int('must be an integer').optional(),
  })
  .strict()
  .transform((v, ctx): Viewport => {
    const match = findSupportedViewport(v);
    if (!match) {
      ctx.addIssue({
        code: 'custom',
        message: `${viewportLabel(v)} is not supported; use one of ${SUPPORTED_VIEWPORT_LABELS.join(', ')}`,
      });
      return z.NEVER;
    }
    return { ...match };
  });

/** The "WxH@R" keys the UI offers, parsed back into a viewport. */
export const viewportKeySchema = z.enum(SUPPORTED_VIEWPORT_LABELS as [string, ...string[]], {
  error: `must be one of ${SUPPORTED_VIEWPORT_LABELS.join(', ')}`,
});

export function viewportFromKey(key: string): Viewport {
  const match = SUPPORTED_VIEWPORTS.find((v) => viewportLabel(v) === key);
  if (!match) throw new Error(`unsupported viewport ${key}`);
  return { ...match };
}
