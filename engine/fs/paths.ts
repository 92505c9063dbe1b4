import path from 'node:path';

/**
 * Maps an absolute session path ("/downloads/a.txt") onto the host path under the session root, lexically.
 * Returns undefined for anything that is not an absolute path inside the root.
 */
export function lexicalSessionPath(root: string, sessionPath: string): string | undefined {
  if (typeof sessionPath !== 'string' || !sessionPath.startsWith('/') || sessionPath.includes('\0')) return undefined;
  const normalized = path.posix.normalize(sessionPath);
  if (normalized.split('/').includes('..')) return undefined;
  const host = path.join(root, normalized);
  const rel = path.relative(root, host);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return host;
}
