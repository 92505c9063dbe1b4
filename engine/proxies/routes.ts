import type { Hono } from 'hono';
import { resourceIdSchema } from '../../lib/schemas/common';
import { proxyCheckSchema, proxyCreateSchema, proxyListQuerySchema, proxyUpdateSchema } from '../../lib/schemas/proxy';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { paginated } from '../http/pagination';
import { jsonBody, paramOf, queryOf } from '../http/validate';
import { ProxyService, type ProxiesApi } from './service';
import { proxyMigrations } from './store';

/** Each engine (tests start several in one process) has its own service. */
const services = new WeakMap<EngineContext, ProxyService>();

function routes(app: Hono<EngineEnv>, ctx: EngineContext) {
  const svc = () => {
    const s = services.get(ctx);
    if (!s) throw new Error('the proxies module is not initialised');
    return s;
  };
  app.post('/proxies', async (c) => {
    const input = await jsonBody(c, proxyCreateSchema);
    const row = await svc().create(c.get('orgId'), input);
    return c.json(svc().toApi(row), 201);
  });

  app.get('/proxies', (c) => {
    const q = queryOf(c, proxyListQuerySchema);
    const { rows, total } = svc().list(c.get('orgId'), q);
    return paginated(c, q, rows.map((r) => svc().toApi(r)), total);
  });

  app.get('/proxies/:id', (c) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    return c.json(svc().toApi(svc().get(c.get('orgId'), id)));
  });

  app.patch('/proxies/:id', async (c) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    const { name } = await jsonBody(c, proxyUpdateSchema);
    return c.json(svc().toApi(svc().rename(c.get('orgId'), id, name)));
  });

  app.delete('/proxies/:id', async (c) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    await svc().delete(c.get('orgId'), id);
    return c.body(null, 204);
  });

  app.post('/proxies/:id/check', async (c) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    const { url } = await jsonBody(c, proxyCheckSchema);
    return c.json(svc().toApi(await svc().check(c.get('orgId'), id, url)));
  });
}

async function init(ctx: EngineContext) {
  const proxies = new ProxyService(ctx.db, ctx.config.host);
  await proxies.init();
  services.set(ctx, proxies);
  const api: ProxiesApi = {
    assertUsable: (orgId, proxyId, field = 'proxy_id') => proxies.assertUsable(orgId, proxyId, field),
    launchArgs: (orgId, proxyId) => proxies.launchArgs(orgId, proxyId),
  };
  ctx.services.set('proxies', api);
  ctx.browsers.hooks.beforeCreate.push(async (orgId, input) => {
    if (!input.proxy_id) return;
    proxies.assertUsable(orgId, input.proxy_id);
    await proxies.prepare(orgId, input.proxy_id);
    return { args: proxies.launchArgs(orgId, input.proxy_id) };
  });
  ctx.browsers.hooks.onDelete.push((_session, row) => proxies.sessionEnded(row.proxy_id));
}

export const proxiesModule: EngineModule = {
  name: 'proxies',
  migrations: proxyMigrations,
  init,
  routes,
  async close(ctx) {
    await services.get(ctx)?.close();
    services.delete(ctx);
  },
};
