import 'server-only';
import type { ProcessSpawnParams } from '@onkernel/sdk/resources/browsers/process';
import type { ProcessDetail, ProcessSignal, ProcessSpawnInput, ProcessSpawnResult, ProcessStatus, ProcessSummary, ProcessPage } from '@/lib/schemas/process';
import { kernel } from './kernel';

/** The local engine's process listing (GET /browsers/{id}/process; the Kernel cloud has no such listing). */
export async function listProcesses(sessionId: string, q: { limit: number; offset: number }): Promise<ProcessPage> {
  const { data, response } = await kernel()
    .get<ProcessSummary[]>(`/browsers/${sessionId}/process`, { query: { limit: q.limit, offset: q.offset } })
    .withResponse();
  const next = response.headers.get('x-next-offset');
  return { items: data, has_more: response.headers.get('x-has-more') === 'true', next_offset: next ? Number(next) : null };
}

/** Status (Kernel API) plus what was started (local engine only; absent against the Kernel cloud). */
export async function getProcessDetail(sessionId: string, processId: string): Promise<ProcessDetail> {
  const [status, summary] = await Promise.all([
    kernel().browsers.process.status(processId, { id: sessionId }) as Promise<ProcessStatus>,
    kernel()
      .get<ProcessSummary>(`/browsers/${sessionId}/process/${processId}`, { maxRetries: 0 })
      .catch(() => undefined),
  ]);
  return { ...status, summary };
}

export async function spawnProcess(sessionId: string, request: ProcessSpawnInput): Promise<ProcessSpawnResult> {
  // Never retried: a retry after a lost answer would start the command twice.
  return (await kernel().browsers.process.spawn(sessionId, request as ProcessSpawnParams, { maxRetries: 0 })) as ProcessSpawnResult;
}

/** `eof` is the local engine's extension for closing standard input. */
export async function writeProcessStdin(sessionId: string, processId: string, dataB64: string, eof: boolean): Promise<{ written_bytes: number }> {
  const params = { id: sessionId, data_b64: dataB64, ...(eof ? { eof: true } : {}) };
  const r = await kernel().browsers.process.stdin(processId, params, { maxRetries: 0 });
  return { written_bytes: r.written_bytes ?? 0 };
}

export async function killProcess(sessionId: string, processId: string, signal: ProcessSignal): Promise<void> {
  await kernel().browsers.process.kill(processId, { id: sessionId, signal });
}
