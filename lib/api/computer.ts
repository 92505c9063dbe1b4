import type { RemoteInput } from '@/lib/schemas/computer';
import { errorOf } from './http';

/** Sends one live-view input to the session's computer through the dashboard. */
export async function postRemoteInput(sessionId: string, input: RemoteInput): Promise<void> {
  const res = await fetch(`/api/browsers/${encodeURIComponent(sessionId)}/computer`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
    cache: 'no-store',
  });
  if (!res.ok) throw await errorOf(res);
}

/** Fetches a screenshot and saves it as a file; throws with the API's message when there is none to take. */
export async function downloadScreenshot(sessionId: string): Promise<void> {
  const res = await fetch(`/api/browsers/${encodeURIComponent(sessionId)}/screenshot`, { cache: 'no-store' });
  if (!res.ok) throw await errorOf(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${sessionId}.png`;
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/** Where a session's live view stream is relayed on the dashboard's own origin. */
export const liveViewUrl = (sessionId: string) => `/api/browsers/${encodeURIComponent(sessionId)}/live`;
