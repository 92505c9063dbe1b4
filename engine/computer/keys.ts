/** xdotool-style key names (X11 keysyms and "Ctrl+t" combinations) turned into CDP key events, US layout. */

export interface KeyDef {
  key: string;
  code: string;
  keyCode: number;
  /** What the key types, if anything (without Ctrl/Alt/Meta held). */
  text?: string;
  /** Shift is part of producing this character. */
  shift?: boolean;
  /** CDP modifier bit when the key is itself a modifier. */
  modifier?: number;
  location?: number;
}

export const MODIFIER = { alt: 1, ctrl: 2, meta: 4, shift: 8 } as const;

const mod = (key: string, code: string, keyCode: number, bit: number, location = 1): KeyDef => ({ key, code, keyCode, modifier: bit, location });

const MODIFIERS: Record<string, KeyDef> = {
  shift: mod('Shift', 'ShiftLeft', 16, MODIFIER.shift),
  shift_l: mod('Shift', 'ShiftLeft', 16, MODIFIER.shift),
  shift_r: mod('Shift', 'ShiftRight', 16, MODIFIER.shift, 2),
  ctrl: mod('Control', 'ControlLeft', 17, MODIFIER.ctrl),
  control: mod('Control', 'ControlLeft', 17, MODIFIER.ctrl),
  control_l: mod('Control', 'ControlLeft', 17, MODIFIER.ctrl),
  control_r: mod('Control', 'ControlRight', 17, MODIFIER.ctrl, 2),
  alt: mod('Alt', 'AltLeft', 18, MODIFIER.alt),
  alt_l: mod('Alt', 'AltLeft', 18, MODIFIER.alt),
  alt_r: mod('Alt', 'AltRight', 18, MODIFIER.alt, 2),
  meta: mod('Meta', 'MetaLeft', 91, MODIFIER.meta),
  meta_l: mod('Meta', 'MetaLeft', 91, MODIFIER.meta),
  meta_r: mod('Meta', 'MetaRight', 92, MODIFIER.meta, 2),
  super: mod('Meta', 'MetaLeft', 91, MODIFIER.meta),
  super_l: mod('Meta', 'MetaLeft', 91, MODIFIER.meta),
  super_r: mod('Meta', 'MetaRight', 92, MODIFIER.meta, 2),
  cmd: mod('Meta', 'MetaLeft', 91, MODIFIER.meta),
  command: mod('Meta', 'MetaLeft', 91, MODIFIER.meta),
};

const named = (key: string, code: string, keyCode: number, text?: string): KeyDef => (text ? { key, code, keyCode, text } : { key, code, keyCode });

const NAMED: Record<string, KeyDef> = {
  return: named('Enter', 'Enter', 13, '\r'),
  enter: named('Enter', 'Enter', 13, '\r'),
  kp_enter: { key: 'Enter', code: 'NumpadEnter', keyCode: 13, text: '\r', location: 3 },
  tab: named('Tab', 'Tab', 9),
  iso_left_tab: { key: 'Tab', code: 'Tab', keyCode: 9, shift: true },
  backspace: named('Backspace', 'Backspace', 8),
  escape: named('Escape', 'Escape', 27),
  esc: named('Escape', 'Escape', 27),
  delete: named('Delete', 'Delete', 46),
  del: named('Delete', 'Delete', 46),
  insert: named('Insert', 'Insert', 45),
  home: named('Home', 'Home', 36),
  end: named('End', 'End', 35),
  page_up: named('PageUp', 'PageUp', 33),
  prior: named('PageUp', 'PageUp', 33),
  page_down: named('PageDown', 'PageDown', 34),
  next: named('PageDown', 'PageDown', 34),
  left: named('ArrowLeft', 'ArrowLeft', 37),
  up: named('ArrowUp', 'ArrowUp', 38),
  right: named('ArrowRight', 'ArrowRight', 39),
  down: named('ArrowDown', 'ArrowDown', 40),
  space: named(' ', 'Space', 32, ' '),
  caps_lock: named('CapsLock', 'CapsLock', 20),
  menu: named('ContextMenu', 'ContextMenu', 93),
  pause: named('Pause', 'Pause', 19),
  print: named('PrintScreen', 'PrintScreen', 44),
};
for (let i = 1; i <= 12; i++) NAMED[`f${i}`] = named(`F${i}`, `F${i}`, 111 + i);

/** Printable US-layout characters: the unshifted and shifted character of each key. */
const ROWS: [string, string, string, number][] = [
  ['`', '~', 'Backquote', 192],
  ['-', '_', 'Minus', 189],
  ['=', '+', 'Equal', 187],
  ['[', '{', 'BracketLeft', 219],
  [']', '}', 'BracketRight', 221],
  ['\\', '|', 'Backslash', 220],
  [';', ':', 'Semicolon', 186],
  ["'", '"', 'Quote', 222],
  [',', '<', 'Comma', 188],
  ['.', '>', 'Period', 190],
  ['/', '?', 'Slash', 191],
];
const DIGIT_SHIFTED = ')!@#$%^&*(';

const CHARS = new Map<string, KeyDef>();
for (let i = 0; i < 26; i++) {
  const lower = String.fromCharCode(97 + i);
  const upper = lower.toUpperCase();
  CHARS.set(lower, { key: lower, code: `Key${upper}`, keyCode: 65 + i, text: lower });
  CHARS.set(upper, { key: upper, code: `Key${upper}`, keyCode: 65 + i, text: upper, shift: true });
}
for (let d = 0; d <= 9; d++) {
  CHARS.set(String(d), { key: String(d), code: `Digit${d}`, keyCode: 48 + d, text: String(d) });
  const s = DIGIT_SHIFTED[d]!;
  CHARS.set(s, { key: s, code: `Digit${d}`, keyCode: 48 + d, text: s, shift: true });
}
for (const [plain, shifted, code, keyCode] of ROWS) {
  CHARS.set(plain, { key: plain, code, keyCode, text: plain });
  CHARS.set(shifted, { key: shifted, code, keyCode, text: shifted, shift: true });
}
CHARS.set(' ', NAMED.space!);
CHARS.set('\n', NAMED.return!);
CHARS.set('\r', NAMED.return!);
CHARS.set('\t', NAMED.tab!);

/** X11 keysym names of punctuation ("minus", "bracketleft", ...) mapped to their character. */
const KEYSYM_CHARS: Record<string, string> = {
  grave: '`', asciitilde: '~', minus: '-', underscore: '_', equal: '=', plus: '+', bracketleft: '[',
  braceleft: '{', bracketright: ']', braceright: '}', backslash: '\\', bar: '|', semicolon: ';', colon: ':',
  apostrophe: "'", quoteright: "'", quotedbl: '"', comma: ',', less: '<', period: '.', greater: '>', slash: '/',
  question: '?', exclam: '!', at: '@', numbersign: '#', dollar: '$', percent: '%', asciicircum: '^',
  ampersand: '&', asterisk: '*', parenleft: '(', parenright: ')',
};

/** The key a single name stands for, or undefined if it is not one the engine knows. */
export function keyFor(name: string): KeyDef | undefined {
  if (name.length === 1) return CHARS.get(name);
  const lower = name.toLowerCase();
  const sym = KEYSYM_CHARS[name] ?? KEYSYM_CHARS[lower];
  if (sym) return CHARS.get(sym);
  return MODIFIERS[lower] ?? NAMED[lower];
}

/** The character a key event carries when typed with these modifiers held (none with Ctrl/Alt/Meta). */
export function keyText(def: KeyDef, modifiers: number): string | undefined {
  if (!def.text || modifiers & (MODIFIER.ctrl | MODIFIER.alt | MODIFIER.meta)) return undefined;
  return def.text;
}

/** Splits "Ctrl+Shift+Tab" into its keys; a literal "+" may stand alone or last ("Ctrl++"). */
export function splitCombo(combo: string): string[] {
  if (combo === '+') return ['+'];
  if (combo.endsWith('++')) return [...combo.slice(0, -2).split('+'), '+'];
  return combo.split('+');
}

/** Resolves every combination up front, so a bad name fails the request before anything is pressed. */
export function parseCombos(combos: string[], field: string): { keys: KeyDef[] }[] | { error: string } {
  const out: { keys: KeyDef[] }[] = [];
  for (const [i, combo] of combos.entries()) {
    const parts = splitCombo(combo);
    const keys: KeyDef[] = [];
    for (const part of parts) {
      const def = part === '' ? undefined : keyFor(part);
      if (!def) return { error: `${field}[${i}]: unknown key "${part}" in "${combo}" (use X11 keysym names such as Return, Tab, Ctrl, Shift, a, F5)` };
      keys.push(def);
    }
    out.push({ keys });
  }
  return out;
}
