import { describe, expect, it } from 'vitest';
import { poolUpdateSchema } from '../../lib/schemas/pool';
import { poolChanges, poolFormDefaults, poolFormSchemaFor, poolFormToCreate, poolFormToUpdate, poolFormValues } from '../../lib/schemas/pool-form';

describe('pool editor values', () => {
  it('blocks a size that does not fit beside the other pools, and only then', () => {
    const schema = poolFormSchemaFor({ limit: 6, used: 5 }, 2); // other pools hold 3
    expect(schema.safeParse({ ...poolFormDefaults, size: 3 }).success).toBe(true);
    const over = schema.safeParse({ ...poolFormDefaults, size: 4 });
    expect(over.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['size', 'would exceed the pooled-sessions limit of 6: other pools hold 3, so at most 3 fit here'],
    ]);
    expect(poolFormSchemaFor(null).safeParse({ ...poolFormDefaults, size: 500 }).success).toBe(true);
  });

  it('accepts only the six viewport keys', () => {
    for (const bad of ['1280x720@60', '1920x1080@60', '1920x1080', '']) {
      expect(poolFormSchemaFor(null).safeParse({ ...poolFormDefaults, viewport: bad }).success, bad).toBe(false);
    }
  });

  it('turns the editor values into requests the engine schema accepts', () => {
    const values = { ...poolFormDefaults, name: 'p1', size: 2, viewport: '1200x800@60', extensions: 'a\n\n b \n', profile_by: 'name' as const, profile: 'shopper', discard_all_idle: true };
    expect(poolFormToCreate(values)).toEqual({
      name: 'p1',
      size: 2,
      fill_rate_per_minute: 10,
      timeout_seconds: 600,
      viewport: { width: 1200, height: 800, refresh_rate: 60 },
      headless: false,
      stealth: false,
      kiosk_mode: false,
      extensions: [{ name: 'a' }, { name: 'b' }],
      profile: { name: 'shopper' },
    });
    const update = poolFormToUpdate({ ...values, extensions: '', profile_by: 'none', profile: '' });
    expect(update).toMatchObject({ extensions: [], proxy_id: '', profile: { id: '' }, discard_all_idle: true });
    expect(poolUpdateSchema.safeParse(update).success).toBe(true);
  });

  it('lists what an update changes', () => {
    const before = poolFormValues({ size: 1, name: 'p', fill_rate_per_minute: 10, timeout_seconds: 600, headless: true, stealth: false, kiosk_mode: false, viewport: { width: 1024, height: 768, refresh_rate: 60 } });
    expect(poolChanges(before, before)).toEqual([]);
    expect(poolChanges(before, { ...before, size: 3, viewport: '1440x900@25', headless: false, discard_all_idle: true })).toEqual([
      { field: 'Size', from: '1', to: '3' },
      { field: 'Viewport', from: '1024x768@60', to: '1440x900@25' },
      { field: 'Headless', from: 'on', to: 'off' },
    ]);
  });
});
