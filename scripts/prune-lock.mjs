#!/usr/bin/env node
// Drops optional dependencies that the lock file has no entry for (platform builds the registry mirror lacks).
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pkgs = lock.packages;
let dropped = 0;
const has = (from, name) => {
  // Node resolution: nearest node_modules up the tree.
  let base = from;
  for (;;) {
    if (pkgs[`${base ? base + '/' : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
};
for (const [key, entry] of Object.entries(pkgs)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!has(key, name)) { delete entry.optionalDependencies[name]; dropped++; }
  }
}
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`dropped ${dropped} optional dependencies with no lock entry`);
