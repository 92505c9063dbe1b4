import Kernel from '@onkernel/sdk';
import { inject } from 'vitest';

/** An SDK client for the shared test engine; `other` is a key of a second organization. */
export function kernel(which: 'main' | 'other' = 'main'): Kernel {
  return new Kernel({
    baseURL: inject('engineUrl'),
    apiKey: which === 'main' ? inject('engineKey') : inject('otherOrgKey'),
    maxRetries: 0,
    timeout: 60_000,
  });
}

export async function raw(pathname: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const key = init.key === undefined ? inject('engineKey') : init.key;
  if (key) headers.set('authorization', `Bearer ${key}`);
  return fetch(new URL(pathname, inject('engineUrl')), { ...init, headers });
}
