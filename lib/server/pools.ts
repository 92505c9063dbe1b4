import 'server-only';
import type { BrowserPoolCreateParams, BrowserPoolUpdateParams } from '@onkernel/sdk/resources/browser-pools';
import type { BrowserSession } from '@/lib/schemas/browser';
import {
  poolCreateSchema,
  POOLED_LIMIT_HEADER,
  POOLED_USED_HEADER,
  poolUpdateSchema,
  type BrowserPoolObject,
  type PoolCapacity,
  type PoolDetail,
  type PoolPage,
  type PoolCreateInput,
  type PoolUpdateInput,
} from '@/lib/schemas/pool';
import { kernel } from './kernel';

function capacityOf(headers: Headers): PoolCapacity | null {
  const limit = Number(headers.get(POOLED_LIMIT_HEADER));
  const used = Number(headers.get(POOLED_USED_HEADER));
  if (!headers.has(POOLED_LIMIT_HEADER) || !Number.isInteger(limit) || !Number.isInteger(used)) return null;
  return { limit, used };
}

export async function listPools(q: { limit: number; offset: number; query?: string }): Promise<PoolPage> {
  const { data: page, response } = await kernel()
    .browserPools.list({ limit: q.limit, offset: q.offset, query: q.query || undefined })
    .withResponse();
  return {
    items: page.getPaginatedItems() as unknown as BrowserPoolObject[],
    has_more: page.has_more === true,
    next_offset: page.next_offset ?? null,
    capacity: capacityOf(response.headers),
  };
}

export async function getPool(idOrName: string): Promise<PoolDetail> {
  const { data, response } = await kernel().browserPools.retrieve(idOrName).withResponse();
  const pool = data as unknown as BrowserPoolObject;
  // Acquired browsers are listed sessions that name their pool (idle ones are not listed). The local engine finds
  // them by pool id, the cloud by pool name.
  const acquired = new Map<string, BrowserSession>();
  for (const query of new Set([pool.id, pool.name ?? pool.id])) {
    for await (const s of kernel().browsers.list({ query, limit: 100 })) {
      if (s.pool?.id === pool.id) acquired.set(s.session_id, s as unknown as BrowserSession);
      if (acquired.size >= 100) break;
    }
  }
  return { pool, capacity: capacityOf(response.headers), acquired: [...acquired.values()] };
}

export async function createPool(input: PoolCreateInput): Promise<BrowserPoolObject> {
  // The engine's own schema too, so the form and the API can never disagree silently.
  const body = poolCreateSchema.parse(input);
  return (await kernel().browserPools.create(body as unknown as BrowserPoolCreateParams)) as unknown as BrowserPoolObject;
}

export async function updatePool(idOrName: string, input: PoolUpdateInput): Promise<BrowserPoolObject> {
  const body = poolUpdateSchema.parse(input);
  return (await kernel().browserPools.update(idOrName, body as unknown as BrowserPoolUpdateParams)) as unknown as BrowserPoolObject;
}

export async function deletePool(idOrName: string, force: boolean): Promise<void> {
  await kernel().browserPools.delete(idOrName, force ? { force } : {});
}

/** A browser from the pool, or null when none became available within the wait. */
export async function acquireFromPool(idOrName: string, waitSeconds: number): Promise<BrowserSession | null> {
  const session = await kernel().browserPools.acquire(idOrName, { acquire_timeout_seconds: waitSeconds }, { timeout: (waitSeconds + 15) * 1000 });
  return (session as unknown as BrowserSession | null) ?? null;
}

export async function releaseToPool(idOrName: string, sessionId: string, reuse: boolean): Promise<void> {
  await kernel().browserPools.release(idOrName, { session_id: sessionId, reuse });
}

export async function flushPool(idOrName: string): Promise<void> {
  await kernel().browserPools.flush(idOrName);
}
