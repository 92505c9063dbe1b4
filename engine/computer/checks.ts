import type { ScreenshotRegion } from '../../lib/schemas/computer';
import { badRequest } from '../http/errors';
import { parseCombos, type KeyDef } from './keys';

/** Coordinates must be on the screen, as on a Kernel VM ("coordinates exceed screen bounds"). */
export function checkOnScreen(p: { x: number; y: number }, screen: { width: number; height: number }): void {
  if (p.x >= screen.width) throw badRequest(`must be less than the screen width ${screen.width}`, 'x');
  if (p.y >= screen.height) throw badRequest(`must be less than the screen height ${screen.height}`, 'y');
}

export function checkRegion(r: ScreenshotRegion, screen: { width: number; height: number }): void {
  if (r.x + r.width > screen.width || r.y + r.height > screen.height) {
    throw badRequest(
      `${r.width}x${r.height} at (${r.x}, ${r.y}) lies outside the ${screen.width}x${screen.height} screen`,
      'region',
    );
  }
}

/** Key names resolved before anything is pressed; a 400 names the entry ("keys[1]: unknown key ..."). */
export function combosOf(names: string[] | undefined, field: string): { keys: KeyDef[] }[] {
  const parsed = parseCombos(names ?? [], field);
  if ('error' in parsed) throw badRequest(parsed.error);
  return parsed;
}

export const holdKeysOf = (names: string[] | undefined): KeyDef[] => combosOf(names, 'hold_keys').flatMap((c) => c.keys);
