import { describe, expect, it } from 'vitest';
import { InputDevice } from '../../engine/computer/input';
import { keyFor, parseCombos } from '../../engine/computer/keys';
import { shortcutFor } from '../../engine/computer/shortcuts';

const keys = (combo: string) => {
  const parsed = parseCombos([combo], 'keys');
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed[0]!.keys;
};

describe('browser shortcuts', () => {
  it('recognises the keys a desktop browser keeps for itself', () => {
    expect(shortcutFor(keys('Ctrl+t'))).toBe('new_tab');
    expect(shortcutFor(keys('ctrl+T'))).toBe('new_tab');
    expect(shortcutFor(keys('F5'))).toBe('reload');
    expect(shortcutFor(keys('Ctrl+r'))).toBe('reload');
    expect(shortcutFor(keys('Alt+Left'))).toBe('back');
    expect(shortcutFor(keys('Alt+Right'))).toBe('forward');
  });

  it('leaves everything else to the page', () => {
    expect(shortcutFor(keys('t'))).toBeUndefined();
    expect(shortcutFor(keys('Ctrl+Shift+t'))).toBeUndefined();
    expect(shortcutFor(keys('Ctrl+a'))).toBeUndefined();
    expect(shortcutFor(keys('Left'))).toBeUndefined();
    expect(shortcutFor(keys('Ctrl'))).toBeUndefined();
  });

  it('runs a shortcut instead of sending its keys to the page, also when a modifier is held', async () => {
    const sent: string[] = [];
    const ran: string[] = [];
    const d = new InputDevice(
      async (_m, p) => void sent.push(String(p.key)),
      { x: 0, y: 0 },
      () => {},
      async (s) => void ran.push(s),
    );
    await d.pressKeys([{ keys: keys('Ctrl+t') }, { keys: keys('x') }], { keys: ['Ctrl+t', 'x'] }, []);
    await d.pressKeys([{ keys: keys('Left') }], { keys: ['Left'] }, [keyFor('Alt')!]);
    expect(ran).toEqual(['new_tab', 'back']);
    expect(sent).toEqual(['x', 'x', 'Alt', 'Alt']);
  });
});
