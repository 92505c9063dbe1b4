import type { BrowserSession } from '@/lib/schemas/browser';
import type { BrowserPoolObject, PoolCapacity } from '@/lib/schemas/pool';
import { getJson, query } from './http';

export interface PoolPage {
  items: BrowserPoolObject[];
  has_more: boolean;
  next_offset: number | null;
  capacity: PoolCapacity | null;
}

export interface PoolDetail {
  pool: BrowserPoolObject;
  capacity: PoolCapacity | null;
  acquired: BrowserSession[];
}

export async function poolListFetcher(f: { query?: string; offset?: number; limit?: number }, signal?: AbortSignal): Promise<PoolPage> {
  return (await getJson<PoolPage>(`/api/pools${query({ query: f.query, offset: f.offset, limit: f.limit })}`, signal)).data;
}

export async function poolFetcher(id: string, signal?: AbortSignal): Promise<PoolDetail> {
  return (await getJson<PoolDetail>(`/api/pools/${encodeURIComponent(id)}`, signal)).data;
}
