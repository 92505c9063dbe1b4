import { describe, expect, it } from 'vitest';
import { InputDevice, smoothPath, WHEEL_NOTCH_PX } from '../../engine/computer/input';
import { keyFor } from '../../engine/computer/keys';

function device() {
  const sent: { method: string; params: Record<string, unknown> }[] = [];
  const moves: [number, number][] = [];
  const d = new InputDevice(
    async (method, params) => {
      sent.push({ method, params });
    },
    { x: 5, y: 5 },
    (x, y) => moves.push([x, y]),
  );
  return { d, sent, moves };
}

describe('input device', () => {
  it('clicks: moves there, then presses and releases with rising click counts', async () => {
    const { d, sent, moves } = device();
    await d.click({ x: 30, y: 40, num_clicks: 2 }, []);
    expect(moves).toEqual([[30, 40]]);
    expect(sent.map((s) => [s.params.type, s.params.clickCount ?? null, s.params.buttons])).toEqual([
      ['mouseMoved', null, 0],
      ['mousePressed', 1, 1],
      ['mouseReleased', 1, 0],
      ['mousePressed', 2, 1],
      ['mouseReleased', 2, 0],
    ]);
    expect([d.x, d.y]).toEqual([30, 40]);
  });

  it('holds keys around an action and releases them afterwards, with modifiers on the mouse events', async () => {
    const { d, sent } = device();
    await d.click({ x: 1, y: 1, click_type: 'down', button: 'right' }, [keyFor('Shift')!]);
    expect(sent.map((s) => s.params.type)).toEqual(['rawKeyDown', 'mouseMoved', 'mousePressed', 'keyUp']);
    expect(sent[2]!.params).toMatchObject({ button: 'right', modifiers: 8, buttons: 2 });
    expect(sent[3]!.params).toMatchObject({ key: 'Shift', modifiers: 0 });
  });

  it('types characters as key events and the rest as inserted text', async () => {
    const { d, sent } = device();
    await d.type({ text: 'aA\né' });
    expect(sent.map((s) => [s.method, s.params.type ?? null, s.params.text ?? null, s.params.modifiers ?? null])).toEqual([
      ['Input.dispatchKeyEvent', 'keyDown', 'a', 0],
      ['Input.dispatchKeyEvent', 'keyUp', null, 0],
      ['Input.dispatchKeyEvent', 'keyDown', 'A', 8],
      ['Input.dispatchKeyEvent', 'keyUp', null, 8],
      ['Input.dispatchKeyEvent', 'keyDown', '\r', 0],
      ['Input.dispatchKeyEvent', 'keyUp', null, 0],
      ['Input.insertText', null, 'é', null],
    ]);
  });

  it('presses combinations as raw keys without text while Ctrl is held', async () => {
    const { d, sent } = device();
    await d.pressKeys([{ keys: [keyFor('Ctrl')!, keyFor('a')!] }], { keys: ['Ctrl+a'] }, []);
    expect(sent.map((s) => [s.params.type, s.params.key, s.params.modifiers, s.params.text ?? null])).toEqual([
      ['rawKeyDown', 'Control', 2, null],
      ['rawKeyDown', 'a', 2, null],
      ['keyUp', 'a', 2, null],
      ['keyUp', 'Control', 0, null],
    ]);
  });

  it('scrolls by wheel notches at the point', async () => {
    const { d, sent } = device();
    await d.scroll({ x: 10, y: 20, delta_y: -2 }, []);
    expect(sent[1]!.params).toMatchObject({ type: 'mouseWheel', x: 10, y: 20, deltaX: 0, deltaY: -2 * WHEEL_NOTCH_PX });
  });
});

describe('smooth path', () => {
  it('ends exactly at the target and moves monotonically closer', () => {
    const path = smoothPath({ x: 0, y: 0 }, { x: 300, y: 100 }, 320);
    expect(path.length).toBe(20);
    expect(path[path.length - 1]).toEqual({ x: 300, y: 100 });
    const dist = path.map((p) => Math.hypot(300 - p.x, 100 - p.y));
    for (let i = 1; i < dist.length; i++) expect(dist[i]!).toBeLessThanOrEqual(dist[i - 1]! + 1);
  });
});

describe('multi-click counting', () => {
  it('counts a quick second press at the same spot as a double click, and a far one as a new click', async () => {
    const { d, sent } = device();
    await d.click({ x: 50, y: 50, click_type: 'down' }, []);
    await d.click({ x: 50, y: 50, click_type: 'up' }, []);
    await d.click({ x: 51, y: 50 }, []);
    await d.click({ x: 300, y: 300 }, []);
    const counts = sent.filter((s) => s.params.type !== 'mouseMoved').map((s) => [s.params.type, s.params.clickCount]);
    expect(counts).toEqual([
      ['mousePressed', 1],
      ['mouseReleased', 1],
      ['mousePressed', 2],
      ['mouseReleased', 2],
      ['mousePressed', 1],
      ['mouseReleased', 1],
    ]);
  });
});
