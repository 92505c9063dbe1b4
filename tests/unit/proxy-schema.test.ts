import { describe, expect, it } from 'vitest';
import { validationErrorBody } from '@/lib/schemas/errors';
import { PROXY_CONFIG_FIELDS, PROXY_TYPES, proxyCheckSchema, proxyCreateSchema, proxyListQuerySchema } from '@/lib/schemas/proxy';

const message = (input: unknown) => {
  const r = proxyCreateSchema.safeParse(input);
  return r.success ? undefined : validationErrorBody(r.error).message;
};

describe('proxyCreateSchema', () => {
  it('accepts every type with its own config, defaulting protocol to https', () => {
    expect(proxyCreateSchema.parse({ type: 'datacenter' })).toEqual({ type: 'datacenter', protocol: 'https' });
    expect(proxyCreateSchema.parse({ type: 'isp', config: { country: 'gb' } }).config).toEqual({ country: 'GB' });
    expect(proxyCreateSchema.parse({ type: 'residential', config: { country: 'US', state: 'ny' } }).config).toEqual({ country: 'US', state: 'NY' });
    expect(proxyCreateSchema.parse({ type: 'residential', config: { country: 'US', zip: '10001', asn: 'AS7922' } }).config).toMatchObject({ zip: '10001' });
    expect(proxyCreateSchema.parse({ type: 'mobile', config: { country: 'US', city: 'newyork' } }).config).toEqual({ country: 'US', city: 'newyork' });
    const custom = proxyCreateSchema.parse({
      type: 'custom',
      name: 'Office proxy',
      protocol: 'http',
      bypass_hosts: ['intranet.example.com', '*.corp.example'],
      config: { host: '10.0.0.5', port: 3128, username: 'bob', password: 'p@ss:w0rd' },
    });
    expect(custom).toMatchObject({ protocol: 'http', config: { host: '10.0.0.5', port: 3128, password: 'p@ss:w0rd' } });
    for (const host of ['proxy.example.com', 'localhost', '::1', '192.168.1.1', 'a-b.c']) {
      expect(message({ type: 'custom', config: { host, port: 1 } }), host).toBeUndefined();
    }
  });

  it('names the field and the rule for every refusal', () => {
    expect(message({ type: 'nope' })).toBe('type: must be one of datacenter, isp, residential, mobile, custom');
    expect(message({ type: 'datacenter', protocol: 'ftp' })).toBe('protocol: must be http or https');
    expect(message({ type: 'custom' })).toBe('config: is required for a custom proxy (host and port)');
    expect(message({ type: 'custom', config: 'x' })).toBe('config: must be an object');
    expect(message({ type: 'custom', config: { host: 'h', port: 0 } })).toBe('config.port: must be an integer from 1 to 65535');
    expect(message({ type: 'custom', config: { host: 'h', port: 65536 } })).toBe('config.port: must be an integer from 1 to 65535');
    expect(message({ type: 'custom', config: { host: 'h', port: 80.5 } })).toBe('config.port: must be an integer from 1 to 65535');
    expect(message({ type: 'custom', config: { host: 'h', port: '80' } })).toBe('config.port: must be an integer from 1 to 65535');
    for (const host of ['http://h', 'h:80', 'h/path', 'a b', '', '-bad.example']) {
      expect(message({ type: 'custom', config: { host, port: 80 } }), host).toMatch(/^config\.host: /);
    }
    expect(message({ type: 'custom', config: { host: 'h', port: 80, username: 'a:b', password: 'secret' } })).toBe('config.username: must not contain ":"');
    expect(message({ type: 'custom', config: { host: 'h', port: 80, password: 'secret' } })).toBe('config.username: is required when password is set');
    expect(message({ type: 'datacenter', config: { country: 'US', zip: '10001' } })).toBe(
      'config.zip: does not belong to a datacenter proxy, which takes country',
    );
    expect(message({ type: 'residential', config: { country: 'DE', state: 'CA' } })).toBe('config.state: is only for the US (country must be US)');
    expect(message({ type: 'residential', config: { country: 'US', city: 'nyc', asn: '7922' } })).toBe('config.asn: cannot be combined with city or state');
    expect(message({ type: 'residential', config: { country: 'US', zip: '1234' } })).toBe('config.zip: must be a five-digit US ZIP code');
    expect(message({ type: 'residential', config: { country: 'US', city: 'San Francisco' } })).toMatch(/^config\.city: must be lowercase/);
    expect(message({ type: 'datacenter', bypass_hosts: ['https://x.com'] })).toMatch(/^bypass_hosts\[0\]: must be a hostname/);
    expect(message({ type: 'datacenter', bypass_hosts: Array.from({ length: 101 }, (_, i) => `h${i}.example`) })).toBe(
      'bypass_hosts: must have at most 100 entries',
    );
    expect(message({ type: 'datacenter', name: '' })).toBe('name: must not be empty');
    expect(message({ type: 'datacenter', name: 'a\u0007b' })).toBe('name: must not contain control characters');
    expect(message({ type: 'datacenter', name: 'x'.repeat(256) })).toBe('name: must be at most 255 characters');
  });

  it('lists each type\'s form fields exactly as the schema accepts them', () => {
    for (const type of PROXY_TYPES) {
      for (const field of PROXY_CONFIG_FIELDS[type]) {
        const others = PROXY_TYPES.filter((t) => !(PROXY_CONFIG_FIELDS[t] as readonly string[]).includes(field));
        for (const other of others) {
          const config = other === 'custom' ? { host: 'h', port: 1, [field]: 'x' } : { [field]: 'x' };
          expect(message({ type: other, config }), `${field} on ${other}`).toMatch(new RegExp(`^config\\.${field}: does not belong`));
        }
      }
    }
  });
});

describe('proxy query and check schemas', () => {
  it('parses list queries and check bodies', () => {
    expect(proxyListQuerySchema.parse({ limit: '5', query: 'x' })).toEqual({ limit: 5, offset: 0, query: 'x' });
    expect(proxyCheckSchema.safeParse({ url: 'ftp://x' }).success).toBe(false);
    expect(proxyCheckSchema.parse({ url: 'https://example.com' })).toEqual({ url: 'https://example.com' });
    expect(proxyCheckSchema.safeParse({ other: 1 }).success).toBe(false);
  });
});
