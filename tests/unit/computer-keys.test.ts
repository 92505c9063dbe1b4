import { describe, expect, it } from 'vitest';
import { keyFor, keyText, MODIFIER, parseCombos, splitCombo } from '../../engine/computer/keys';

describe('xdotool key names', () => {
  it('knows keysyms case-insensitively and characters literally', () => {
    expect(keyFor('Return')).toMatchObject({ key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' });
    expect(keyFor('return')?.key).toBe('Enter');
    expect(keyFor('BackSpace')).toMatchObject({ key: 'Backspace', keyCode: 8 });
    expect(keyFor('Page_Down')?.code).toBe('PageDown');
    expect(keyFor('F5')).toMatchObject({ key: 'F5', keyCode: 116 });
    expect(keyFor('a')).toMatchObject({ key: 'a', code: 'KeyA', keyCode: 65, text: 'a' });
    expect(keyFor('A')).toMatchObject({ key: 'A', code: 'KeyA', shift: true });
    expect(keyFor('!')).toMatchObject({ code: 'Digit1', shift: true });
    expect(keyFor('minus')?.text).toBe('-');
    expect(keyFor('bracketleft')?.code).toBe('BracketLeft');
    expect(keyFor('Ctrl')).toMatchObject({ key: 'Control', modifier: MODIFIER.ctrl });
    expect(keyFor('Super_L')).toMatchObject({ key: 'Meta', modifier: MODIFIER.meta });
    expect(keyFor('é')).toBeUndefined();
    expect(keyFor('Hyperdrive')).toBeUndefined();
  });

  it('types text only without Ctrl, Alt or Meta held', () => {
    const a = keyFor('a')!;
    expect(keyText(a, 0)).toBe('a');
    expect(keyText(a, MODIFIER.shift)).toBe('a');
    expect(keyText(a, MODIFIER.ctrl)).toBeUndefined();
    expect(keyText(keyFor('Tab')!, 0)).toBeUndefined();
  });

  it('splits combinations, including a literal plus', () => {
    expect(splitCombo('Ctrl+Shift+Tab')).toEqual(['Ctrl', 'Shift', 'Tab']);
    expect(splitCombo('+')).toEqual(['+']);
    expect(splitCombo('Ctrl++')).toEqual(['Ctrl', '+']);
    expect(splitCombo('Return')).toEqual(['Return']);
  });

  it('resolves every combination or names the first bad entry', () => {
    const ok = parseCombos(['Ctrl+t', 'Return'], 'keys');
    expect('error' in ok).toBe(false);
    if (!('error' in ok)) expect(ok.map((c) => c.keys.map((k) => k.key))).toEqual([['Control', 't'], ['Enter']]);
    expect(parseCombos(['Return', 'Ctrl+Nope'], 'keys')).toEqual({ error: expect.stringMatching(/^keys\[1\]: unknown key "Nope" in "Ctrl\+Nope"/) });
    expect(parseCombos(['Ctrl+'], 'hold_keys')).toEqual({ error: expect.stringMatching(/^hold_keys\[0\]: unknown key ""/) });
  });
});
