import type fs from 'node:fs';

const BITS = 'rwxrwxrwx';

/**
 * The spec's textual mode: "d" for a directory, "-" for anything else, then nine permission characters
 * (owner, group, others), e.g. "drwxr-xr-x" or "-rw-r--r--".
 */
export function modeString(mode: number, isDir: boolean): string {
  let out = isDir ? 'd' : '-';
  for (let i = 0; i < 9; i++) out += mode & (1 << (8 - i)) ? BITS[i] : '-';
  return out;
}

export function statModeString(stat: fs.Stats): string {
  return modeString(stat.mode, stat.isDirectory());
}

/** "644" / "0755" → 0o644 / 0o755 (permission and setuid/setgid/sticky bits; the schema guarantees octal digits). */
export function parseOctalMode(mode: string): number {
  return parseInt(mode, 8) & 0o7777;
}
