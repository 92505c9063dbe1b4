import type { Hono } from 'hono';
import { browserCreateSchema, browserListQuerySchema, persistentDeleteSchema } from '../../lib/schemas/browser';
import { resourceIdSchema } from '../../lib/schemas/common';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { paginated } from '../http/pagination';
import { jsonBody, paramOf, parseWith, queryOf } from '../http/validate';
import { CdpProxy } from './cdp-proxy';
import { sessionMigrations } from './sessions';

function routes(app: Hono<EngineEnv>, { browsers }: EngineContext) {
  app.post('/browsers', async (c) => {
    const input = await jsonBody(c, browserCreateSchema);
    const row = await browsers.create(c.get('orgId'), input);
    return c.json(browsers.toApi(row), 200);
  });

  app.get('/browsers', (c) => {
    const q = queryOf(c, browserListQuerySchema);
    const { rows, total } = browsers.store.list(c.get('orgId'), q.status, q.query, q.limit, q.offset);
    return paginated(c, q, rows.map((r) => browsers.toApi(r)), total);
  });

  // Deprecated: delete the session created with persistence {id}.
  app.delete('/browsers', async (c) => {
    const raw = c.req.query('persistent_id');
    if (raw === undefined) throw new HttpError(400, 'persistent_id: is required');
    const { persistent_id } = parseWith(persistentDeleteSchema, { persistent_id: raw });
    const row = browsers.store.byPersistentId(c.get('orgId'), persistent_id);
    if (!row) throw notFound(`browser session with persistent_id ${persistent_id}`);
    await browsers.destroy(row.id);
    return c.body(null, 204);
  });

  app.get('/browsers/:id', (c) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    const includeDeleted = c.req.query('include_deleted') === 'true';
    return c.json(browsers.toApi(browsers.get(c.get('orgId'), id, includeDeleted)));
  });

  app.delete('/browsers/:id', async (c) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    const row = browsers.get(c.get('orgId'), id);
    await browsers.destroy(row.id);
    return c.body(null, 204);
  });

  // Any call on a session's sub-resources (fs, process, computer) counts as activity for its idle timeout.
  app.use('/browsers/:id/*', async (c, next) => {
    browsers.touch(c.req.param('id'));
    await next();
  });
}

export const browsersModule: EngineModule = {
  name: 'browsers',
  migrations: sessionMigrations,
  init: (ctx) => ctx.browsers.recover(),
  routes,
  upgrades: (ctx) => [new CdpProxy(ctx.browsers)],
  close: (ctx) => ctx.browsers.close(),
};
