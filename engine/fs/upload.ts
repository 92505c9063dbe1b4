import { FS_LIMITS } from '../../lib/schemas/fs';
import { HttpError, badRequest } from '../http/errors';
import { writeFile } from './mutate';
import { checkSessionPath } from './paths';

/** One file of an upload, addressed the way the SDK (files[0][dest_path]) and kernel-images variants do. */
interface UploadPart {
  index: number;
  destPath?: string;
  file?: File;
}

const FIELD = /^files(?:\[(\d+)\]|\.(\d+))(?:\[(dest_path|file)\]|\.(dest_path|file))$/;

/** Reads a multipart body, refusing it as soon as it passes `limit` bytes instead of buffering it all. */
async function readForm(request: Request, limit: number): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new HttpError(415, 'body: must be multipart/form-data with files[i][dest_path] and files[i][file] fields');
  }
  const declared = Number(request.headers.get('content-length') ?? 0);
  const tooBig = () => new HttpError(413, `body: an upload must be at most ${limit} bytes in total`);
  if (declared > limit) throw tooBig();
  let seen = 0;
  let exceeded = false;
  const counted = request.body?.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) {
          exceeded = true;
          controller.error(new Error('upload too large'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  try {
    return await new Request('http://upload.local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: counted ?? null,
      duplex: 'half',
    } as RequestInit).formData();
  } catch {
    if (exceeded) throw tooBig();
    throw badRequest('is not a well-formed multipart/form-data body', 'body');
  }
}

function partsOf(form: FormData): UploadPart[] {
  const parts = new Map<number, UploadPart>();
  const part = (index: number) => {
    if (index >= FS_LIMITS.maxUploadFiles) {
      throw badRequest(`at most ${FS_LIMITS.maxUploadFiles} files can be uploaded at once`, 'files');
    }
    let p = parts.get(index);
    if (!p) parts.set(index, (p = { index }));
    return p;
  };
  for (const [key, value] of form.entries()) {
    // kernel-images also takes a single file as plain "file" + "dest_path".
    const m = FIELD.exec(key) ?? (key === 'file' || key === 'dest_path' ? [key, '0', undefined, key] : null);
    if (!m) throw badRequest(`unknown form field "${key}"; send files[i][dest_path] and files[i][file]`, 'body');
    const p = part(Number(m[1] ?? m[2]));
    const name = m[3] ?? m[4];
    if (name === 'dest_path') {
      if (typeof value !== 'string') throw badRequest('must be a text field', `files[${p.index}].dest_path`);
      p.destPath = value;
    } else {
      if (typeof value === 'string') throw badRequest('must be a file', `files[${p.index}].file`);
      p.file = value;
    }
  }
  return [...parts.values()].sort((a, b) => a.index - b.index);
}

/** upload: writes every file of the form to its dest_path; all paths are checked before anything is written. */
export async function uploadFiles(root: string, request: Request): Promise<number> {
  const form = await readForm(request, FS_LIMITS.maxUploadBytes);
  const parts = partsOf(form);
  if (parts.length === 0) throw badRequest('must contain at least one file', 'files');
  for (const p of parts) {
    if (p.destPath === undefined) throw badRequest('is required', `files[${p.index}].dest_path`);
    if (!p.file) throw badRequest('is required', `files[${p.index}].file`);
    checkSessionPath(p.destPath, `files[${p.index}].dest_path`);
  }
  for (const p of parts) {
    await writeFile(root, p.destPath!, p.file!.stream() as unknown as AsyncIterable<Uint8Array>, {
      field: `files[${p.index}].dest_path`,
      limit: FS_LIMITS.maxUploadBytes,
    });
  }
  return parts.length;
}
