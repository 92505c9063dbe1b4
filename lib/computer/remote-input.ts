/**
 * Turns what an operator does on a picture of the browser (a live view) into computer actions: pointer positions
 * on the screen and xdotool-style key names. Pure: shared by the dashboard and the engine's own live-view page.
 */

export interface DomKey {
  key: string;
  ctrl?: boolean;
  alt?: boolean;
  shift?: boolean;
  meta?: boolean;
}

export type KeyAction = { action: 'type'; text: string } | { action: 'press_key'; keys: [string] };

const KEYSYMS: Record<string, string> = {
  Enter: 'Return',
  Backspace: 'BackSpace',
  Tab: 'Tab',
  Escape: 'Escape',
  Delete: 'Delete',
  Insert: 'Insert',
  Home: 'Home',
  End: 'End',
  PageUp: 'Page_Up',
  PageDown: 'Page_Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ContextMenu: 'Menu',
  CapsLock: 'Caps_Lock',
  ' ': 'space',
  '+': 'plus',
};
for (let i = 1; i <= 12; i++) KEYSYMS[`F${i}`] = `F${i}`;

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'Super', 'Hyper', 'Fn']);

/** A keyboard event as an action: plain characters are typed, everything else is pressed as a combination. */
export function keyAction(e: DomKey): KeyAction | null {
  if (MODIFIER_KEYS.has(e.key)) return null;
  const chord = e.ctrl || e.alt || e.meta;
  const isChar = [...e.key].length === 1;
  if (isChar && !chord) return { action: 'type', text: e.key };
  let name = KEYSYMS[e.key];
  if (!name && isChar) name = /^[A-Za-z]$/.test(e.key) ? e.key.toLowerCase() : e.key;
  if (!name) return null;
  const mods = [e.ctrl && 'Ctrl', e.alt && 'Alt', e.shift && 'Shift', e.meta && 'Super'].filter(Boolean) as string[];
  return { action: 'press_key', keys: [[...mods, name].join('+')] };
}

/**
 * The screen point under (clientX, clientY) for a screen drawn into `box` with object-fit: contain; null in the
 * letterbox around it.
 */
export function toScreenPoint(
  clientX: number,
  clientY: number,
  box: { left: number; top: number; width: number; height: number },
  screen: { width: number; height: number },
): { x: number; y: number } | null {
  if (box.width <= 0 || box.height <= 0) return null;
  const scale = Math.min(box.width / screen.width, box.height / screen.height);
  const x = (clientX - box.left - (box.width - screen.width * scale) / 2) / scale;
  const y = (clientY - box.top - (box.height - screen.height * scale) / 2) / scale;
  if (x < 0 || y < 0 || x >= screen.width || y >= screen.height) return null;
  return { x: Math.floor(x), y: Math.floor(y) };
}

/** Wheel pixels as xdotool wheel notches (at least one in the direction scrolled). */
export function wheelNotches(deltaPx: number): number {
  if (deltaPx === 0) return 0;
  return Math.sign(deltaPx) * Math.max(1, Math.min(10, Math.round(Math.abs(deltaPx) / 100)));
}
