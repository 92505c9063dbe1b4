import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const version = (pkg: string) =>
  (JSON.parse(fs.readFileSync(path.resolve('node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

function atLeast(v: string, floor: string): boolean {
  const a = v.split(/[.-]/).map(Number);
  const b = floor.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== b[i]) return (a[i] ?? 0) > b[i]!;
  return true;
}

// The lines with the 2025–2026 fixes for the App Router, server actions and the RSC runtime
// (middleware bypass, React2Shell, RSC denial of service, Origin: null CSRF, the May and July 2026 batches).
const FLOORS: Record<string, Record<string, string>> = {
  next: { '15': '15.5.18', '16': '16.2.6' },
  react: { '19': '19.2.8' },
  'react-dom': { '19': '19.2.8' },
};

describe('dependencies carry the published security fixes', () => {
  it.each(Object.keys(FLOORS))('%s is at or past its patched release', (pkg) => {
    const v = version(pkg);
    const floor = FLOORS[pkg]![v.split('.')[0]!];
    expect(floor, `${pkg} ${v} is on a release line with no known patched version`).toBeDefined();
    expect(atLeast(v, floor!), `${pkg} ${v} < ${floor}`).toBe(true);
  });
});
