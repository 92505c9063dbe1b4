import 'server-only';

/** Failed logins per client address: after MAX_FAILURES within WINDOW_MS, refuse until the window passes. */
const MAX_FAILURES = 5;
const WINDOW_MS = 60_000;
const failures = new Map<string, number[]>();

export function loginRetryAfter(key: string, now = Date.now()): number {
  const recent = (failures.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
  failures.set(key, recent);
  if (recent.length < MAX_FAILURES) return 0;
  return Math.ceil((recent[0]! + WINDOW_MS - now) / 1000);
}

export function recordLoginFailure(key: string, now = Date.now()): void {
  const list = failures.get(key) ?? [];
  list.push(now);
  failures.set(key, list.slice(-MAX_FAILURES * 2));
  if (failures.size > 10_000) failures.delete(failures.keys().next().value!);
}

export function clearLoginFailures(key: string): void {
  failures.delete(key);
}
