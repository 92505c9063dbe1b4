import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const SCREEN = { width: 1024, height: 768 };
const agents: Browser[] = [];

test.afterEach(async () => {
  await Promise.allSettled(agents.splice(0).map((a) => a.close()));
});

/** The agent's side: the session's page, driven over its CDP URL as an automation script would. */
async function agentPage(cdpUrl: string) {
  const agent = await chromium.connectOverCDP(cdpUrl);
  agents.push(agent);
  const context = agent.contexts()[0]!;
  return context.pages()[0] ?? (await context.newPage());
}

const liveView = (page: Page) => page.getByRole('img', { name: 'Live view of the browser' });

/** RGB of one pixel of the live-view canvas (canvas pixels are browser-screen pixels). */
function pixel(canvas: Locator, x: number, y: number): Promise<number[]> {
  return canvas.evaluate((c: HTMLCanvasElement, [px, py]) => Array.from(c.getContext('2d')!.getImageData(px!, py!, 1, 1).data.slice(0, 3)), [x, y]);
}

/** How many dark pixels the canvas shows in the pointer's box at (x, y). */
function darkPixels(canvas: Locator, x: number, y: number): Promise<number> {
  return canvas.evaluate((c: HTMLCanvasElement, [px, py]) => {
    const d = c.getContext('2d')!.getImageData(px!, py!, 12, 19).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i]! < 100 && d[i + 1]! < 100 && d[i + 2]! < 100) n++;
    return n;
  }, [x, y]);
}

const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 180;

const colourPage = (rgb: string, text: string) =>
  `data:text/html,${encodeURIComponent(`<title>${text}</title><body style="margin:0;background:${rgb}"><h1>${text}</h1></body>`)}`;

test('the live view follows the page as it navigates, and the cursor switch shows and hides the pointer', async ({ page, session, api }) => {
  const s = await session({ headless: false, viewport: SCREEN });
  const agent = await agentPage(s.cdp_ws_url);
  await agent.goto(colourPage('rgb(220,0,0)', 'first'));

  await page.goto(`/browsers/${s.session_id}`);
  await expect(page.getByRole('status', { name: 'Live view: Live' })).toBeVisible();
  const canvas = liveView(page);
  await expect.poll(async () => isRed(await pixel(canvas, 800, 600))).toBe(true);

  await agent.goto(colourPage('rgb(0,0,220)', 'second'));
  await expect.poll(async () => isBlue(await pixel(canvas, 800, 600))).toBe(true);

  await agent.goto(colourPage('rgb(255,255,255)', 'white'));
  await api.browsers.computer.moveMouse(s.session_id, { x: 300, y: 200 });
  await expect.poll(() => darkPixels(canvas, 300, 200)).toBeGreaterThan(20);

  const cursor = page.getByRole('switch', { name: 'Show cursor' });
  await expect(cursor).toBeChecked();
  await expect(page.getByText('Not set from this dashboard yet')).toBeVisible();
  await cursor.click();
  await expect(cursor).not.toBeChecked();
  await expect(page.getByText('Hidden, as last set from this dashboard')).toBeVisible();
  await expect.poll(() => darkPixels(canvas, 300, 200)).toBe(0);

  await cursor.click();
  await expect(cursor).toBeChecked();
  await expect.poll(() => darkPixels(canvas, 300, 200)).toBeGreaterThan(20);

  // The switch remembers what this dashboard set, per session.
  await cursor.click();
  await expect(cursor).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show cursor' })).not.toBeChecked();
  await expect(page.getByText('Hidden, as last set from this dashboard')).toBeVisible();

  await api.browsers.deleteByID(s.session_id);
  await expect(page.getByRole('status', { name: 'Live view: Ended' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Show cursor' })).toBeDisabled();
});

test('take control: clicks, typing and scrolling on the live view reach the page', async ({ page, session }) => {
  const s = await session({ headless: false, viewport: SCREEN });
  const agent = await agentPage(s.cdp_ws_url);
  await agent.setContent(`<body style="margin:0;height:5000px">
    <button style="position:absolute;left:100px;top:100px;width:200px;height:80px;font-size:24px"
      onclick="this.textContent = 'Clicked!'">Press me</button>
    <input aria-label="Message" style="position:absolute;left:100px;top:300px;width:400px;font-size:20px">
  </body>`);

  await page.goto(`/browsers/${s.session_id}`);
  await expect(page.getByRole('status', { name: 'Live view: Live' })).toBeVisible();
  const canvas = liveView(page);
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => ({ x: (x * box.width) / SCREEN.width, y: (y * box.height) / SCREEN.height });

  // Read-only until the operator takes control.
  await canvas.click({ position: at(200, 140) });
  await expect(agent.getByRole('button', { name: 'Press me' })).toBeVisible();

  await page.getByRole('button', { name: 'Take control' }).click();
  await expect(page.getByRole('button', { name: 'Release control' })).toHaveAttribute('aria-pressed', 'true');
  await canvas.click({ position: at(200, 140) });
  await expect(agent.getByRole('button', { name: 'Clicked!' })).toBeVisible();

  await canvas.click({ position: at(300, 312) });
  await page.keyboard.type('Hello agent');
  await expect(agent.getByLabel('Message')).toHaveValue('Hello agent');

  await canvas.hover({ position: at(500, 500) });
  await page.mouse.wheel(0, 300);
  await expect.poll(() => agent.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Release control' }).click();
  await expect(page.getByRole('button', { name: 'Take control' })).toHaveAttribute('aria-pressed', 'false');
});

test('screenshots download as PNG; a headless session has no live view; a failed cursor change rolls back', async ({ page, session, api }) => {
  const s = await session({ headless: true, viewport: SCREEN });
  await page.goto(`/browsers/${s.session_id}`);
  await expect(page.getByRole('status', { name: 'Live view: No live view' })).toBeVisible();
  await expect(page.getByText('Headless sessions have no live view')).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Screenshot' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${s.session_id}-.*\\.png$`));
  const file = fs.readFileSync((await download.path())!);
  expect(file.subarray(1, 4).toString()).toBe('PNG');
  expect(file.readUInt32BE(16)).toBe(SCREEN.width);

  const cursor = page.getByRole('switch', { name: 'Show cursor' });
  await expect(cursor).toBeChecked();
  await api.browsers.deleteByID(s.session_id);
  await cursor.click();
  const panel = page.getByRole('region', { name: 'Live view' });
  await expect(panel.getByRole('alert')).toHaveText(`browser session ${s.session_id} not found`);
  await expect(cursor).toBeChecked();
  await expect(page.getByText('Not set from this dashboard yet')).toBeVisible();
});
