import { describe, expect, it } from 'vitest';
import { PROXY_TYPE_INFO, proxyConfigSummary, proxyLabel } from '@/lib/proxy-format';
import { validationErrorBody } from '@/lib/schemas/errors';
import { PROXY_TYPES, proxyCreateFormSchema, proxyFormDefaults, proxyFormToRequest, type ProxyFormValues } from '@/lib/schemas/proxy';

const form = (v: Partial<ProxyFormValues>): ProxyFormValues => ({ ...proxyFormDefaults, ...v });

describe('proxy create form', () => {
  it('leaves unset inputs out and splits the bypass list', () => {
    expect(
      proxyFormToRequest(
        form({ type: 'custom', name: '', protocol: 'http', bypass_hosts: 'a.example, *.b.example\nc.example', config: { host: 'h', port: 8080, username: '', password: '' } }),
      ),
    ).toEqual({ type: 'custom', protocol: 'http', bypass_hosts: ['a.example', '*.b.example', 'c.example'], config: { host: 'h', port: 8080 } });
    expect(proxyFormToRequest(form({ type: 'datacenter', config: { country: '' } }))).toEqual({ type: 'datacenter', protocol: 'https' });
    // An empty number input is NaN: it counts as not set, so the message says the port is required.
    const r = proxyCreateFormSchema.safeParse(form({ type: 'custom', config: { host: 'h', port: Number.NaN } }));
    expect(r.success ? '' : validationErrorBody(r.error).message).toBe('config.port: is required');
  });

  it('produces exactly the API request the engine validates', () => {
    const parsed = proxyCreateFormSchema.parse(form({ type: 'residential', name: 'home', config: { country: 'us', city: 'austin' } }));
    expect(parsed).toEqual({ type: 'residential', name: 'home', protocol: 'https', config: { country: 'US', city: 'austin' } });
    const bad = proxyCreateFormSchema.safeParse(form({ type: 'custom', bypass_hosts: 'ok.example 10.0.0.1', config: { host: 'h', port: 70000 } }));
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['bypass_hosts.1', 'config.port']);
  });
});

describe('proxy display', () => {
  it('summarises where a proxy goes out', () => {
    expect(proxyConfigSummary({ type: 'custom', config: { host: 'proxy.example.com', port: 3128, username: 'alice', has_password: true } })).toBe(
      'proxy.example.com:3128 as alice',
    );
    expect(proxyConfigSummary({ type: 'custom', config: { host: '::1', port: 8080 } })).toBe('[::1]:8080');
    expect(proxyConfigSummary({ type: 'residential', config: { country: 'US', city: 'austin', asn: 'AS7922' } })).toBe('austin, US · ASN AS7922');
    expect(proxyConfigSummary({ type: 'mobile', config: {} })).toBe('any location');
    expect(proxyLabel({ id: 'proxy_1', name: null })).toBe('proxy_1');
    for (const t of PROXY_TYPES) expect(PROXY_TYPE_INFO[t].label).toBeTruthy();
  });
});
