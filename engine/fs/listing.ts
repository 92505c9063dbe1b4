import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { FS_LIMITS, joinSessionPath, type FileInfo } from '../../lib/schemas/fs';
import { HttpError, badRequest } from '../http/errors';
import { statModeString } from './mode';
import { fsError, isInside, resolveInRoot } from './paths';

/** Synchronous lstat is several times faster than the promise API for big folders; batches keep the loop free. */
const BATCH = 2000;

export function toFileInfo(sessionPath: string, name: string, st: fs.Stats): FileInfo {
  const isDir = st.isDirectory();
  return {
    name,
    path: sessionPath,
    size_bytes: isDir ? 0 : st.size,
    is_dir: isDir,
    mod_time: st.mtime.toISOString(),
    mode: statModeString(st),
  };
}

function baseName(sessionPath: string): string {
  return sessionPath === '/' ? '/' : sessionPath.slice(sessionPath.lastIndexOf('/') + 1);
}

/**
 * What a listing shows for one entry. A symbolic link that stays inside the root shows its target (so a link to a
 * folder can be opened); one that leaves the root or dangles shows the link itself, as a file.
 */
function entryStat(host: string, realRoot: string): fs.Stats | undefined {
  const st = fs.lstatSync(host, { throwIfNoEntry: false });
  if (!st?.isSymbolicLink()) return st;
  try {
    const target = fs.realpathSync(host);
    if (isInside(realRoot, target)) return fs.statSync(target, { throwIfNoEntry: false }) ?? st;
  } catch {
    /* dangling or looping: show the link itself */
  }
  return st;
}

/** list_files: a directory's entries sorted by name; an empty directory is []. */
export async function listDirectory(root: string, requested: string): Promise<FileInfo[]> {
  const r = await resolveInRoot(root, requested);
  if (!r.stat) throw new HttpError(404, `path: directory ${r.sessionPath} not found`);
  if (!r.stat.isDirectory()) throw badRequest(`${r.sessionPath} is not a directory`, 'path');
  let names: string[];
  try {
    names = await fs.promises.readdir(r.host);
  } catch (err) {
    throw fsError(err, 'path', r.sessionPath);
  }
  if (names.length > FS_LIMITS.maxListEntries) {
    throw new HttpError(
      413,
      `path: ${r.sessionPath} has ${names.length} entries, more than the ${FS_LIMITS.maxListEntries} a listing returns; list a subdirectory or download it as a zip`,
    );
  }
  names.sort();
  const out: FileInfo[] = [];
  for (let i = 0; i < names.length; i += BATCH) {
    if (i > 0) await nextTurn();
    for (const name of names.slice(i, i + BATCH)) {
      // An entry removed while we list is simply not listed.
      const st = entryStat(path.join(r.host, name), r.realRoot);
      if (st) out.push(toFileInfo(joinSessionPath(r.sessionPath, name), name, st));
    }
  }
  return out;
}

/** file_info: one path, following links that stay inside the root. */
export async function fileInfo(root: string, requested: string): Promise<FileInfo> {
  const r = await resolveInRoot(root, requested);
  if (!r.stat) throw new HttpError(404, `path: ${r.sessionPath} not found`);
  return toFileInfo(r.sessionPath, baseName(r.sessionPath), r.stat);
}
