import { chromium, type Browser } from 'playwright-core';
import { findChromium } from '../../engine/browsers/chromium';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveViewEvent } from '../../lib/schemas/computer';
import { kernel, raw } from './client';

const k = kernel();
const created: string[] = [];
const browsers: Browser[] = [];

// Each test's browsers go as soon as it ends: a two-core machine should not keep a dozen Chromiums around.
afterEach(async () => {
  await Promise.allSettled(browsers.splice(0).map((b) => b.close()));
  await Promise.allSettled(created.splice(0).map((id) => k.browsers.deleteByID(id)));
});

async function session(opts: { headless?: boolean } = {}) {
  const b = await k.browsers.create({ viewport: { width: 1024, height: 768 }, ...opts });
  created.push(b.session_id);
  return b;
}

async function pageOf(cdpUrl: string) {
  const browser = await chromium.connectOverCDP(cdpUrl);
  browsers.push(browser);
  return browser.contexts()[0]!.pages()[0]!;
}

function post(id: string, action: string, body: unknown) {
  return raw(`/browsers/${id}/computer/${action}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

async function pixels(png: ArrayBuffer) {
  const { data, info } = await sharp(Buffer.from(png)).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  /** Pixels darker than mid-grey in the box [x, x+w) x [y, y+h). */
  const darkIn = (x: number, y: number, w: number, h: number) => {
    let n = 0;
    for (let yy = y; yy < y + h; yy++) for (let xx = x; xx < x + w; xx++) if (at(xx, yy).every((c) => c < 128)) n++;
    return n;
  };
  return { width: info.width, height: info.height, at, darkIn };
}

async function screenshot(id: string, region?: { x: number; y: number; width: number; height: number }) {
  const res = await k.browsers.computer.captureScreenshot(id, region ? { region } : {});
  expect(res.headers.get('content-type')).toBe('image/png');
  return pixels(await res.arrayBuffer());
}

/** Reads live-view SSE events until `until` says stop. */
async function readLive(res: Response, until: (e: LiveViewEvent) => boolean | Promise<boolean>): Promise<LiveViewEvent[]> {
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  const all: LiveViewEvent[] = [];
  let buf = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return all;
    buf += dec.decode(value, { stream: true });
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      if (!block.startsWith('data: ')) continue;
      const e = JSON.parse(block.slice(6)) as LiveViewEvent;
      all.push(e);
      if (await until(e)) {
        await reader.cancel();
        return all;
      }
    }
  }
}

const frameImage = (e: Extract<LiveViewEvent, { type: 'frame' }>) => pixels(new Uint8Array(Buffer.from(e.data_b64, 'base64')).buffer);

describe('computer: cursor', () => {
  let id: string;
  beforeEach(async () => {
    id = (await session({ headless: true })).session_id;
  });

  it('answers {ok: true} for hidden true and false', async () => {
    expect(await k.browsers.computer.setCursorVisibility(id, { hidden: true })).toEqual({ ok: true });
    expect(await k.browsers.computer.setCursorVisibility(id, { hidden: false })).toEqual({ ok: true });
  });

  it('refuses a hidden that is not a boolean, or missing, with a 400 naming hidden', async () => {
    for (const body of [{ hidden: 'yes' }, {}, { hidden: null }]) {
      const res = await post(id, 'cursor', body);
      expect(res.status).toBe(400);
      const err = (await res.json()) as { code: string; message: string };
      expect(err.code).toBe('bad_request');
      expect(err.message).toMatch(/^hidden: /);
    }
  });

  it('answers 404 for an unknown session and for another organization', async () => {
    await expect(k.browsers.computer.setCursorVisibility('nosuchsession123', { hidden: true })).rejects.toMatchObject({ status: 404 });
    await expect(kernel('other').browsers.computer.setCursorVisibility(id, { hidden: true })).rejects.toMatchObject({ status: 404 });
  });
});

describe('computer: pointer in screenshots', () => {
  it('draws the pointer where the mouse is, removes it when hidden and brings it back', async () => {
    const { session_id: id } = await session({ headless: true });
    await k.browsers.computer.moveMouse(id, { x: 300, y: 200 });
    expect(await k.browsers.computer.getMousePosition(id)).toEqual({ x: 300, y: 200 });

    const shown = await screenshot(id);
    expect([shown.width, shown.height]).toEqual([1024, 768]);
    expect(shown.at(300, 200)).toEqual([0, 0, 0]);
    expect(shown.darkIn(300, 200, 12, 19)).toBeGreaterThan(20);
    expect(shown.darkIn(600, 500, 12, 19)).toBe(0);

    await k.browsers.computer.setCursorVisibility(id, { hidden: true });
    const hidden = await screenshot(id);
    expect(hidden.darkIn(300, 200, 12, 19)).toBe(0);
    expect(hidden.at(305, 210)).toEqual([255, 255, 255]);

    await k.browsers.computer.setCursorVisibility(id, { hidden: false });
    const back = await screenshot(id, { x: 290, y: 190, width: 40, height: 40 });
    expect([back.width, back.height]).toEqual([40, 40]);
    expect(back.at(10, 10)).toEqual([0, 0, 0]);
    expect(back.darkIn(10, 10, 12, 19)).toBe(shown.darkIn(300, 200, 12, 19));
  });

  it('leaves the page untouched: same DOM, same hit target, viewport as requested', async () => {
    const b = await session();
    const page = await pageOf(b.cdp_ws_url);
    await page.setContent('<body style="margin:0"><button id="b" style="width:200px;height:100px">hit</button></body>');
    const before = await page.evaluate(() => document.querySelectorAll('*').length);
    await k.browsers.computer.moveMouse(b.session_id, { x: 50, y: 50 });
    await k.browsers.computer.captureScreenshot(b.session_id);
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBe(before);
    expect(await page.evaluate(() => document.elementFromPoint(52, 55)?.id)).toBe('b');
    expect(await page.evaluate(() => [innerWidth, innerHeight])).toEqual([1024, 768]);
  });

  it('refuses regions outside the screen and coordinates off it, naming the field', async () => {
    const { session_id: id } = await session({ headless: true });
    const region = await post(id, 'screenshot', { region: { x: 1000, y: 0, width: 100, height: 10 } });
    expect(region.status).toBe(400);
    expect(((await region.json()) as { message: string }).message).toMatch(/^region: /);
    const neg = await post(id, 'screenshot', { region: { x: -1, y: 0, width: 10, height: 10 } });
    expect(((await neg.json()) as { message: string }).message).toMatch(/^region\.x: /);
    const off = await post(id, 'move_mouse', { x: 1024, y: 10 });
    expect(off.status).toBe(400);
    expect(((await off.json()) as { message: string }).message).toMatch(/^x: /);
    const key = await post(id, 'press_key', { keys: ['Return', 'NoSuchKey'] });
    expect(((await key.json()) as { message: string }).message).toMatch(/^keys\[1\]: unknown key "NoSuchKey"/);
    const scroll = await post(id, 'scroll', { x: 10, y: 10 });
    expect(((await scroll.json()) as { message: string }).message).toMatch(/^delta_y: /);
  });
});

describe('computer: input reaches the page', () => {
  it('clicks, types, presses keys and scrolls', async () => {
    const b = await session();
    const page = await pageOf(b.cdp_ws_url);
    await page.setContent(`<body style="margin:0;height:4000px">
      <button id="b" style="position:absolute;left:100px;top:100px;width:120px;height:40px"
        onclick="this.dataset.clicks = Number(this.dataset.clicks || 0) + 1">go</button>
      <input id="t" style="position:absolute;left:100px;top:200px;width:300px"
        onkeydown="if (event.key === 'Enter') this.dataset.entered = this.value">
    </body>`);
    const id = b.session_id;
    await k.browsers.computer.clickMouse(id, { x: 160, y: 120 });
    await k.browsers.computer.clickMouse(id, { x: 160, y: 120, num_clicks: 2 });
    expect(await page.locator('#b').getAttribute('data-clicks')).toBe('3');

    await k.browsers.computer.clickMouse(id, { x: 150, y: 210 });
    await k.browsers.computer.typeText(id, { text: 'Hello, World! é' });
    await k.browsers.computer.pressKey(id, { keys: ['Return'] });
    expect(await page.locator('#t').getAttribute('data-entered')).toBe('Hello, World! é');
    await k.browsers.computer.pressKey(id, { keys: ['Ctrl+a', 'BackSpace'] });
    expect(await page.locator('#t').inputValue()).toBe('');

    await k.browsers.computer.scroll(id, { x: 500, y: 500, delta_y: 3 });
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
  });
});

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

describe('computer: browser shortcuts', () => {
  it('opens a new tab with Ctrl+t and goes back with Alt+Left, as a desktop browser would', async () => {
    const b = await session();
    const page = await pageOf(b.cdp_ws_url);
    await page.goto('data:text/html,<body style="margin:0;background:rgb(255,0,0)">one</body>');
    await page.goto('data:text/html,<body style="margin:0;background:rgb(0,0,255)">two</body>');
    await k.browsers.computer.pressKey(b.session_id, { keys: ['Alt+Left'] });
    await expect.poll(() => page.evaluate(() => document.body.textContent)).toBe('one');

    await k.browsers.computer.pressKey(b.session_id, { keys: ['Ctrl+t'] });
    await expect.poll(() => page.context().pages().length).toBe(2);
    const shot = await screenshot(b.session_id);
    expect(shot.at(900, 700)).toEqual([255, 255, 255]);
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
