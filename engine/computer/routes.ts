import type { Context, Hono } from 'hono';
import { resourceIdSchema } from '../../lib/schemas/common';
import {
  clickMouseSchema,
  cursorSchema,
  moveMouseSchema,
  pressKeySchema,
  screenshotSchema,
  scrollSchema,
  typeTextSchema,
} from '../../lib/schemas/computer';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { jsonBody, paramOf } from '../http/validate';
import { checkOnScreen, checkRegion, combosOf, holdKeysOf } from './checks';
import { liveRoutes, publicLiveRoutes } from './live-routes';
import { ComputerService } from './service';
import type { ComputerSession } from './session';

const SERVICE = 'computer';

function routes(app: Hono<EngineEnv>, ctx: EngineContext) {
  const computer = ctx.services.get(SERVICE) as ComputerService;
  const sessionId = (c: Context<EngineEnv>) => paramOf(c, 'id', resourceIdSchema);
  const act = <T>(c: Context<EngineEnv>, fn: (s: ComputerSession) => Promise<T>) => computer.act(c.get('orgId'), sessionId(c), fn);

  app.post('/browsers/:id/computer/cursor', async (c) => {
    const { hidden } = await jsonBody(c, cursorSchema);
    await act(c, async (s) => s.setCursor(hidden));
    return c.json({ ok: true });
  });

  app.post('/browsers/:id/computer/screenshot', async (c) => {
    const { region } = await jsonBody(c, screenshotSchema);
    const png = await act(c, async (s) => {
      if (region) checkRegion(region, s.screen);
      return s.screenshot(region);
    });
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
  });

  app.post('/browsers/:id/computer/move_mouse', async (c) => {
    const input = await jsonBody(c, moveMouseSchema);
    const hold = holdKeysOf(input.hold_keys);
    await act(c, async (s) => {
      checkOnScreen(input, s.screen);
      await s.input.move(input, hold);
    });
    return c.body(null, 200);
  });

  app.post('/browsers/:id/computer/click_mouse', async (c) => {
    const input = await jsonBody(c, clickMouseSchema);
    const hold = holdKeysOf(input.hold_keys);
    await act(c, async (s) => {
      checkOnScreen(input, s.screen);
      await s.input.click(input, hold);
    });
    return c.body(null, 200);
  });

  app.post('/browsers/:id/computer/scroll', async (c) => {
    const input = await jsonBody(c, scrollSchema);
    const hold = holdKeysOf(input.hold_keys);
    await act(c, async (s) => {
      checkOnScreen(input, s.screen);
      await s.input.scroll(input, hold);
    });
    return c.body(null, 200);
  });

  app.post('/browsers/:id/computer/type', async (c) => {
    const input = await jsonBody(c, typeTextSchema);
    await act(c, (s) => s.input.type(input));
    return c.body(null, 200);
  });

  app.post('/browsers/:id/computer/press_key', async (c) => {
    const input = await jsonBody(c, pressKeySchema);
    const combos = combosOf(input.keys, 'keys');
    const hold = holdKeysOf(input.hold_keys);
    await act(c, (s) => s.input.pressKeys(combos, input, hold));
    return c.body(null, 200);
  });

  app.post('/browsers/:id/computer/get_mouse_position', async (c) => {
    const pos = await act(c, async (s) => ({ x: s.input.x, y: s.input.y }));
    return c.json(pos);
  });
}

export const computerModule: EngineModule = {
  name: 'computer',
  migrations: [],
  init: (ctx) => {
    ctx.services.set(SERVICE, new ComputerService(ctx.browsers));
    ctx.browsers.hooks.decorate.push((row, obj) => {
      if (row.headless === 0 && !row.deleted_at) {
        obj.browser_live_view_url = `${ctx.browsers.publicUrl}/browsers/${row.id}/live?jwt=${row.cdp_token}`;
      }
    });
  },
  routes: (app, ctx) => {
    routes(app, ctx);
    liveRoutes(app, ctx, ctx.services.get(SERVICE) as ComputerService);
  },
  publicRoutes: (app, ctx) => publicLiveRoutes(app, ctx, ctx.services.get(SERVICE) as ComputerService),
  close: (ctx) => (ctx.services.get(SERVICE) as ComputerService | undefined)?.closeAll(),
};
