import fs from 'node:fs';
import path from 'node:path';
import { assertFdInside, assertRealInside } from './paths';

const PROC_FD = fs.existsSync('/proc/self/fd');
const { O_RDONLY, O_DIRECTORY, O_NOFOLLOW } = fs.constants;

/** An open directory; `path` names it through its descriptor, so later lookups cannot be redirected. */
export interface DirRef {
  path: string;
  close(): Promise<void>;
}

/**
 * Opens a directory that lies inside the root and is not itself a symbolic link. Operations on
 * `${ref.path}/<name>` then act on that very directory even if someone swaps a component of its host path for
 * a link in the meantime (the openat/unlinkat pattern, through /proc/self/fd where Linux offers it).
 */
export async function openDirIn(hostDir: string, realRoot: string, field: string): Promise<DirRef> {
  if (!PROC_FD) {
    await assertRealInside(hostDir, realRoot, field);
    return { path: hostDir, close: async () => {} };
  }
  const handle = await fs.promises.open(hostDir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  try {
    await assertFdInside(handle.fd, realRoot, hostDir, field);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return { path: `/proc/self/fd/${handle.fd}`, close: () => handle.close() };
}

/**
 * Deletes `name` inside the open directory `parent`, recursively, without ever following a symbolic link: links
 * are unlinked, and each subdirectory is opened with O_NOFOLLOW before its entries are touched.
 */
export async function removeTree(parent: string, name: string): Promise<void> {
  const target = path.join(parent, name);
  const st = await fs.promises.lstat(target);
  if (!st.isDirectory()) {
    await fs.promises.unlink(target);
    return;
  }
  if (!PROC_FD) {
    await fs.promises.rm(target, { recursive: true });
    return;
  }
  const handle = await fs.promises.open(target, O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  try {
    const dir = `/proc/self/fd/${handle.fd}`;
    for (const child of await fs.promises.readdir(dir)) {
      try {
        await removeTree(dir, child);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  } finally {
    await handle.close();
  }
  await fs.promises.rmdir(target);
}
