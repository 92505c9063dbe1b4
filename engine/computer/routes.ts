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
  type ScreenshotRegion,
} from '../../lib/schemas/computer';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { badRequest, HttpError } from '../http/errors';
import { jsonBody, paramOf } from '../http/validate';
import { parseCombos, type KeyDef } from './keys';
import { Viewer } from './live-view';
import { ComputerService } from './service';
import type { ComputerSession } from './session';
import { SSE_HEADERS, viewerStream } from './sse';

const SERVICE = 'computer';

/** Coordinates must be on the screen, as on a Kernel VM ("coordinates exceed screen bounds"). */
export function checkOnScreen(p: { x: number; y: number }, screen: { width: number; height: number }): void {
  if (p.x >= screen.width) throw badRequest(`must be less than the screen width ${screen.width}`, 'x');
  if (p.y >= screen.height) throw badRequest(`must be less than the screen height ${screen.height}`, 'y');
}

export function checkRegion(r: ScreenshotRegion, screen: { width: number; height: number }): void {
  if (r.x + r.width > screen.width || r.y + r.height > screen.height) {
    throw badRequest(
      `${r.width}x${r.height} at (${r.x}, ${r.y}) lies outside the ${screen.width}x${screen.height} screen`,
      'region',
    );
  }
}

/** Key names resolved before anything is pressed; a 400 names the entry ("keys[1]: unknown key ..."). */
export function combosOf(names: string[] | undefined, field: string): { keys: KeyDef[] }[] {
  const parsed = parseCombos(names ?? [], field);
  if ('error' in parsed) throw badRequest(parsed.error);
  return parsed;
}

const holdKeysOf = (names: string[] | undefined) => combosOf(names, 'hold_keys').flatMap((c) => c.keys);

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

  // The live view: SSE of JPEG frames of the active page with the pointer painted in (not a Kernel endpoint).
  app.get('/browsers/:id/live_view', async (c) => {
    const id = sessionId(c);
    const orgId = c.get('orgId');
    const row = ctx.browsers.get(orgId, id);
    ctx.browsers.liveFor(orgId, row.id);
    if (row.headless === 1) throw new HttpError(409, `browser session ${row.id} is headless: headless sessions have no live view`);
    const session = await computer.for(orgId, row.id);
    const viewer = new Viewer();
    const release = ctx.browsers.hold(row.id);
    await session.live.add(viewer);
    const body = viewerStream(viewer, () => {
      session.live.remove(viewer);
      release();
    });
    return new Response(body, { status: 200, headers: SSE_HEADERS });
  });
}

export const computerModule: EngineModule = {
  name: 'computer',
  migrations: [],
  init: (ctx) => {
    ctx.services.set(SERVICE, new ComputerService(ctx.browsers));
  },
  routes,
  close: (ctx) => (ctx.services.get(SERVICE) as ComputerService | undefined)?.closeAll(),
};
