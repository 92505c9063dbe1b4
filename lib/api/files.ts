import type { FileInfo } from '@/lib/schemas/fs';
import { getJson, HttpError, query } from './http';

const base = (id: string) => `/api/browsers/${encodeURIComponent(id)}/files`;

export async function fileListFetcher(id: string, path: string, signal?: AbortSignal): Promise<FileInfo[]> {
  // kernel-images answers null for an empty folder; the engine answers [].
  return (await getJson<FileInfo[] | null>(`${base(id)}${query({ path })}`, signal)).data ?? [];
}

/** A same-origin URL the browser downloads the file from (the route handler streams read_file). */
export function fileDownloadUrl(id: string, path: string): string {
  return `${base(id)}/download${query({ path })}`;
}

/** A same-origin URL that downloads a folder as a zip (download_dir_zip, streamed). */
export function folderZipUrl(id: string, path: string): string {
  return `${base(id)}/zip${query({ path })}`;
}

/**
 * Sends one file to the upload route handler, which streams it into the session. XMLHttpRequest rather than fetch
 * because only it reports upload progress.
 */
export function uploadFile(
  id: string,
  path: string,
  file: Blob,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `${base(id)}/upload${query({ path })}`);
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let code = 'error';
      let message = `Upload failed with status ${xhr.status}.`;
      try {
        const body = JSON.parse(xhr.responseText) as { code?: string; message?: string };
        code = body.code ?? code;
        message = body.message ?? message;
      } catch {
        /* not JSON */
      }
      if (xhr.status === 401) message = 'Your login has expired. Reload the page to log in again.';
      reject(new HttpError(xhr.status, code, message));
    };
    xhr.onerror = () => reject(new HttpError(0, 'network_error', 'The upload was interrupted: the dashboard could not be reached.'));
    xhr.onabort = () => reject(new HttpError(0, 'aborted', 'Upload cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
