import 'server-only';
import type { ProxyCreateParams } from '@onkernel/sdk/resources/proxies';
import { proxyCreateSchema, type Proxy, type ProxyCreate, type ProxyListQuery, type ProxyPage } from '@/lib/schemas/proxy';
import { kernel } from './kernel';

export async function listProxies(q: ProxyListQuery): Promise<ProxyPage> {
  const page = await kernel().proxies.list({ limit: q.limit, offset: q.offset, query: q.query || undefined, name: q.name || undefined });
  return {
    items: page.getPaginatedItems() as unknown as Proxy[],
    has_more: page.has_more === true,
    next_offset: page.next_offset ?? null,
  };
}

export async function createProxy(input: ProxyCreate): Promise<Proxy> {
  // The engine's own schema again, so the dialog and the API can never disagree silently.
  const body = proxyCreateSchema.parse(input);
  return (await kernel().proxies.create(body as unknown as ProxyCreateParams)) as unknown as Proxy;
}

export async function deleteProxy(id: string): Promise<void> {
  await kernel().proxies.delete(id);
}

export async function checkProxy(id: string): Promise<Proxy> {
  return (await kernel().proxies.check(id)) as unknown as Proxy;
}
