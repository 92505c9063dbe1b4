import { describe, expect, it } from 'vitest';
import { browserCreateFormSchema, browserCreateSchema, browserFormToRequest, browserCreateFormDefaults } from '@/lib/schemas/browser';
import { resourceIdSchema } from '@/lib/schemas/common';
import { validationErrorBody } from '@/lib/schemas/errors';
import { SUPPORTED_VIEWPORTS, viewportSchema } from '@/lib/schemas/viewport';

describe('viewport', () => {
  it('accepts the six supported configurations and derives the refresh rate', () => {
    for (const v of SUPPORTED_VIEWPORTS) {
      expect(viewportSchema.parse(v)).toEqual(v);
      expect(viewportSchema.parse({ width: v.width, height: v.height })).toEqual(v);
    }
  });

  it.each([
    { width: 800, height: 600 },
    { width: 1920, height: 1080, refresh_rate: 60 },
    { width: 2560, height: 1440, refresh_rate: 25 },
    { width: 1024, height: 768, refresh_rate: 10 },
    { width: 1920.5, height: 1080 },
  ])('refuses %o and names the supported ones', (v) => {
    const r = viewportSchema.safeParse(v);
    expect(r.success).toBe(false);
  });

  it('names the field in the Error body', () => {
    const r = browserCreateSchema.safeParse({ viewport: { width: 1, height: 1 } });
    expect(r.success).toBe(false);
    const body = validationErrorBody(r.error!);
    expect(body.code).toBe('bad_request');
    expect(body.message).toMatch(/^viewport: 1x1 is not supported; use one of 2560x1440@10/);
    expect(body.details?.[0]?.code).toBe('invalid_input');
  });
});

describe('resource ids', () => {
  it.each(['../x', 'a/b', '%2F', 'a?b', '..', '.', '', 'a b', 'x'.repeat(129)])('refuses %j', (id) => {
    expect(resourceIdSchema.safeParse(id).success).toBe(false);
  });
  it.each(['abc123', 'org_1', 'a.b-c_d'])('accepts %j', (id) => {
    expect(resourceIdSchema.parse(id)).toBe(id);
  });
});

describe('browser create', () => {
  it('refuses unknown fields, wrong types and out-of-range timeouts by name', () => {
    const cases: [unknown, string][] = [
      [{ surprise: 1 }, 'surprise'],
      [{ headless: 'yes' }, 'headless'],
      [{ timeout_seconds: 9 }, 'timeout_seconds'],
      [{ timeout_seconds: 259201 }, 'timeout_seconds'],
      [{ name: 'has space' }, 'name'],
      [{ start_url: 'ftp://x' }, 'start_url'],
    ];
    for (const [input, field] of cases) {
      const r = browserCreateSchema.safeParse(input);
      expect(r.success, JSON.stringify(input)).toBe(false);
      expect(validationErrorBody(r.error!).message.startsWith(field)).toBe(true);
    }
  });

  it('turns the form into the API request', () => {
    const values = browserCreateFormSchema.parse({ ...browserCreateFormDefaults, name: 'agent-1', viewport: '1440x900@25', persistent_id: 'p1' });
    const req = browserFormToRequest(values);
    expect(req).toMatchObject({ name: 'agent-1', viewport: { width: 1440, height: 900, refresh_rate: 25 }, persistence: { id: 'p1' } });
    expect(browserCreateSchema.safeParse(req).success).toBe(true);
  });

  it('offers only supported viewports in the form', () => {
    expect(browserCreateFormSchema.safeParse({ ...browserCreateFormDefaults, viewport: '800x600@60' }).success).toBe(false);
  });
});
