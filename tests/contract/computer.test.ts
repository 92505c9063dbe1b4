import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kernel } from './client';
import { cleanup, k, pageOf, post, screenshot, session } from './computer-helpers';

afterEach(cleanup);

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
