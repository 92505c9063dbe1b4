import type { ProxyPage } from '@/lib/schemas/proxy';
import { getJson, query } from './http';

export async function proxyListFetcher(f: { query?: string; offset?: number; limit?: number }, signal?: AbortSignal): Promise<ProxyPage> {
  return (await getJson<ProxyPage>(`/api/proxies${query({ query: f.query, offset: f.offset, limit: f.limit })}`, signal)).data;
}
