import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { modeString, parseOctalMode, statModeString } from '../../engine/fs/mode';
import { fileModeSchema } from '../../lib/schemas/fs';

describe('mode strings', () => {
  it.each([
    [0o644, false, '-rw-r--r--'],
    [0o755, true, 'drwxr-xr-x'],
    [0o700, true, 'drwx------'],
    [0o777, false, '-rwxrwxrwx'],
    [0o000, false, '----------'],
    [0o4755, false, '-rwxr-xr-x'],
    [0o1777, true, 'drwxrwxrwx'],
    [0o100640, false, '-rw-r-----'],
  ])('%o (dir=%s) → %s', (mode, isDir, expected) => {
    const s = modeString(mode, isDir);
    expect(s).toBe(expected);
    expect(s).toMatch(/^[d-][r-][w-][x-][r-][w-][x-][r-][w-][x-]$/);
  });

  it('reads real files and directories', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-mode-'));
    try {
      const file = path.join(dir, 'f');
      fs.writeFileSync(file, 'x');
      fs.chmodSync(file, 0o640);
      fs.chmodSync(dir, 0o751);
      expect(statModeString(fs.statSync(file))).toBe('-rw-r-----');
      expect(statModeString(fs.statSync(dir))).toBe('drwxr-x--x');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('parses octal request modes and the schema refuses the rest', () => {
    expect(parseOctalMode('644')).toBe(0o644);
    expect(parseOctalMode('0755')).toBe(0o755);
    for (const ok of ['644', '0755', '777', '000']) expect(fileModeSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['8', '64', '999', '12345', 'rwx', '-644', '0o644', ' 644']) {
      expect(fileModeSchema.safeParse(bad).success).toBe(false);
    }
  });
});
