import type { ProcessDetail, ProcessPage } from '@/lib/schemas/process';
import { getJson, query } from './http';

const base = (sessionId: string) => `/api/browsers/${encodeURIComponent(sessionId)}/processes`;

export async function processListFetcher(sessionId: string, f: { offset?: number; limit?: number }, signal?: AbortSignal): Promise<ProcessPage> {
  return (await getJson<ProcessPage>(`${base(sessionId)}${query({ offset: f.offset, limit: f.limit })}`, signal)).data;
}

export async function processDetailFetcher(sessionId: string, processId: string, signal?: AbortSignal): Promise<ProcessDetail> {
  return (await getJson<ProcessDetail>(`${base(sessionId)}/${encodeURIComponent(processId)}`, signal)).data;
}

/** The relay route the console follows. */
export function processStreamUrl(sessionId: string, processId: string): string {
  return `${base(sessionId)}/${encodeURIComponent(processId)}/stream`;
}
