import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { HttpError, badRequest } from '../http/errors';
import { openDirIn, removeTree, type DirRef } from './dirfd';
import { parseOctalMode } from './mode';
import { assertFdInside, assertRealInside, fsError, resolveInRoot, type Resolved } from './paths';

const { O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW } = fs.constants;
const DIR_MODE = 0o755;

async function withParent<T>(r: Resolved, field: string, fn: (dir: DirRef, name: string) => Promise<T>): Promise<T> {
  const dir = await openDirIn(path.dirname(r.host), r.realRoot, field);
  try {
    return await fn(dir, path.basename(r.host));
  } finally {
    await dir.close();
  }
}

/** mkdir -p for the part of a resolved path that does not exist yet, then a check that it landed inside. */
async function ensureDirectory(hostDir: string, realRoot: string, field: string, sessionPath: string, mode = DIR_MODE) {
  try {
    await fs.promises.mkdir(hostDir, { recursive: true, mode });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new HttpError(409, `${field}: a file is in the way of directory ${sessionPath}`);
    }
    throw fsError(err, field, sessionPath);
  }
  await assertRealInside(hostDir, realRoot, field);
}

function parentOf(sessionPath: string): string {
  const i = sessionPath.lastIndexOf('/');
  return i <= 0 ? '/' : sessionPath.slice(0, i);
}

export interface WriteOptions {
  field?: string;
  mode?: string;
  /** Bytes the body may have; more is refused with 413. */
  limit: number;
}

/**
 * write_file: streams the body into a temporary file next to the target and renames it into place, so a
 * failed or oversized write never leaves a half-written file and never writes through a link.
 */
export async function writeFile(
  root: string,
  requested: string,
  body: AsyncIterable<Uint8Array> | null,
  opts: WriteOptions,
): Promise<number> {
  const field = opts.field ?? 'path';
  const r = await resolveInRoot(root, requested, { field });
  if (r.sessionPath === '/' || r.stat?.isDirectory()) throw new HttpError(409, `${field}: ${r.sessionPath} is a directory`);
  if (r.stat && !r.stat.isFile()) throw badRequest(`${r.sessionPath} is not a regular file`, field);
  await ensureDirectory(path.dirname(r.host), r.realRoot, field, parentOf(r.sessionPath));
  return withParent(r, field, async (dir, name) => {
    const temp = path.join(dir.path, `.kd-write-${crypto.randomBytes(8).toString('hex')}`);
    let written = 0;
    let handle: fs.promises.FileHandle | undefined;
    try {
      handle = await fs.promises.open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600);
      await assertFdInside(handle.fd, r.realRoot, temp, field);
      if (body) {
        for await (const chunk of body) {
          written += chunk.byteLength;
          if (written > opts.limit) {
            throw new HttpError(413, `body: must be at most ${opts.limit} bytes (${r.sessionPath} was not written)`);
          }
          await handle.write(chunk);
        }
      }
      await handle.chmod(parseOctalMode(opts.mode ?? '644'));
      await handle.close();
      handle = undefined;
      await fs.promises.rename(temp, path.join(dir.path, name));
      return written;
    } catch (err) {
      await handle?.close().catch(() => {});
      await fs.promises.unlink(temp).catch(() => {});
      throw fsError(err, field, r.sessionPath);
    }
  });
}

/** create_directory: mkdir -p; an existing directory is fine, an existing file is a conflict. */
export async function createDirectory(root: string, requested: string, mode: string): Promise<void> {
  const r = await resolveInRoot(root, requested);
  if (r.stat) {
    if (r.stat.isDirectory()) return;
    throw new HttpError(409, `path: ${r.sessionPath} already exists and is not a directory`);
  }
  const bits = parseOctalMode(mode);
  await ensureDirectory(r.host, r.realRoot, 'path', r.sessionPath, bits);
  // mkdir's mode passes through the umask; the caller asked for exactly these bits.
  await fs.promises.chmod(r.host, bits).catch((err) => {
    throw fsError(err, 'path', r.sessionPath);
  });
}

const rootRefused = (field: string, what: string) => badRequest(`the root directory cannot be ${what}`, field);

/** delete_file: removes a file or a symbolic link (never its target). */
export async function deleteFile(root: string, requested: string): Promise<void> {
  const r = await resolveInRoot(root, requested, { follow: false });
  if (r.sessionPath === '/') throw rootRefused('path', 'deleted');
  if (!r.stat) throw new HttpError(404, `path: file ${r.sessionPath} not found`);
  if (r.stat.isDirectory()) throw badRequest(`${r.sessionPath} is a directory; delete it with delete_directory`, 'path');
  await withParent(r, 'path', (dir, name) => fs.promises.unlink(path.join(dir.path, name))).catch((err) => {
    throw fsError(err, 'path', r.sessionPath);
  });
}

/** delete_directory: removes a directory and everything below it; links inside are removed, not followed. */
export async function deleteDirectory(root: string, requested: string): Promise<void> {
  const r = await resolveInRoot(root, requested, { follow: false });
  if (r.sessionPath === '/') throw rootRefused('path', 'deleted');
  if (!r.stat) throw new HttpError(404, `path: directory ${r.sessionPath} not found`);
  if (!r.stat.isDirectory() && !r.isLink) {
    throw badRequest(`${r.sessionPath} is not a directory; delete it with delete_file`, 'path');
  }
  await withParent(r, 'path', (dir, name) => removeTree(dir.path, name)).catch((err) => {
    throw fsError(err, 'path', r.sessionPath);
  });
}

/** move: rename within the session's filesystem; the destination's parent folders are created. */
export async function move(root: string, srcPath: string, destPath: string): Promise<void> {
  const src = await resolveInRoot(root, srcPath, { field: 'src_path', follow: false });
  const dest = await resolveInRoot(root, destPath, { field: 'dest_path', follow: false });
  if (src.sessionPath === '/') throw rootRefused('src_path', 'moved');
  if (dest.sessionPath === '/') throw rootRefused('dest_path', 'replaced');
  if (!src.stat) throw new HttpError(404, `src_path: ${src.sessionPath} not found`);
  if (src.host === dest.host) return;
  if (dest.sessionPath.startsWith(src.sessionPath + '/') || dest.host.startsWith(src.host + path.sep)) {
    throw badRequest(`${src.sessionPath} cannot be moved inside itself`, 'dest_path');
  }
  if (dest.stat?.isDirectory() && !src.stat.isDirectory()) {
    throw new HttpError(409, `dest_path: ${dest.sessionPath} is a directory`);
  }
  await ensureDirectory(path.dirname(dest.host), dest.realRoot, 'dest_path', parentOf(dest.sessionPath));
  await withParent(src, 'src_path', (from, fromName) =>
    withParent(dest, 'dest_path', (to, toName) => fs.promises.rename(path.join(from.path, fromName), path.join(to.path, toName))),
  ).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (err as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new HttpError(409, `dest_path: ${dest.sessionPath} is a directory that is not empty`);
    }
    if ((err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new HttpError(409, `dest_path: ${dest.sessionPath} is a file; a directory cannot replace it`);
    }
    throw fsError(err, 'dest_path', dest.sessionPath);
  });
}
