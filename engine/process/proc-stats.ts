import fs from 'node:fs';

/** Linux reports CPU time in clock ticks of 1/100 s on every architecture Node runs on. */
const CLOCK_TICKS = 100;
const PAGE_SIZE = 4096;

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  cpuTicks: number;
  rssBytes: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may itself contain spaces or ")".
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // A zombie has ended already; it only waits for its parent to collect its status.
    if (f[0] === 'Z' || f[0] === 'X') return undefined;
    return {
      pid,
      ppid: Number(f[1]),
      pgrp: Number(f[2]),
      cpuTicks: Number(f[11]) + Number(f[12]),
      rssBytes: Number(f[21]) * PAGE_SIZE,
    };
  } catch {
    return undefined;
  }
}

/** Every live process of a process group (Linux /proc; empty elsewhere). */
export function groupMembers(pgid: number): ProcStat[] {
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const st = readStat(Number(name));
    if (st && st.pgrp === pgid) out.push(st);
  }
  return out;
}

/** CPU percentage between two status reads (since the start on the first read) and resident memory. */
export class UsageSampler {
  private last?: { ticks: number; at: number };

  constructor(private readonly startedAt: number) {}

  sample(members: ProcStat[], now = Date.now()): { cpuPct: number; memBytes: number } {
    const ticks = members.reduce((n, m) => n + m.cpuTicks, 0);
    const memBytes = members.reduce((n, m) => n + m.rssBytes, 0);
    const prev = this.last ?? { ticks: 0, at: this.startedAt };
    const seconds = (now - prev.at) / 1000;
    const cpuPct = seconds > 0 ? Math.max(0, ((ticks - prev.ticks) / CLOCK_TICKS / seconds) * 100) : 0;
    this.last = { ticks, at: now };
    return { cpuPct: Math.round(cpuPct * 10) / 10, memBytes };
  }
}
