import { Readable } from 'node:stream';
import type { Context, Hono } from 'hono';
import { resourceIdSchema } from '../../lib/schemas/common';
import {
  createDirectorySchema,
  deleteDirectorySchema,
  deleteFileSchema,
  FS_LIMITS,
  fsPathQuerySchema,
  moveSchema,
  writeFileQuerySchema,
} from '../../lib/schemas/fs';
import type { LiveSession } from '../browsers/service';
import type { EngineContext, EngineModule } from '../context';
import type { EngineEnv } from '../http/auth';
import { HttpError } from '../http/errors';
import { jsonBody, paramOf, queryOf } from '../http/validate';
import { fileInfo, listDirectory } from './listing';
import { createDirectory, deleteDirectory, deleteFile, move, writeFile } from './mutate';
import { openForRead } from './read';
import { uploadFiles } from './upload';
import { zipDirectory } from './zip';

/** A header-safe download name: ASCII fallback plus the exact UTF-8 name (RFC 6266 / 5987). */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function baseName(sessionPath: string, fallback: string): string {
  return sessionPath === '/' ? fallback : sessionPath.slice(sessionPath.lastIndexOf('/') + 1);
}

/** Streams a Node stream as the response, keeping the session alive until the last byte is sent. */
function streamed(ctx: EngineContext, session: LiveSession, stream: Readable, headers: Record<string, string>): Response {
  const release = ctx.browsers.hold(session.id);
  stream.once('close', release);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: 200, headers });
}

function routes(app: Hono<EngineEnv>, ctx: EngineContext) {
  const session = (c: Context<EngineEnv>) => ctx.browsers.liveFor(c.get('orgId'), paramOf(c, 'id', resourceIdSchema));
  const base = '/browsers/:id/fs';

  app.get(`${base}/list_files`, async (c) => {
    const s = session(c);
    const { path } = queryOf(c, fsPathQuerySchema);
    return c.json(await listDirectory(s.root, path));
  });

  app.get(`${base}/file_info`, async (c) => {
    const s = session(c);
    const { path } = queryOf(c, fsPathQuerySchema);
    return c.json(await fileInfo(s.root, path));
  });

  app.get(`${base}/read_file`, async (c) => {
    const s = session(c);
    const { path } = queryOf(c, fsPathQuerySchema);
    const file = await openForRead(s.root, path);
    const headers = {
      'content-type': 'application/octet-stream',
      'content-length': String(file.size),
      'content-disposition': attachment(baseName(file.sessionPath, 'file')),
      'cache-control': 'no-store',
    };
    if (!file.stream) return new Response(null, { status: 200, headers });
    return streamed(ctx, s, file.stream, headers);
  });

  app.put(`${base}/write_file`, async (c) => {
    const s = session(c);
    const { path, mode } = queryOf(c, writeFileQuerySchema);
    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > FS_LIMITS.maxWriteBytes) {
      throw new HttpError(413, `body: must be at most ${FS_LIMITS.maxWriteBytes} bytes`);
    }
    const release = ctx.browsers.hold(s.id);
    try {
      const body = c.req.raw.body as unknown as AsyncIterable<Uint8Array> | null;
      await writeFile(s.root, path, body, { mode, limit: FS_LIMITS.maxWriteBytes });
    } finally {
      release();
    }
    return c.body(null, 201);
  });

  app.put(`${base}/delete_file`, async (c) => {
    const s = session(c);
    const { path } = await jsonBody(c, deleteFileSchema);
    await deleteFile(s.root, path);
    return c.body(null, 200);
  });

  app.put(`${base}/delete_directory`, async (c) => {
    const s = session(c);
    const { path } = await jsonBody(c, deleteDirectorySchema);
    await deleteDirectory(s.root, path);
    return c.body(null, 200);
  });

  app.put(`${base}/create_directory`, async (c) => {
    const s = session(c);
    const { path, mode } = await jsonBody(c, createDirectorySchema);
    await createDirectory(s.root, path, mode);
    return c.body(null, 201);
  });

  app.put(`${base}/move`, async (c) => {
    const s = session(c);
    const { src_path, dest_path } = await jsonBody(c, moveSchema);
    await move(s.root, src_path, dest_path);
    return c.body(null, 200);
  });

  app.post(`${base}/upload`, async (c) => {
    const s = session(c);
    const release = ctx.browsers.hold(s.id);
    try {
      await uploadFiles(s.root, c.req.raw);
    } finally {
      release();
    }
    return c.body(null, 201);
  });

  app.get(`${base}/download_dir_zip`, async (c) => {
    const s = session(c);
    const { path } = queryOf(c, fsPathQuerySchema);
    const zip = await zipDirectory(s.root, path);
    return streamed(ctx, s, zip.stream, {
      'content-type': 'application/zip',
      'content-disposition': attachment(`${baseName(zip.sessionPath, 'session')}.zip`),
      'cache-control': 'no-store',
    });
  });
}

export const fsModule: EngineModule = { name: 'fs', migrations: [], routes };
