import type { BrowserSession, BrowserPage } from '@/lib/schemas/browser';
import { getJson, query } from './http';

export async function browserListFetcher(
  f: { query?: string; status?: string; offset?: number; limit?: number },
  signal?: AbortSignal,
): Promise<BrowserPage> {
  return (await getJson<BrowserPage>(`/api/browsers${query({ query: f.query, status: f.status, offset: f.offset, limit: f.limit })}`, signal)).data;
}

export async function browserFetcher(id: string, signal?: AbortSignal): Promise<BrowserSession> {
  return (await getJson<BrowserSession>(`/api/browsers/${encodeURIComponent(id)}`, signal)).data;
}
