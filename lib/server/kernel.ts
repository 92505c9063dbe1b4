import 'server-only';
import Kernel from '@onkernel/sdk';
import { deadlineFetch } from './deadline-fetch';
import { apiTarget, serverEnv } from './env';

let client: { key: string; kernel: Kernel } | undefined;

/** The official SDK, holding the organization token; only server code ever sees it. */
export function kernel(): Kernel {
  const target = apiTarget();
  const key = `${target.baseURL}\n${target.apiKey}`;
  if (client?.key !== key) {
    // No SDK retries: a retried POST could create a second browser; reads are retried by TanStack Query instead.
    client = {
      key,
      kernel: new Kernel({
        baseURL: target.baseURL,
        apiKey: target.apiKey,
        maxRetries: 0,
        timeout: serverEnv().timeoutMs,
        fetch: deadlineFetch(serverEnv().timeoutMs),
      }),
    };
  }
  return client.kernel;
}

/** For raw calls the SDK has no method for (streams relayed as-is): the URL and auth header, server-side only. */
export function upstream(pathname: string): { url: URL; headers: Record<string, string> } {
  const target = apiTarget();
  const base = target.baseURL.endsWith('/') ? target.baseURL : `${target.baseURL}/`;
  return { url: new URL(pathname.replace(/^\//, ''), base), headers: { authorization: `Bearer ${target.apiKey}` } };
}
