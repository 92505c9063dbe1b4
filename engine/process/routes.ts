import type { Context, Hono } from 'hono';
import { paginationQuerySchema, resourceIdSchema } from '../../lib/schemas/common';
import {
  processExecSchema,
  processIdSchema,
  processKillSchema,
  processResizeSchema,
  processSpawnSchema,
  processStdinSchema,
} from '../../lib/schemas/process';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { badRequest, conflict, errorResponse } from '../http/errors';
import { paginated } from '../http/pagination';
import { jsonBody, paramOf, queryOf } from '../http/validate';
import { ExecTimeout, ProcessManager, type ProcessSession } from './manager';
import { Sandbox } from './sandbox';
import { SSE_HEADERS } from './sse';
import { processMigrations, ProcessStore } from './store';

function routes(app: Hono<EngineEnv>, ctx: EngineContext) {
  const manager = ctx.services.get('processes') as ProcessManager;

  const sessionOf = (c: Context<EngineEnv>): ProcessSession => {
    const s = ctx.browsers.liveFor(c.get('orgId'), paramOf(c, 'id', resourceIdSchema));
    return { id: s.id, orgId: s.orgId, root: s.root };
  };
  const processOf = (c: Context<EngineEnv>) => {
    const session = sessionOf(c);
    return { session, proc: manager.get(session, paramOf(c, 'process_id', processIdSchema)) };
  };

  // The local engine's own listing and lookup (the Kernel API has neither): newest first, Kernel pagination.
  app.get('/browsers/:id/process', (c) => {
    const session = sessionOf(c);
    const q = queryOf(c, paginationQuerySchema);
    const { items, total } = manager.list(session, q.limit, q.offset);
    return paginated(c, q, items, total);
  });

  app.post('/browsers/:id/process/spawn', async (c) => {
    const session = sessionOf(c);
    const input = await jsonBody(c, processSpawnSchema);
    const p = await manager.spawn(session, input);
    return c.json({ process_id: p.id, pid: p.pid, started_at: p.startedAt.toISOString() });
  });

  app.post('/browsers/:id/process/exec', async (c) => {
    const session = sessionOf(c);
    const input = await jsonBody(c, processExecSchema);
    try {
      return c.json(await manager.exec(session, input));
    } catch (err) {
      // Retrying a command that ran out of time would only run it again.
      if (err instanceof ExecTimeout) c.header('x-should-retry', 'false');
      return errorResponse(c, err);
    }
  });

  app.get('/browsers/:id/process/:process_id', (c) => {
    const session = sessionOf(c);
    return c.json(manager.describe(session, paramOf(c, 'process_id', processIdSchema)));
  });

  app.get('/browsers/:id/process/:process_id/status', (c) => {
    const { proc } = processOf(c);
    return c.json(manager.status(proc));
  });

  app.post('/browsers/:id/process/:process_id/kill', async (c) => {
    const { proc } = processOf(c);
    const { signal } = await jsonBody(c, processKillSchema);
    if (!proc.signal(signal)) throw conflict(`process ${proc.id} has already exited (exit code ${proc.exitCode})`);
    return c.json({ ok: true });
  });

  app.post('/browsers/:id/process/:process_id/stdin', async (c) => {
    const { proc } = processOf(c);
    const { data_b64, eof } = await jsonBody(c, processStdinSchema);
    const written = await proc.writeStdin(Buffer.from(data_b64, 'base64'), eof ?? false);
    return c.json({ written_bytes: written });
  });

  app.post('/browsers/:id/process/:process_id/resize', async (c) => {
    processOf(c);
    await jsonBody(c, processResizeSchema);
    throw badRequest('process is not PTY-backed');
  });

  app.get('/browsers/:id/process/:process_id/stdout/stream', (c) => {
    const { session, proc } = processOf(c);
    const release = ctx.browsers.hold(session.id);
    const body = manager.stream(proc, release);
    return new Response(body, { status: 200, headers: SSE_HEADERS });
  });
}

export const processModule: EngineModule = {
  name: 'processes',
  migrations: processMigrations,
  init(ctx) {
    const store = new ProcessStore(ctx.db);
    store.closeOrphans();
    const { sandbox, reason } = Sandbox.probe();
    if (!sandbox) console.warn(`[engine] processes run without bubblewrap (${reason}); their working directory is the session root`);
    const manager = new ProcessManager(store, { sandbox });
    ctx.services.set('processes', manager);
    ctx.browsers.hooks.onDelete.push((_session, row) => manager.killSession(row.id));
  },
  routes,
  close: (ctx) => (ctx.services.get('processes') as ProcessManager | undefined)?.closeAll(),
};
