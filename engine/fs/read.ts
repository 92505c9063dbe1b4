import fs from 'node:fs';
import { HttpError, badRequest } from '../http/errors';
import { assertFdInside, fsError, resolveInRoot } from './paths';

const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fs.constants;

export interface OpenedFile {
  sessionPath: string;
  size: number;
  /** null for an empty file. */
  stream: fs.ReadStream | null;
}

/**
 * read_file: opens a regular file inside the root for streaming. O_NONBLOCK keeps a FIFO from hanging the open;
 * the fstat afterwards refuses anything that is not a regular file.
 */
export async function openForRead(root: string, requested: string): Promise<OpenedFile> {
  const r = await resolveInRoot(root, requested);
  if (!r.stat) throw new HttpError(404, `path: file ${r.sessionPath} not found`);
  if (r.stat.isDirectory()) throw badRequest(`${r.sessionPath} is a directory; download it with download_dir_zip`, 'path');
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(r.host, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (err) {
    throw fsError(err, 'path', r.sessionPath);
  }
  try {
    await assertFdInside(handle.fd, r.realRoot, r.host);
    const st = await handle.stat();
    if (!st.isFile()) throw badRequest(`${r.sessionPath} is not a regular file`, 'path');
    if (st.size === 0) {
      await handle.close();
      return { sessionPath: r.sessionPath, size: 0, stream: null };
    }
    // Serve exactly the bytes that existed when the request came in, matching Content-Length.
    const stream = handle.createReadStream({ start: 0, end: st.size - 1, autoClose: true });
    return { sessionPath: r.sessionPath, size: st.size, stream };
  } catch (err) {
    await handle.close();
    throw fsError(err, 'path', r.sessionPath);
  }
}
