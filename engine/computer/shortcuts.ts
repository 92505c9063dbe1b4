import { MODIFIER, type KeyDef } from './keys';

/**
 * Keys a desktop Chromium handles itself rather than passing to the page. Sessions render headless, without a
 * browser window to catch them, so the engine carries them out.
 */
export type Shortcut = 'new_tab' | 'reload' | 'back' | 'forward';

export function shortcutFor(keys: KeyDef[]): Shortcut | undefined {
  let mods = 0;
  let main: KeyDef | undefined;
  for (const k of keys) {
    if (k.modifier) mods |= k.modifier;
    else if (main) return undefined;
    else main = k;
  }
  if (!main) return undefined;
  if (mods === MODIFIER.ctrl && main.code === 'KeyT') return 'new_tab';
  if ((mods === MODIFIER.ctrl && main.code === 'KeyR') || (mods === 0 && main.code === 'F5')) return 'reload';
  if (mods === MODIFIER.alt && main.code === 'ArrowLeft') return 'back';
  if (mods === MODIFIER.alt && main.code === 'ArrowRight') return 'forward';
  return undefined;
}
