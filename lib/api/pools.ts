import type { PoolDetail, PoolPage } from '@/lib/schemas/pool';
import { getJson, query } from './http';

export async function poolListFetcher(f: { query?: string; offset?: number; limit?: number }, signal?: AbortSignal): Promise<PoolPage> {
  return (await getJson<PoolPage>(`/api/pools${query({ query: f.query, offset: f.offset, limit: f.limit })}`, signal)).data;
}

export async function poolFetcher(id: string, signal?: AbortSignal): Promise<PoolDetail> {
  return (await getJson<PoolDetail>(`/api/pools/${encodeURIComponent(id)}`, signal)).data;
}
