import type { ClickMouseInput, MouseButton, MoveMouseInput, PressKeyInput, ScrollInput, TypeTextInput } from '../../lib/schemas/computer';
import { keyFor, keyText, MODIFIER, type KeyDef } from './keys';
import { shortcutFor, type Shortcut } from './shortcuts';

/** Sends a CDP command to the page that is on screen. */
export type PageSend = (method: string, params: Record<string, unknown>) => Promise<unknown>;

const BUTTON_BITS: Record<MouseButton, number> = { left: 1, right: 2, middle: 4, back: 8, forward: 16 };

/** Presses this close in time and place count as a double (triple...) click, as a desktop would count them. */
export const MULTI_CLICK = { ms: 500, px: 4 };

/** Pixels one xdotool wheel notch scrolls (Chromium on X11 scrolls about this much per notch). */
export const WHEEL_NOTCH_PX = 100;

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Points a smooth move passes through: an ease-in-out path with a slight arc, about one step per 16 ms. */
export function smoothPath(from: { x: number; y: number }, to: { x: number; y: number }, durationMs: number): { x: number; y: number }[] {
  const steps = Math.max(2, Math.min(120, Math.round(durationMs / 16)));
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const bend = Math.min(40, Math.hypot(dx, dy) * 0.1);
  const len = Math.hypot(dx, dy) || 1;
  const points: { x: number; y: number }[] = [];
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const arc = Math.sin(Math.PI * t) * bend;
    points.push({ x: Math.round(from.x + dx * e - (dy / len) * arc), y: Math.round(from.y + dy * e + (dx / len) * arc) });
  }
  points[points.length - 1] = { ...to };
  return points;
}

/**
 * Mouse and keyboard of one session, replayed as CDP Input events on the active page. Callers serialize calls;
 * `onMove` reports every pointer position so screenshots and the live view can draw it.
 */
export class InputDevice {
  x: number;
  y: number;
  private buttons = 0;
  private modifiers = 0;
  private lastPress: { button: MouseButton; x: number; y: number; at: number; count: number } | undefined;

  constructor(
    private readonly send: PageSend,
    start: { x: number; y: number },
    private readonly onMove: (x: number, y: number) => void,
    private readonly browserShortcut: (s: Shortcut) => Promise<void> = async () => {},
  ) {
    this.x = start.x;
    this.y = start.y;
  }

  async move(input: MoveMouseInput, holdKeys: KeyDef[]): Promise<void> {
    await this.holding(holdKeys, async () => {
      if (input.smooth) {
        const duration = input.duration_ms ?? Math.min(1000, Math.max(150, Math.hypot(input.x - this.x, input.y - this.y)));
        const path = smoothPath({ x: this.x, y: this.y }, input, duration);
        for (const p of path) {
          await this.moveTo(p.x, p.y);
          await sleep(duration / path.length);
        }
      } else {
        await this.moveTo(input.x, input.y);
      }
    });
  }

  async click(input: ClickMouseInput, holdKeys: KeyDef[]): Promise<void> {
    const button = input.button ?? 'left';
    const kind = input.click_type ?? 'click';
    await this.holding(holdKeys, async () => {
      await this.moveTo(input.x, input.y);
      const count = kind === 'click' ? (input.num_clicks ?? 1) : 1;
      for (let i = 1; i <= count; i++) {
        if (kind !== 'up') await this.mouseButton('mousePressed', button);
        if (kind !== 'down') await this.mouseButton('mouseReleased', button);
      }
    });
  }

  async scroll(input: ScrollInput, holdKeys: KeyDef[]): Promise<void> {
    await this.holding(holdKeys, async () => {
      await this.moveTo(input.x, input.y);
      await this.send('Input.dispatchMouseEvent', {
        type: 'mouseWheel',
        x: input.x,
        y: input.y,
        deltaX: (input.delta_x ?? 0) * WHEEL_NOTCH_PX,
        deltaY: (input.delta_y ?? 0) * WHEEL_NOTCH_PX,
        modifiers: this.modifiers,
        buttons: this.buttons,
      });
    });
  }

  async type(input: TypeTextInput): Promise<void> {
    for (const ch of input.text) {
      const def = keyFor(ch);
      if (def) await this.tap(def);
      else await this.send('Input.insertText', { text: ch });
      await sleep(input.delay ?? 0);
    }
  }

  async pressKeys(combos: { keys: KeyDef[] }[], input: PressKeyInput, holdKeys: KeyDef[]): Promise<void> {
    await this.holding(holdKeys, async () => {
      for (const combo of combos) {
        const shortcut = shortcutFor([...holdKeys, ...combo.keys]);
        if (shortcut) {
          await this.browserShortcut(shortcut);
          continue;
        }
        const pressed: KeyDef[] = [];
        try {
          for (const k of combo.keys) {
            await this.keyDown(k);
            pressed.push(k);
          }
          await sleep(input.duration ?? 0);
        } finally {
          for (const k of pressed.reverse()) await this.keyUp(k);
        }
      }
    });
  }

  private async holding(keys: KeyDef[], fn: () => Promise<void>): Promise<void> {
    const pressed: KeyDef[] = [];
    try {
      for (const k of keys) {
        await this.keyDown(k);
        pressed.push(k);
      }
      await fn();
    } finally {
      for (const k of pressed.reverse()) await this.keyUp(k).catch(() => {});
    }
  }

  private async moveTo(x: number, y: number): Promise<void> {
    this.x = x;
    this.y = y;
    this.onMove(x, y);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y, modifiers: this.modifiers, buttons: this.buttons });
  }

  private async mouseButton(type: 'mousePressed' | 'mouseReleased', button: MouseButton): Promise<void> {
    let clickCount: number;
    if (type === 'mousePressed') {
      const now = Date.now();
      const last = this.lastPress;
      const repeat = last && last.button === button && now - last.at <= MULTI_CLICK.ms &&
        Math.abs(last.x - this.x) <= MULTI_CLICK.px && Math.abs(last.y - this.y) <= MULTI_CLICK.px;
      clickCount = repeat ? last.count + 1 : 1;
      this.lastPress = { button, x: this.x, y: this.y, at: now, count: clickCount };
      this.buttons |= BUTTON_BITS[button];
    } else {
      clickCount = this.lastPress?.button === button ? this.lastPress.count : 1;
      this.buttons &= ~BUTTON_BITS[button];
    }
    await this.send('Input.dispatchMouseEvent', {
      type,
      x: this.x,
      y: this.y,
      button,
      clickCount,
      modifiers: this.modifiers,
      buttons: this.buttons,
    });
  }

  private async tap(def: KeyDef): Promise<void> {
    const shift = def.shift && !(this.modifiers & MODIFIER.shift);
    await this.keyDown(def, shift ? MODIFIER.shift : 0);
    await this.keyUp(def, shift ? MODIFIER.shift : 0);
  }

  private async keyDown(def: KeyDef, extraModifiers = 0): Promise<void> {
    if (def.modifier) this.modifiers |= def.modifier;
    const modifiers = this.modifiers | extraModifiers | (def.shift ? MODIFIER.shift : 0);
    const text = keyText(def, modifiers);
    await this.send('Input.dispatchKeyEvent', {
      type: text ? 'keyDown' : 'rawKeyDown',
      key: def.key,
      code: def.code,
      windowsVirtualKeyCode: def.keyCode,
      nativeVirtualKeyCode: def.keyCode,
      modifiers,
      location: def.location ?? 0,
      ...(text ? { text, unmodifiedText: text } : {}),
    });
  }

  private async keyUp(def: KeyDef, extraModifiers = 0): Promise<void> {
    if (def.modifier) this.modifiers &= ~def.modifier;
    await this.send('Input.dispatchKeyEvent', {
      type: 'keyUp',
      key: def.key,
      code: def.code,
      windowsVirtualKeyCode: def.keyCode,
      nativeVirtualKeyCode: def.keyCode,
      modifiers: this.modifiers | extraModifiers,
      location: def.location ?? 0,
    });
  }
}
