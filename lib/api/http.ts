/** A failed call to one of the dashboard's own route handlers, with the API's message. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function errorOf(res: Response): Promise<HttpError> {
  let code = 'error';
  let message = `Request failed with status ${res.status}.`;
  try {
    const body = (await res.json()) as { code?: string; message?: string };
    if (body.code) code = body.code;
    if (body.message) message = body.message;
  } catch {
    /* not JSON */
  }
  if (res.status === 401) message = 'Your login has expired. Reload the page to log in again.';
  return new HttpError(res.status, code, message);
}

export async function getJson<T>(url: string, signal?: AbortSignal): Promise<{ data: T; headers: Headers }> {
  const res = await fetch(url, { signal, headers: { accept: 'application/json' }, cache: 'no-store' });
  if (!res.ok) throw await errorOf(res);
  return { data: (await res.json()) as T, headers: res.headers };
}

export function query(params: Record<string, string | number | boolean | undefined | null>): string {
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}
