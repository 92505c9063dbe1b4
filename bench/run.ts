// npm run bench: runs every bench/*.bench.ts (or those named on the command line) and writes bench/results.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchResult } from './types';

const dir = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
  .sort();

const sections: string[] = [];
let failures = 0;
for (const file of files) {
  console.log(`[bench] ${file}`);
  const started = Date.now();
  try {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run: () => Promise<BenchResult[]> };
    const results = await mod.run();
    const rows = results.map(
      (r) => `| ${r.name} | ${fmt(r.value)} ${r.unit} | ${r.baseline} | ${r.ratio === undefined ? '—' : fmt(r.ratio)} | ${r.note ?? ''} |`,
    );
    sections.push(`## ${file.replace('.bench.ts', '')}\n\nMeasured ${new Date(started).toISOString()}, ${((Date.now() - started) / 1000).toFixed(0)} s.\n\n| measure | value | baseline (same run) | ratio | note |\n|---|---|---|---|---|\n${rows.join('\n')}\n`);
    for (const r of results) console.log(`  ${r.name}: ${fmt(r.value)} ${r.unit}${r.ratio === undefined ? '' : ` (ratio ${fmt(r.ratio)})`}`);
  } catch (err) {
    failures++;
    console.error(`[bench] ${file} failed:`, err);
    sections.push(`## ${file.replace('.bench.ts', '')}\n\nFailed: ${(err as Error).message}\n`);
  }
  console.log(`[bench] ${file} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function fmt(n: number): string {
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 1 ? n.toFixed(2) : n.toFixed(3);
}

const header = `# Benchmark results\n\nWritten by \`npm run bench\` on ${new Date().toISOString()} (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}).\nEvery figure is compared with a baseline measured in the same run.\n\n`;
if (wanted.length === 0) fs.writeFileSync(path.join(dir, 'results.md'), header + sections.join('\n'));
else {
  const out = path.join(dir, 'results.md');
  let existing = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : header;
  for (const s of sections) {
    const title = s.split('\n')[0]!;
    const re = new RegExp(`${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n[\\s\\S]*?(?=\\n## |$)`);
    existing = re.test(existing) ? existing.replace(re, `${s.trimEnd()}\n`) : `${existing.trimEnd()}\n\n${s}`;
  }
  fs.writeFileSync(out, existing);
}
process.exit(failures ? 1 : 0);
