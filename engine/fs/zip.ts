import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { HttpError, badRequest } from '../http/errors';
import { openDirIn } from './dirfd';
import { assertFdInside, fsError, resolveInRoot } from './paths';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

interface ZipEntry {
  name: string;
  host: string;
  isDir: boolean;
  stat: fs.Stats;
}

/** Every directory and regular file below `hostDir`; links and special files are left out, never followed. */
async function collect(hostDir: string, realRoot: string, prefix: string, out: ZipEntry[]): Promise<void> {
  const dir = await openDirIn(hostDir, realRoot, 'path');
  let names: string[];
  try {
    names = await fs.promises.readdir(dir.path);
  } finally {
    await dir.close();
  }
  names.sort();
  for (const name of names) {
    const host = path.join(hostDir, name);
    const stat = await fs.promises.lstat(host).catch(() => undefined);
    if (!stat) continue;
    const entryName = prefix + name;
    if (stat.isDirectory()) {
      out.push({ name: entryName + '/', host, isDir: true, stat });
      await collect(host, realRoot, entryName + '/', out);
    } else if (stat.isFile()) {
      out.push({ name: entryName, host, isDir: false, stat });
    }
  }
}

/** download_dir_zip: a zip of the directory's contents (names relative to it), streamed as it is built. */
export async function zipDirectory(root: string, requested: string): Promise<{ sessionPath: string; stream: Readable }> {
  const r = await resolveInRoot(root, requested);
  if (!r.stat) throw new HttpError(404, `path: directory ${r.sessionPath} not found`);
  if (!r.stat.isDirectory()) throw badRequest(`${r.sessionPath} is not a directory`, 'path');
  const entries: ZipEntry[] = [];
  try {
    await collect(r.host, r.realRoot, '', entries);
  } catch (err) {
    throw fsError(err, 'path', r.sessionPath);
  }
  const zip = new ZipFile();
  for (const e of entries) {
    const options = { mtime: e.stat.mtime, mode: e.stat.mode };
    try {
      if (e.isDir) {
        zip.addEmptyDirectory(e.name, options);
        continue;
      }
      zip.addReadStreamLazy(e.name, { ...options, size: e.stat.size }, (cb) => {
        void (async () => {
          if (e.stat.size === 0) return cb(null, Readable.from([]));
          const handle = await fs.promises.open(e.host, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
          try {
            await assertFdInside(handle.fd, r.realRoot, e.host);
            // Exactly the size announced in the entry header, even if the file grows meanwhile.
            cb(null, handle.createReadStream({ start: 0, end: e.stat.size - 1, autoClose: true }));
          } catch (err) {
            await handle.close();
            throw err;
          }
        })().catch((err: unknown) => cb(err, undefined as never));
      });
    } catch {
      // Names the zip format cannot carry (e.g. "..\\x", which zip readers would treat as a parent reference).
    }
  }
  // A file that vanishes or changes size mid-way cannot be patched into a zip already on the wire: cut it short.
  zip.on('error', (err: Error) => (zip.outputStream as Readable).destroy(err));
  zip.end();
  return { sessionPath: r.sessionPath, stream: zip.outputStream as Readable };
}
