import { chromium } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { findChromium } from '../../engine/browsers/chromium';
import type { LiveViewEvent } from '../../lib/schemas/computer';
import { raw } from './client';
import { browsers, cleanup, frameImage, k, pageOf, readLive, screenshot, session } from './computer-helpers';

afterEach(cleanup);

describe('computer: live view', () => {
  it('has none for headless sessions', async () => {
    const { session_id: id } = await session({ headless: true });
    const res = await raw(`/browsers/${id}/live_view`);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toMatch(/headless/);
  });

  it('streams JPEG frames that follow the pointer, and ends when the session is deleted', async () => {
    const b = await session();
    const res = await raw(`/browsers/${b.session_id}/live_view`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    let moving: Promise<void> | undefined;
    const events = await readLive(res, async (e) => {
      if (e.type !== 'frame') return true;
      expect([e.width, e.height]).toEqual([1024, 768]);
      moving ??= k.browsers.computer.moveMouse(b.session_id, { x: 700, y: 500 });
      const img = await frameImage(e);
      return img.darkIn(700, 500, 12, 19) > 10;
    });
    const last = events[events.length - 1]!;
    expect(last.type).toBe('frame');
    expect(events.length).toBeGreaterThan(1);
    await moving;

    const again = await raw(`/browsers/${b.session_id}/live_view`);
    const ended = readLive(again, (e) => e.type === 'end');
    await k.browsers.deleteByID(b.session_id);
    const tail = await ended;
    expect(tail[tail.length - 1]).toEqual({ type: 'end', reason: 'deleted' });
  });
});

describe('computer: the screen is the newest open tab', () => {
  it('follows a tab the agent opens and returns to the previous one when it closes', async () => {
    const b = await session();
    const first = await pageOf(b.cdp_ws_url);
    await first.setContent('<body style="margin:0;background:rgb(255,0,0)"></body>');
    const live = await raw(`/browsers/${b.session_id}/live_view`);
    const colourOf = async (e: LiveViewEvent) => (e.type === 'frame' ? (await frameImage(e)).at(900, 700) : []);
    const isRed = (c: number[]) => c[0]! > 200 && c[1]! < 60 && c[2]! < 60;
    const isBlue = (c: number[]) => c[0]! < 60 && c[1]! < 60 && c[2]! > 200;
    let opened: Promise<unknown> | undefined;
    await readLive(live, async (e) => {
      const c = await colourOf(e);
      if (isRed(c)) {
        opened ??= first.context().newPage().then((p) => p.setContent('<body style="margin:0;background:rgb(0,0,255)"></body>'));
        return false;
      }
      return isBlue(c);
    });
    await opened;
    expect(isBlue((await screenshot(b.session_id)).at(900, 700))).toBe(true);
    const second = first.context().pages()[1]!;
    await second.close();
    await expect.poll(async () => isRed((await screenshot(b.session_id)).at(900, 700))).toBe(true);
  });
});

describe('computer: browser_live_view_url', () => {
  it('is given to sessions with a live view only, and refuses a wrong token', async () => {
    const headless = await session({ headless: true });
    expect(headless.browser_live_view_url ?? null).toBeNull();
    const b = await session();
    const url = new URL(b.browser_live_view_url!);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    expect(await page.text()).not.toContain(url.searchParams.get('jwt'));
    url.searchParams.set('jwt', 'wrong');
    expect((await fetch(url)).status).toBe(404);
    const stream = new URL(b.browser_live_view_url!);
    stream.pathname += '/stream';
    stream.searchParams.set('jwt', 'wrong');
    expect((await fetch(stream)).status).toBe(404);
  });

  it('shows the browser and passes clicks and keys through unless readOnly', async () => {
    const b = await session();
    const agent = await pageOf(b.cdp_ws_url);
    await agent.setContent(`<body style="margin:0">
      <button id="b" style="position:absolute;left:0;top:0;width:1024px;height:300px"
        onclick="this.textContent = 'clicked'">press</button>
      <input id="t" style="position:absolute;left:0;top:400px;width:500px"></body>`);
    const viewer = await chromium.launch({ executablePath: await findChromium(), args: ['--no-sandbox'] });
    browsers.push(viewer);
    const tab = await viewer.newPage({ viewport: { width: 512, height: 384 } });
    await tab.goto(b.browser_live_view_url!);
    const screen = tab.getByRole('img', { name: 'Live view of the browser' });
    await expect.poll(() => screen.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await expect.poll(() => tab.getByRole('status').isHidden()).toBe(true);
    // The 1024x768 screen is shown at half size: (100, 50) on the picture is (200, 100) in the browser.
    await screen.click({ position: { x: 100, y: 50 } });
    await expect.poll(() => agent.locator('#b').textContent()).toBe('clicked');
    await screen.click({ position: { x: 100, y: 205 } });
    await tab.keyboard.type('hi!');
    await expect.poll(() => agent.locator('#t').inputValue()).toBe('hi!');
    expect(await k.browsers.computer.getMousePosition(b.session_id)).toEqual({ x: 200, y: 410 });

    const readOnly = new URL(b.browser_live_view_url!);
    readOnly.searchParams.set('readOnly', 'true');
    await tab.goto(readOnly.href);
    let inputs = 0;
    tab.on('request', (r) => {
      if (r.url().includes('/live/input')) inputs++;
    });
    await expect.poll(() => tab.getByRole('img', { name: 'Live view of the browser' }).getAttribute('src')).toMatch(/^data:image/);
    await tab.getByRole('img', { name: 'Live view of the browser' }).click({ position: { x: 10, y: 10 } });
    await tab.keyboard.type('x');
    await tab.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    expect(inputs).toBe(0);
    expect(await k.browsers.computer.getMousePosition(b.session_id)).toEqual({ x: 200, y: 410 });
    expect(await agent.locator('#t').inputValue()).toBe('hi!');

    await k.browsers.deleteByID(b.session_id);
    await expect.poll(() => tab.getByRole('status').textContent()).toMatch(/ended/);
  });
});
