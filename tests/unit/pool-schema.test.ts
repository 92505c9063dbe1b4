import { describe, expect, it } from 'vitest';
import { browsersPerRun } from '../../engine/pools/warm';
import { formatIssue, zodIssues } from '../../lib/schemas/errors';
import { poolAcquireSchema, poolCreateSchema, poolReleaseSchema, poolUpdateSchema } from '../../lib/schemas/pool';
import { SUPPORTED_VIEWPORTS } from '../../lib/schemas/viewport';

/** The messages a body is refused with ([] when accepted). */
function refusals(schema: typeof poolCreateSchema | typeof poolUpdateSchema, body: unknown): string[] {
  const r = schema.safeParse(body);
  return r.success ? [] : zodIssues(r.error).map(formatIssue);
}
const create = (extra: Record<string, unknown>) => refusals(poolCreateSchema, { size: 1, ...extra });

describe('pool schema', () => {
  it('size: at least 1, an integer, required on create and on update', () => {
    expect(refusals(poolCreateSchema, { size: 0 })).toEqual(['size: must be at least 1']);
    expect(refusals(poolCreateSchema, { size: 1 })).toEqual([]);
    expect(refusals(poolCreateSchema, { size: 1.5 })).toEqual(['size: must be an integer']);
    expect(refusals(poolCreateSchema, { size: '2' })).toEqual(['size: must be an integer']);
    expect(refusals(poolCreateSchema, {})).toEqual(['size: is required']);
    expect(refusals(poolUpdateSchema, { fill_rate_per_minute: 5 })).toEqual(['size: is required']);
    expect(refusals(poolUpdateSchema, { size: 0 })).toEqual(['size: must be at least 1']);
    expect(refusals(poolUpdateSchema, { size: 3 })).toEqual([]);
  });

  it('fill_rate_per_minute: 0 to 25', () => {
    expect(create({ fill_rate_per_minute: -1 })).toEqual(['fill_rate_per_minute: must be at least 0']);
    expect(create({ fill_rate_per_minute: 0 })).toEqual([]);
    expect(create({ fill_rate_per_minute: 25 })).toEqual([]);
    expect(create({ fill_rate_per_minute: 26 })).toEqual(['fill_rate_per_minute: must be at most 25']);
  });

  it('timeout_seconds: 60 to 86400', () => {
    expect(create({ timeout_seconds: 59 })).toEqual(['timeout_seconds: must be at least 60']);
    expect(create({ timeout_seconds: 60 })).toEqual([]);
    expect(create({ timeout_seconds: 86400 })).toEqual([]);
    expect(create({ timeout_seconds: 86401 })).toEqual(['timeout_seconds: must be at most 86400']);
  });

  it('extensions: at most 20, each by id or by name', () => {
    const ext = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `ext-${i}` }));
    expect(create({ extensions: ext(20) })).toEqual([]);
    expect(create({ extensions: ext(21) })).toEqual(['extensions: must have at most 20 items']);
    expect(create({ extensions: [{}] })).toEqual(['extensions[0]: give an id or a name']);
    expect(create({ extensions: [{ id: 'a', name: 'b' }] })).toEqual(['extensions[0]: give an id or a name, not both']);
    expect(create({ extensions: [{ id: 'a', url: 'x' }] })).toEqual(['extensions[0].url: unknown field extensions[0].url']);
  });

  it('name: 1 to 255 letters, digits, ".", "_" and "-"', () => {
    for (const good of ['a', 'pool.main_1-x', 'A'.repeat(255)]) expect(create({ name: good }), good).toEqual([]);
    for (const bad of ['', 'has space', 'slash/name', 'ünï', 'a'.repeat(256), 'semi;colon', 'new\nline']) {
      const msgs = create({ name: bad });
      expect(msgs.length, JSON.stringify(bad)).toBe(1);
      expect(msgs[0]).toMatch(/^name: /);
    }
    expect(create({ name: 7 })).toEqual(['name: must be a string']);
  });

  it('viewport: only the six supported configurations', () => {
    for (const v of SUPPORTED_VIEWPORTS) expect(create({ viewport: { ...v } }), JSON.stringify(v)).toEqual([]);
    const unsupported = [
      { width: 1280, height: 720 },
      { width: 800, height: 600 },
      { width: 1920, height: 1080, refresh_rate: 60 },
      { width: 2560, height: 1440, refresh_rate: 25 },
      { width: 1024, height: 768, refresh_rate: 25 },
      { width: 1200, height: 800, refresh_rate: 10 },
      { width: 1440, height: 900, refresh_rate: 60 },
      { width: 1920, height: 1200, refresh_rate: 10 },
      { width: 768, height: 1024 },
    ];
    for (const v of unsupported) {
      const msgs = create({ viewport: v });
      expect(msgs, JSON.stringify(v)).toHaveLength(1);
      expect(msgs[0]).toMatch(/^viewport: \d+x\d+(@\d+)? is not supported; use one of 2560x1440@10, 1920x1080@25/);
    }
    expect(create({ viewport: { width: 1024.5, height: 768 } })).toEqual(['viewport.width: must be an integer']);
  });

  it('derives the refresh rate from the configuration when it is omitted', () => {
    const expected: Record<string, number> = { '2560x1440': 10, '1920x1080': 25, '1920x1200': 25, '1440x900': 25, '1024x768': 60, '1200x800': 60 };
    for (const [size, rate] of Object.entries(expected)) {
      const [width, height] = size.split('x').map(Number);
      const parsed = poolCreateSchema.parse({ size: 1, viewport: { width, height } });
      expect(parsed.viewport).toEqual({ width, height, refresh_rate: rate });
    }
  });

  it('profile, proxy_id, booleans, discard_all_idle and unknown fields', () => {
    expect(create({ profile: { name: 'p' } })).toEqual([]);
    expect(create({ profile: {} })).toEqual(['profile: give an id or a name']);
    expect(create({ profile: { id: 'a', name: 'b' } })).toEqual(['profile: give an id or a name, not both']);
    expect(create({ proxy_id: '' })).toEqual([]);
    expect(create({ proxy_id: 'px_1' })).toEqual([]);
    expect(create({ proxy_id: '../x' })[0]).toMatch(/^proxy_id: /);
    expect(create({ headless: 'yes' })).toEqual(['headless: must be true or false']);
    expect(create({ discard_all_idle: true })).toEqual(['discard_all_idle: unknown field discard_all_idle']);
    expect(refusals(poolUpdateSchema, { size: 1, discard_all_idle: true })).toEqual([]);
    expect(refusals(poolUpdateSchema, { size: 1, discard_all_idle: 'yes' })).toEqual(['discard_all_idle: must be true or false']);
  });

  it('acquire and release bodies', () => {
    expect(poolAcquireSchema.safeParse({ acquire_timeout_seconds: 0 }).success).toBe(true);
    expect(poolAcquireSchema.safeParse({ acquire_timeout_seconds: -1 }).success).toBe(false);
    expect(poolAcquireSchema.safeParse({ acquire_timeout_seconds: 301 }).success).toBe(false);
    expect(poolReleaseSchema.parse({ session_id: 'abc' })).toEqual({ session_id: 'abc' });
    expect(poolReleaseSchema.safeParse({ reuse: false }).success).toBe(false);
  });
});

describe('refill cadence', () => {
  it('starts fill_rate percent of the size per minute, at least one browser per run, none at rate 0', () => {
    expect(browsersPerRun({ size: 2, fill_rate_per_minute: 0 }, 5000)).toBe(0);
    expect(browsersPerRun({ size: 2, fill_rate_per_minute: 10 }, 5000)).toBe(1);
    expect(browsersPerRun({ size: 600, fill_rate_per_minute: 10 }, 5000)).toBe(5); // 60 a minute over 12 runs
    expect(browsersPerRun({ size: 1000, fill_rate_per_minute: 25 }, 60_000)).toBe(250);
  });
});
