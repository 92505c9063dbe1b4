import { afterEach, describe, expect, it, vi } from 'vitest';

async function loadWith(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v as string);
  const mod = await import('@/lib/server/env');
  return mod.serverEnv;
}

afterEach(() => vi.unstubAllEnvs());

describe('server configuration', () => {
  it('uses the embedded engine when no Kernel API is configured', async () => {
    const env = (await loadWith({ KERNEL_BASE_URL: '', KERNEL_API_KEY: '', DATA_DIR: '/tmp/kd-x' }))();
    expect(env.mode).toBe('embedded');
    expect(env.dataDir).toBe('/tmp/kd-x');
  });

  it('manages the cloud with a key, at the default or the given URL', async () => {
    expect((await loadWith({ KERNEL_API_KEY: 'k', KERNEL_BASE_URL: '' }))().cloud).toEqual({ baseURL: 'https://api.onkernel.com', apiKey: 'k' });
    expect((await loadWith({ KERNEL_API_KEY: 'k', KERNEL_BASE_URL: 'http://127.0.0.1:9000' }))().cloud?.baseURL).toBe('http://127.0.0.1:9000');
  });

  it.each([
    [{ KERNEL_BASE_URL: 'not a url', KERNEL_API_KEY: 'k' }, /KERNEL_BASE_URL must be an http\(s\) URL/],
    [{ KERNEL_BASE_URL: 'http://127.0.0.1:9000', KERNEL_API_KEY: '' }, /KERNEL_API_KEY is required when KERNEL_BASE_URL is set/],
    [{ DASHBOARD_PASSWORD: 'short' }, /DASHBOARD_PASSWORD must be at least 8 characters/],
  ])('fails with the variable and the rule: %o', async (vars, message) => {
    const serverEnv = await loadWith({ KERNEL_BASE_URL: '', KERNEL_API_KEY: '', DASHBOARD_PASSWORD: '', ...vars });
    expect(() => serverEnv()).toThrow(message);
  });
});
