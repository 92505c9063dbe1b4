import crypto from 'node:crypto';
import type { Context, Hono } from 'hono';
import { keyAction } from '../../lib/computer/remote-input';
import { resourceIdSchema } from '../../lib/schemas/common';
import { clickMouseSchema, domKeySchema, liveInputSchema, moveMouseSchema, scrollSchema } from '../../lib/schemas/computer';
import type { EngineContext } from '../context';
import type { EngineEnv } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { jsonBody, paramOf, parseWith } from '../http/validate';
import { checkOnScreen, combosOf } from './checks';
import { livePageHtml } from './live-page';
import { Viewer } from './live-view';
import type { ComputerService } from './service';
import { SSE_HEADERS, viewerStream } from './sse';

/** A stream of the session's live view; the session is held (never times out) while it is open. */
async function liveStream(ctx: EngineContext, computer: ComputerService, orgId: string, id: string): Promise<Response> {
  const session = await computer.for(orgId, id);
  const viewer = new Viewer();
  const release = ctx.browsers.hold(id);
  await session.live.add(viewer);
  const body = viewerStream(viewer, () => {
    session.live.remove(viewer);
    release();
  });
  return new Response(body, { status: 200, headers: SSE_HEADERS });
}

export const noLiveView = (id: string) => new HttpError(409, `browser session ${id} is headless: headless sessions have no live view`);

/** GET /browsers/{id}/live_view: the live view for API clients such as the dashboard (bearer-authenticated). */
export function liveRoutes(app: Hono<EngineEnv>, ctx: EngineContext, computer: ComputerService): void {
  app.get('/browsers/:id/live_view', async (c) => {
    const orgId = c.get('orgId');
    const row = ctx.browsers.get(orgId, paramOf(c, 'id', resourceIdSchema));
    ctx.browsers.liveFor(orgId, row.id);
    if (row.headless === 1) throw noLiveView(row.id);
    return liveStream(ctx, computer, orgId, row.id);
  });
}

function safeEqual(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/**
 * browser_live_view_url: a page, its stream and its input, authenticated like cdp_ws_url by the session's token in
 * the query string (so it can be opened or embedded without an API key).
 */
export function publicLiveRoutes(app: Hono<EngineEnv>, ctx: EngineContext, computer: ComputerService): void {
  const authorize = (c: Context<EngineEnv>) => {
    const id = paramOf(c, 'id', resourceIdSchema);
    const row = ctx.browsers.store.byId(id);
    const token = c.req.query('jwt') ?? '';
    if (!row || row.deleted_at || row.headless === 1 || !ctx.browsers.liveById(id) || !safeEqual(token, row.cdp_token)) {
      throw notFound(`live view of browser session ${id}`);
    }
    return row;
  };

  app.get('/browsers/:id/live', (c) => {
    authorize(c);
    const nonce = crypto.randomBytes(16).toString('base64');
    return c.html(livePageHtml(nonce), 200, {
      'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'`,
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });

  app.get('/browsers/:id/live/stream', (c) => {
    const row = authorize(c);
    return liveStream(ctx, computer, row.org_id, row.id);
  });

  app.post('/browsers/:id/live/input', async (c) => {
    const row = authorize(c);
    const { action, params } = await jsonBody(c, liveInputSchema);
    ctx.browsers.touch(row.id);
    await computer.act(row.org_id, row.id, async (s) => {
      if (action === 'move_mouse') {
        const input = parseWith(moveMouseSchema, params);
        checkOnScreen(input, s.screen);
        await s.input.move(input, []);
      } else if (action === 'click_mouse') {
        const input = parseWith(clickMouseSchema, params);
        checkOnScreen(input, s.screen);
        await s.input.click(input, []);
      } else if (action === 'scroll') {
        const input = parseWith(scrollSchema, params);
        checkOnScreen(input, s.screen);
        await s.input.scroll(input, []);
      } else {
        const key = keyAction(parseWith(domKeySchema, params));
        if (key?.action === 'type') await s.input.type({ text: key.text });
        else if (key) await s.input.pressKeys(combosOf(key.keys, 'keys'), { keys: key.keys }, []);
      }
    });
    return c.body(null, 204);
  });
}
