import 'server-only';
import Kernel from '@onkernel/sdk';
import { joinSessionPath, normalizeSessionPath } from '@/lib/schemas/fs';
import { UpstreamDeadlineError } from './deadline-fetch';
import { serverEnv } from './env';
import { kernel, upstream } from './kernel';

/** A header-safe attachment name: an ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(path: string, suffix = ''): string {
  const name = (path.slice(path.lastIndexOf('/') + 1) || 'session') + suffix;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The engine's list_files answer, as raw JSON: a 100,000-entry listing is relayed without parsing it here. */
export async function listFilesResponse(id: string, path: string, signal?: AbortSignal): Promise<Response> {
  return kernel().browsers.fs.listFiles(id, { path }, { signal }).asResponse();
}

export async function readFileResponse(id: string, path: string, signal?: AbortSignal): Promise<Response> {
  return kernel().browsers.fs.readFile(id, { path }, { signal }).asResponse();
}

export async function zipResponse(id: string, path: string, signal?: AbortSignal): Promise<Response> {
  return kernel().browsers.fs.downloadDirZip(id, { path }, { signal }).asResponse();
}

/**
 * Streams a request body into write_file. Not through the SDK: its deadline covers the whole exchange, which a
 * big upload outlasts. Here silence bounds it instead: every chunk that flows re-arms the deadline, and once the
 * body is sent the answer must come within it. No retry: a stream cannot be replayed.
 */
export async function writeFileStream(id: string, path: string, body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<void> {
  const ms = serverEnv().timeoutMs;
  const { url, headers } = upstream(`/browsers/${encodeURIComponent(id)}/fs/write_file`);
  url.searchParams.set('path', path);
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (phase: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new UpstreamDeadlineError(ms, phase)), ms);
  };
  arm('receiving the upload');
  const watched = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        arm('receiving the upload');
        c.enqueue(chunk);
      },
      flush() {
        arm('answering');
      },
    }),
  );
  try {
    const res = await fetch(url, {
      method: 'PUT',
      body: watched,
      duplex: 'half',
      headers: { ...headers, 'content-type': 'application/octet-stream', accept: 'application/json' },
      signal: controller.signal,
    } as RequestInit);
    const text = await res.text();
    if (!res.ok) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      throw Kernel.APIError.generate(res.status, parsed as object | undefined, undefined, res.headers);
    }
  } catch (err) {
    if (controller.signal.reason instanceof UpstreamDeadlineError) throw controller.signal.reason;
    throw err;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
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
