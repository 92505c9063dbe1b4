import type { Proxy, ProxyType } from '@/lib/schemas/proxy';

/** How each type is named and what it is for (spec: best to worst against bot detection is mobile, residential, isp, datacenter). */
export const PROXY_TYPE_INFO: Record<ProxyType, { label: string; description: string }> = {
  custom: { label: 'Custom', description: 'Your own proxy server: host and port, with an optional login.' },
  datacenter: { label: 'Datacenter', description: 'Fast and cheap, and the easiest for sites to recognise.' },
  isp: { label: 'ISP', description: 'A static address from a consumer provider, kept across sessions.' },
  residential: { label: 'Residential', description: 'Home connections, rotating per connection; can target a city, state, ZIP or ASN.' },
  mobile: { label: 'Mobile', description: 'Carrier networks: the hardest to tell apart from real visitors.' },
};

export function proxyLabel(p: Pick<Proxy, 'id' | 'name'>): string {
  return p.name || p.id;
}

/** One line that says where a proxy goes out: "proxy.example.com:3128 as alice" or "sanfrancisco, US". */
export function proxyConfigSummary(p: Pick<Proxy, 'type' | 'config'>): string {
  const c = p.config ?? {};
  if (p.type === 'custom') {
    if (!c.host) return '—';
    const host = c.host.includes(':') ? `[${c.host}]` : c.host;
    return `${host}:${c.port}${c.username ? ` as ${c.username}` : ''}`;
  }
  const place = [c.city, c.state, c.zip, c.country].filter(Boolean).join(', ');
  const parts = [place || 'any location', c.asn ? `ASN ${c.asn}` : ''].filter(Boolean);
  return parts.join(' · ');
}
