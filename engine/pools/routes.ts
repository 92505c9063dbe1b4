import type { Context, Hono } from 'hono';
import {
  poolAcquireSchema,
  poolCreateSchema,
  poolDeleteSchema,
  poolListQuerySchema,
  poolNameSchema,
  poolReleaseSchema,
  poolUpdateSchema,
  POOLED_LIMIT_HEADER,
  POOLED_USED_HEADER,
} from '../../lib/schemas/pool';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { paginated } from '../http/pagination';
import { jsonBody, paramOf, queryOf } from '../http/validate';
import { PoolService } from './service';
import { poolMigrations } from './store';

/*
 * Browser pools (kernel-api.md §1.6, with spec.md's limits). Every pool response also carries the organization's
 * pooled-sessions capacity as two headers, so a client can show it without another call:
 *   X-Pooled-Sessions-Limit  the most browsers all of the organization's pools may hold together
 *   X-Pooled-Sessions-Used   the sum of the sizes of the organization's pools
 */

function routes(app: Hono<EngineEnv>, ctx: EngineContext) {
  const pools = poolService(ctx);
  const idOf = (c: Context) => paramOf(c, 'id_or_name', poolNameSchema);
  const withCapacity = (c: Context<EngineEnv>) => {
    const { limit, used } = pools.capacity(c.get('orgId'));
    c.header(POOLED_LIMIT_HEADER, String(limit));
    c.header(POOLED_USED_HEADER, String(used));
  };

  app.post('/browser_pools', async (c) => {
    const input = await jsonBody(c, poolCreateSchema);
    const row = pools.create(c.get('orgId'), input);
    withCapacity(c);
    return c.json(pools.toApi(row), 201);
  });

  app.get('/browser_pools', (c) => {
    const q = queryOf(c, poolListQuerySchema);
    const { rows, total } = pools.store.list(c.get('orgId'), q, q.limit, q.offset);
    withCapacity(c);
    return paginated(c, q, rows.map((r) => pools.toApi(r)), total);
  });

  app.get('/browser_pools/:id_or_name', (c) => {
    const row = pools.get(c.get('orgId'), idOf(c));
    withCapacity(c);
    return c.json(pools.toApi(row));
  });

  app.patch('/browser_pools/:id_or_name', async (c) => {
    const id = idOf(c);
    const input = await jsonBody(c, poolUpdateSchema);
    const row = await pools.update(c.get('orgId'), id, input);
    withCapacity(c);
    return c.json(pools.toApi(row));
  });

  app.delete('/browser_pools/:id_or_name', async (c) => {
    const id = idOf(c);
    const { force } = await jsonBody(c, poolDeleteSchema);
    await pools.delete(c.get('orgId'), id, force ?? false);
    return c.body(null, 204);
  });

  // Long poll: 200 with the session as soon as a browser is ready, 204 when none came within the wait.
  app.post('/browser_pools/:id_or_name/acquire', async (c) => {
    const id = idOf(c);
    const input = await jsonBody(c, poolAcquireSchema);
    const row = await pools.acquire(c.get('orgId'), id, input, c.req.raw.signal);
    if (!row) return c.body(null, 204);
    return c.json(ctx.browsers.toApi(row));
  });

  app.post('/browser_pools/:id_or_name/release', async (c) => {
    const id = idOf(c);
    const input = await jsonBody(c, poolReleaseSchema);
    await pools.release(c.get('orgId'), id, input.session_id, input.reuse ?? true);
    return c.body(null, 204);
  });

  app.post('/browser_pools/:id_or_name/flush', async (c) => {
    await pools.flush(c.get('orgId'), idOf(c));
    return c.body(null, 204);
  });
}

/** The module's service; created at init, or here when the app is built without start-up (tests). */
function poolService(ctx: EngineContext): PoolService {
  let pools = ctx.services.get('pools') as PoolService | undefined;
  if (!pools) {
    pools = new PoolService(ctx);
    ctx.services.set('pools', pools);
  }
  return pools;
}

export const poolsModule: EngineModule = {
  name: 'pools',
  migrations: poolMigrations,
  init: (ctx) => poolService(ctx).start(),
  routes,
  close: (ctx) => (ctx.services.get('pools') as PoolService | undefined)?.close(),
};
