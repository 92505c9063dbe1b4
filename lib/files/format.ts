const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];

/** 0 → "0 B", 1536 → "1.5 KiB", 15_000_000 → "14 MiB": one decimal below 10, whole numbers above. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // 1023.96 KiB would print as "1024 KiB"; show the next unit instead.
  if (Math.round(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const text = value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${text} ${UNITS[unit]}`;
}

/** The exact number of bytes for a tooltip: "1,536 bytes". */
export function formatByteCount(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday", "3 months ago" (or "in 2 minutes" for a clock ahead of ours). */
export function formatRelativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '—';
  let delta = (then - now) / 1000;
  if (Math.abs(delta) < 10) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(delta) < size) return relative.format(roundAway(delta), unit);
    delta /= size;
  }
  return relative.format(roundAway(delta), 'year');
}

/** Rounds halves away from zero in both directions (Math.round(-1.5) would give -1). */
function roundAway(n: number): number {
  return Math.sign(n) * Math.round(Math.abs(n));
}

const exact = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZoneName: 'short',
});

/** The exact local time for a tooltip, e.g. "2026-11-22, 03:15:47 UTC". */
export function formatExactTime(iso: string): string {
  const then = Date.parse(iso);
  return Number.isNaN(then) ? iso : exact.format(then);
}
