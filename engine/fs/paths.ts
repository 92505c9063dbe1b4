import fs from 'node:fs';
import path from 'node:path';
import { normalizeSessionPath, sessionPathSchema } from '../../lib/schemas/fs';
import { HttpError, badRequest } from '../http/errors';

/**
 * Maps an absolute session path ("/downloads/a.txt") onto the host path under the session root, lexically.
 * Returns undefined for anything that is not an absolute path inside the root. For paths handed to Chromium
 * (download folders); file operations go through resolveInRoot, which also checks symbolic links.
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

/** True when `candidate` is `root` or lies below it (compares whole components, never a string prefix). */
export function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}

/** Checks a path from a request against the lexical rules and returns it normalized ("/a//b/" → "/a/b"). */
export function checkSessionPath(value: unknown, field = 'path'): string {
  const result = sessionPathSchema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'is invalid', field);
  return normalizeSessionPath(result.data);
}

export interface Resolved {
  /** The normalized session path asked for. */
  sessionPath: string;
  /** The session root with every symbolic link resolved. */
  realRoot: string;
  /**
   * Where to operate on the host. Every existing component is resolved (links inside the root followed, links
   * out refused); a missing tail is appended as is. With follow=false the last component is left unresolved.
   */
  host: string;
  /** lstat of `host`, or stat when the last component was followed; undefined when it does not exist. */
  stat?: fs.Stats;
  /** The last component is a symbolic link that was not followed (follow=false), or a dangling one. */
  isLink: boolean;
}

function errno(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | undefined)?.code;
}

const outside = (field: string) => badRequest("leads outside the session's filesystem through a symbolic link", field);

/**
 * Resolves a session path component by component, so that no symbolic link (however deep, however chained)
 * can take an operation outside the root. Throws a 400/404 HttpError naming `field`.
 */
export async function resolveInRoot(
  root: string,
  sessionPath: string,
  opts: { field?: string; follow?: boolean } = {},
): Promise<Resolved> {
  const field = opts.field ?? 'path';
  const follow = opts.follow ?? true;
  const normalized = checkSessionPath(sessionPath, field);
  let realRoot: string;
  try {
    realRoot = await fs.promises.realpath(root);
  } catch {
    throw new HttpError(404, "the session's filesystem is gone");
  }
  const parts = normalized === '/' ? [] : normalized.slice(1).split('/');
  let current = realRoot;
  let stat: fs.Stats | undefined = await fs.promises.stat(realRoot);
  for (let i = 0; i < parts.length; i++) {
    const last = i === parts.length - 1;
    if (!stat.isDirectory()) {
      const prefix = '/' + parts.slice(0, i).join('/');
      throw new HttpError(404, `${field}: ${prefix} is a file, so ${normalized} does not exist`);
    }
    const next = path.join(current, parts[i]!);
    let st: fs.Stats;
    try {
      st = await fs.promises.lstat(next);
    } catch (err) {
      if (errno(err) === 'ENOENT') {
        return { sessionPath: normalized, realRoot, host: path.join(next, ...parts.slice(i + 1)), stat: undefined, isLink: false };
      }
      throw fsError(err, field, normalized);
    }
    if (st.isSymbolicLink() && (follow || !last)) {
      let target: string;
      try {
        target = await fs.promises.realpath(next);
      } catch (err) {
        const code = errno(err);
        // A dangling link at the end counts as missing: writing there replaces the link, never its target.
        if (code === 'ENOENT' && last) return { sessionPath: normalized, realRoot, host: next, stat: undefined, isLink: true };
        if (code === 'ENOENT') throw new HttpError(404, `${field}: ${normalized} not found (a symbolic link on the way dangles)`);
        if (code === 'ELOOP') throw badRequest('runs into a loop of symbolic links', field);
        throw fsError(err, field, normalized);
      }
      if (!isInside(realRoot, target)) throw outside(field);
      current = target;
      stat = await fs.promises.stat(target);
      continue;
    }
    current = next;
    stat = st;
    if (last) return { sessionPath: normalized, realRoot, host: current, stat, isLink: st.isSymbolicLink() };
  }
  return { sessionPath: normalized, realRoot, host: current, stat, isLink: false };
}

const PROC_FD = fs.existsSync('/proc/self/fd');

/**
 * After opening, checks where the descriptor really points: this closes the gap between resolving a path and
 * opening it, in which a directory on the way could have been swapped for a link.
 */
export async function assertFdInside(fd: number, realRoot: string, fallbackPath: string, field = 'path'): Promise<void> {
  const actual = PROC_FD ? await fs.promises.readlink(`/proc/self/fd/${fd}`) : await fs.promises.realpath(fallbackPath);
  if (!isInside(realRoot, actual)) throw outside(field);
}

/** Checks an existing host path (e.g. a directory just created) still lies inside the root. */
export async function assertRealInside(hostPath: string, realRoot: string, field = 'path'): Promise<void> {
  const actual = await fs.promises.realpath(hostPath);
  if (!isInside(realRoot, actual)) throw outside(field);
}

/** Maps a filesystem error to the API's status and a message naming the field and the session path. */
export function fsError(err: unknown, field: string, sessionPath: string): HttpError {
  if (err instanceof HttpError) return err;
  switch (errno(err)) {
    case 'ENOENT':
      return new HttpError(404, `${field}: ${sessionPath} not found`);
    case 'ENOTDIR':
      return new HttpError(404, `${field}: ${sessionPath} not found (a component of it is a file)`);
    case 'EISDIR':
      return new HttpError(409, `${field}: ${sessionPath} is a directory`);
    case 'ENOTEMPTY':
    case 'EEXIST':
      return new HttpError(409, `${field}: ${sessionPath} is in the way (it already exists and is not empty)`);
    case 'EACCES':
    case 'EPERM':
      return new HttpError(403, `${field}: permission denied on ${sessionPath}`);
    case 'ENAMETOOLONG':
      return badRequest('is too long for the filesystem', field);
    case 'ELOOP':
      return badRequest('runs into a loop of symbolic links', field);
    case 'EINVAL':
      return badRequest(`${sessionPath} cannot be used here (a directory cannot be moved inside itself)`, field);
    case 'ENOSPC':
    case 'EDQUOT':
      return new HttpError(507, `no space left to write ${sessionPath}`, { code: 'insufficient_storage' });
    case 'EMFILE':
    case 'ENFILE':
      return new HttpError(503, 'too many open files; try again');
    default:
      console.error('[engine] filesystem error', err);
      return new HttpError(500, `could not access ${sessionPath}`);
  }
}
