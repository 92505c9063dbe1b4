import 'server-only';
import { joinSessionPath, normalizeSessionPath } from '@/lib/schemas/fs';
import { kernel } from './kernel';

/** A header-safe attachment name: an ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(path: string, suffix = ''): string {
  const name = (path.slice(path.lastIndexOf('/') + 1) || 'session') + suffix;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Long transfers: the SDK's 30 s default would cut an upload of a big file short. */
const TRANSFER_TIMEOUT_MS = 30 * 60 * 1000;

/** The engine's list_files answer, as raw JSON: a 100,000-entry listing is relayed without parsing it here. */
export async function listFilesResponse(id: string, path: string, signal?: AbortSignal): Promise<Response> {
  return kernel().browsers.fs.listFiles(id, { path }, { signal }).asResponse();
}

export async function readFileResponse(id: string, path: string, signal?: AbortSignal): Promise<Response> {
  return kernel().browsers.fs.readFile(id, { path }, { signal, timeout: TRANSFER_TIMEOUT_MS }).asResponse();
}

export async function zipResponse(id: string, path: string, signal?: AbortSignal): Promise<Response> {
  return kernel().browsers.fs.downloadDirZip(id, { path }, { signal, timeout: TRANSFER_TIMEOUT_MS }).asResponse();
}

/** Streams a request body into write_file (no retry: a stream cannot be replayed). */
export async function writeFileStream(id: string, path: string, body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<void> {
  await kernel().put(`/browsers/${encodeURIComponent(id)}/fs/write_file`, {
    query: { path },
    body,
    headers: { 'Content-Type': 'application/octet-stream', Accept: '*/*' },
    maxRetries: 0,
    timeout: TRANSFER_TIMEOUT_MS,
    signal,
  });
}

export async function deleteFile(id: string, path: string): Promise<void> {
  await kernel().browsers.fs.deleteFile(id, { path });
}

export async function deleteDirectory(id: string, path: string): Promise<void> {
  await kernel().browsers.fs.deleteDirectory(id, { path });
}

export async function createDirectory(id: string, parent: string, name: string): Promise<string> {
  const path = joinSessionPath(normalizeSessionPath(parent), name);
  await kernel().browsers.fs.createDirectory(id, { path });
  return path;
}
