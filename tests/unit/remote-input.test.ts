import { describe, expect, it } from 'vitest';
import { keyAction, toScreenPoint, wheelNotches } from '../../lib/computer/remote-input';

describe('live-view keyboard', () => {
  it('types plain characters and presses named keys and chords', () => {
    expect(keyAction({ key: 'a' })).toEqual({ action: 'type', text: 'a' });
    expect(keyAction({ key: 'A', shift: true })).toEqual({ action: 'type', text: 'A' });
    expect(keyAction({ key: 'é' })).toEqual({ action: 'type', text: 'é' });
    expect(keyAction({ key: ' ' })).toEqual({ action: 'type', text: ' ' });
    expect(keyAction({ key: 'Enter' })).toEqual({ action: 'press_key', keys: ['Return'] });
    expect(keyAction({ key: 'Tab', shift: true })).toEqual({ action: 'press_key', keys: ['Shift+Tab'] });
    expect(keyAction({ key: 'A', ctrl: true, shift: true })).toEqual({ action: 'press_key', keys: ['Ctrl+Shift+a'] });
    expect(keyAction({ key: '+', ctrl: true })).toEqual({ action: 'press_key', keys: ['Ctrl+plus'] });
    expect(keyAction({ key: 'ArrowLeft', alt: true })).toEqual({ action: 'press_key', keys: ['Alt+Left'] });
  });

  it('ignores bare modifiers and keys it cannot name', () => {
    expect(keyAction({ key: 'Shift', shift: true })).toBeNull();
    expect(keyAction({ key: 'Control', ctrl: true })).toBeNull();
    expect(keyAction({ key: 'Unidentified' })).toBeNull();
    expect(keyAction({ key: 'Dead' })).toBeNull();
  });
});

describe('live-view pointer mapping', () => {
  const screen = { width: 1000, height: 500 };
  it('maps through a letterboxed, scaled picture', () => {
    const box = { left: 10, top: 20, width: 500, height: 500 };
    // Scale 0.5: the 500x250 picture sits 125px below the box top.
    expect(toScreenPoint(10, 145, box, screen)).toEqual({ x: 0, y: 0 });
    expect(toScreenPoint(260, 270, box, screen)).toEqual({ x: 500, y: 250 });
    expect(toScreenPoint(100, 100, box, screen)).toBeNull();
    expect(toScreenPoint(510, 200, box, screen)).toBeNull();
  });

  it('turns wheel pixels into at least one notch', () => {
    expect(wheelNotches(0)).toBe(0);
    expect(wheelNotches(3)).toBe(1);
    expect(wheelNotches(-250)).toBe(-3);
    expect(wheelNotches(100_000)).toBe(10);
  });
});
