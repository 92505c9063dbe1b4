import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { LiveViewEvent } from '../../lib/schemas/computer';
import { kernel, raw } from './client';

/** Shared by the computer and live-view contract tests. */
export const k = kernel();
const created: string[] = [];
export const browsers: Browser[] = [];

/** Each test's browsers go as soon as it ends: a two-core machine should not keep a dozen Chromiums around. */
export async function cleanup() {
  await Promise.allSettled(browsers.splice(0).map((b) => b.close()));
  await Promise.allSettled(created.splice(0).map((id) => k.browsers.deleteByID(id)));
}

export async function session(opts: { headless?: boolean } = {}) {
  const b = await k.browsers.create({ viewport: { width: 1024, height: 768 }, ...opts });
  created.push(b.session_id);
  return b;
}

export async function pageOf(cdpUrl: string) {
  const browser = await chromium.connectOverCDP(cdpUrl);
  browsers.push(browser);
  return browser.contexts()[0]!.pages()[0]!;
}

export function post(id: string, action: string, body: unknown) {
  return raw(`/browsers/${id}/computer/${action}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
}

export async function pixels(png: ArrayBuffer) {
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

export async function screenshot(id: string, region?: { x: number; y: number; width: number; height: number }) {
  const res = await k.browsers.computer.captureScreenshot(id, region ? { region } : {});
  expect(res.headers.get('content-type')).toBe('image/png');
  return pixels(await res.arrayBuffer());
}

/** Reads live-view SSE events until `until` says stop. */
export async function readLive(res: Response, until: (e: LiveViewEvent) => boolean | Promise<boolean>): Promise<LiveViewEvent[]> {
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

export const frameImage = (e: Extract<LiveViewEvent, { type: 'frame' }>) => pixels(new Uint8Array(Buffer.from(e.data_b64, 'base64')).buffer);

