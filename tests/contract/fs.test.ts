import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { toFile } from '@onkernel/sdk';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { kernel, raw } from './client';
import { unzip } from './unzip';

const k = kernel();
let id: string;
let root: string;
let outside: string;

const MODE = /^[d-][r-][w-][x-][r-][w-][x-][r-][w-][x-]$/;
const fsUrl = (op: string, query = '') => `/browsers/${id}/fs/${op}${query}`;
const put = (op: string, body: unknown) =>
  raw(fsUrl(op), { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

async function expectError(res: Response, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { code: string; message: string };
  expect(typeof body.code).toBe('string');
  if (message) expect(body.message).toMatch(message);
  return body;
}

beforeAll(async () => {
  const b = await k.browsers.create({ headless: true, name: `fs-${Date.now()}` });
  id = b.session_id;
  root = path.join(inject('engineDataDir'), 'sessions', id, 'fs');
  outside = path.join(inject('engineDataDir'), 'sessions', id, 'outside');
  fs.mkdirSync(outside, { recursive: true });
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret');
});

afterAll(async () => {
  if (id) await k.browsers.deleteByID(id).catch(() => {});
});

describe('fs', () => {
  it('lists a directory, directories and files with spec FileInfo; an empty directory is []', async () => {
    const top = await k.browsers.fs.listFiles(id, { path: '/' });
    const downloads = top.find((f) => f.name === 'downloads');
    expect(downloads).toMatchObject({ path: '/downloads', is_dir: true, size_bytes: 0 });
    for (const f of top) {
      expect(f.mode).toMatch(MODE);
      expect(Number.isNaN(Date.parse(f.mod_time))).toBe(false);
    }
    await k.browsers.fs.createDirectory(id, { path: '/empty' });
    const res = await raw(fsUrl('list_files', '?path=/empty'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('[]');
  });

  it('writes (201), reads back byte-equal and reports file_info', async () => {
    const data = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), crypto.randomBytes(300_000)]);
    await k.browsers.fs.writeFile(id, data, { path: '/work/deep/data.bin', mode: '600' });
    const back = Buffer.from(await (await k.browsers.fs.readFile(id, { path: '/work/deep/data.bin' })).arrayBuffer());
    expect(back.equals(data)).toBe(true);
    const info = await k.browsers.fs.fileInfo(id, { path: '/work/deep/data.bin' });
    expect(info).toMatchObject({ name: 'data.bin', path: '/work/deep/data.bin', size_bytes: data.length, is_dir: false, mode: '-rw-------' });
    expect(await k.browsers.fs.fileInfo(id, { path: '/work' })).toMatchObject({ is_dir: true, mode: 'drwxr-xr-x', size_bytes: 0 });

    const status = await raw(fsUrl('write_file', '?path=/work/empty.txt'), { method: 'PUT', body: '', headers: { 'content-type': 'application/octet-stream' } });
    expect(status.status).toBe(201);
    const empty = await raw(fsUrl('read_file', '?path=/work/empty.txt'));
    expect(empty.headers.get('content-length')).toBe('0');
    expect((await empty.arrayBuffer()).byteLength).toBe(0);
    expect((await k.browsers.fs.fileInfo(id, { path: '/work/empty.txt' })).mode).toBe('-rw-r--r--');
  });

  it('moves files and directories, and deletes them (404 afterwards)', async () => {
    await k.browsers.fs.writeFile(id, 'moving', { path: '/mv/a.txt' });
    await k.browsers.fs.move(id, { src_path: '/mv/a.txt', dest_path: '/mv/sub/b.txt' });
    await expect(k.browsers.fs.fileInfo(id, { path: '/mv/a.txt' })).rejects.toMatchObject({ status: 404 });
    expect(await (await k.browsers.fs.readFile(id, { path: '/mv/sub/b.txt' })).text()).toBe('moving');
    await k.browsers.fs.move(id, { src_path: '/mv/sub', dest_path: '/mv2' });
    expect((await k.browsers.fs.listFiles(id, { path: '/mv2' })).map((f) => f.name)).toEqual(['b.txt']);

    await k.browsers.fs.deleteFile(id, { path: '/mv2/b.txt' });
    await expect(k.browsers.fs.fileInfo(id, { path: '/mv2/b.txt' })).rejects.toMatchObject({ status: 404 });
    await expectError(await put('delete_file', { path: '/mv2/b.txt' }), 404, /not found/);
    await expectError(await put('delete_file', { path: '/mv' }), 400, /is a directory/);
    await k.browsers.fs.writeFile(id, 'x', { path: '/mv/deep/er/x.txt' });
    await k.browsers.fs.deleteDirectory(id, { path: '/mv' });
    await expect(k.browsers.fs.fileInfo(id, { path: '/mv' })).rejects.toMatchObject({ status: 404 });
    await expectError(await put('delete_directory', { path: '/mv' }), 404, /not found/);
    await expectError(await put('move', { src_path: '/nope', dest_path: '/x' }), 404, /^src_path: /);
  });

  it('uploads several files as the SDK encodes them (201)', async () => {
    const bin = crypto.randomBytes(70_000);
    await k.browsers.fs.upload(id, {
      files: [
        { dest_path: '/up/one.txt', file: await toFile(Buffer.from('first file'), 'one.txt') },
        { dest_path: '/up/nested/two.bin', file: await toFile(bin, 'two.bin') },
      ],
    });
    expect(await (await k.browsers.fs.readFile(id, { path: '/up/one.txt' })).text()).toBe('first file');
    const two = Buffer.from(await (await k.browsers.fs.readFile(id, { path: '/up/nested/two.bin' })).arrayBuffer());
    expect(two.equals(bin)).toBe(true);

    const form = new FormData();
    form.append('files[0][dest_path]', 'relative.txt');
    form.append('files[0][file]', new Blob(['x']), 'x');
    await expectError(await raw(fsUrl('upload'), { method: 'POST', body: form }), 400, /^files\[0\]\.dest_path: .*absolute/);
    const missing = new FormData();
    missing.append('files[0][dest_path]', '/up/lonely.txt');
    await expectError(await raw(fsUrl('upload'), { method: 'POST', body: missing }), 400, /^files\[0\]\.file: is required/);
    await expectError(await raw(fsUrl('upload'), { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } }), 415);
  });

  it('downloads a directory as a zip of its contents', async () => {
    const bin = crypto.randomBytes(100_000);
    await k.browsers.fs.writeFile(id, 'alpha', { path: '/z/a.txt' });
    await k.browsers.fs.writeFile(id, bin, { path: '/z/sub/b.bin' });
    await k.browsers.fs.createDirectory(id, { path: '/z/empty' });
    const res = await k.browsers.fs.downloadDirZip(id, { path: '/z' });
    expect(res.headers.get('content-type')).toBe('application/zip');
    const entries = unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['a.txt', 'empty/', 'sub/', 'sub/b.bin']);
    expect(entries.get('a.txt')!.toString()).toBe('alpha');
    expect(entries.get('sub/b.bin')!.equals(bin)).toBe(true);
    await expectError(await raw(fsUrl('download_dir_zip', '?path=/z/a.txt')), 400, /not a directory/);
    await expectError(await raw(fsUrl('download_dir_zip', '?path=/no-such-dir')), 404);
  });

  it('validates requests with a 400 Error body naming the field', async () => {
    await expectError(await raw(fsUrl('list_files')), 400, /^path: is required/);
    await expectError(await raw(fsUrl('list_files', '?path=downloads')), 400, /^path: must be an absolute path/);
    await expectError(await raw(fsUrl('write_file', '?path=/w.txt&mode=999'), { method: 'PUT', body: 'x' }), 400, /^mode: /);
    await expectError(await put('create_directory', { path: '/d', mode: 'rwx' }), 400, /^mode: /);
    await expectError(await put('move', { src_path: '/a' }), 400, /^dest_path: is required/);
    await expectError(await put('delete_file', { path: '/a', extra: 1 }), 400, /extra/);
    await expectError(await raw(fsUrl('list_files', '?path=/no/such')), 404, /not found/);
    await k.browsers.fs.writeFile(id, 'f', { path: '/file.txt' });
    await expectError(await raw(fsUrl('list_files', '?path=/file.txt')), 400, /not a directory/);
    await expectError(await put('create_directory', { path: '/file.txt' }), 409, /not a directory/);
    await expectError(await raw(fsUrl('read_file', '?path=/downloads')), 400, /is a directory/);
  });

  it("shows what the session's Chromium downloads, byte for byte", async () => {
    const payload = crypto.randomBytes(40_000);
    const server = http.createServer((req, res) => {
      if (req.url === '/report.bin') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="report.bin"' });
        res.end(payload);
      } else {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<a href="/report.bin">report</a>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const session = await k.browsers.retrieve(id);
    const browser = await chromium.connectOverCDP(session.cdp_ws_url);
    try {
      const context = browser.contexts()[0]!;
      const page = context.pages()[0] ?? (await context.newPage());
      // As Kernel's docs do it: downloads go to a folder of the session's filesystem.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/downloads', eventsEnabled: true });
      const done = new Promise<void>((resolve) =>
        cdp.on('Browser.downloadProgress', (e: { state: string }) => e.state === 'completed' && resolve()),
      );
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.click('a');
      await done;
    } finally {
      await browser.close();
      server.close();
    }
    const listed = await k.browsers.fs.listFiles(id, { path: '/downloads' });
    expect(listed).toContainEqual(expect.objectContaining({ name: 'report.bin', path: '/downloads/report.bin', size_bytes: payload.length }));
    const back = Buffer.from(await (await k.browsers.fs.readFile(id, { path: '/downloads/report.bin' })).arrayBuffer());
    expect(back.equals(payload)).toBe(true);
  });

  it('keeps sessions and organizations apart', async () => {
    await expect(kernel('other').browsers.fs.listFiles(id, { path: '/' })).rejects.toMatchObject({ status: 404 });
    await expectError(await raw('/browsers/no-such-session/fs/list_files?path=/'), 404, /not found/);
  });

  describe('escape corpus over HTTP', () => {
    const queries = [
      ['%2F..%2F..%2Fengine.json', 400],
      ['/../../engine.json', 400],
      ['/a/../../engine.json', 400],
      ['/./../fs-evil/secret.txt', 400],
      ['/downloads%00/x', 400],
      ['/a%0Ab', 400],
      ['downloads', 400],
      ['%20/downloads', 400],
      ['%5C%5Cfoo', 400],
      [`/${'a'.repeat(256)}`, 400],
      [`/${'abc/'.repeat(1100)}`, 400],
      ['/%252e%252e/engine.json', 404],
      ['/..%252fengine.json', 404],
      ['/..%5Cengine.json', 404],
    ] as const;

    it.each(queries)('GET read_file, list_files, file_info, zip with path=%s → %i', async (q, status) => {
      for (const op of ['read_file', 'list_files', 'file_info', 'download_dir_zip']) {
        await expectError(await raw(fsUrl(op, `?path=${q}`)), status);
      }
      const write = await raw(fsUrl('write_file', `?path=${q}`), { method: 'PUT', body: 'literal' });
      if (status === 400) {
        await expectError(write, 400, /^path: /);
        return;
      }
      // Encoded forms are decoded once and then taken literally: a file with that odd name, inside the root.
      expect(write.status).toBe(201);
      const literal = decodeURIComponent(q);
      expect(fs.readFileSync(path.join(root, literal), 'utf8')).toBe('literal');
      await k.browsers.fs.deleteFile(id, { path: literal });
    });

    it('refuses JSON bodies with NUL, dot-dot and over-long paths', async () => {
      for (const p of ['/a\u0000b', '/../x', '/x/../../y', 'x', '/' + 'a'.repeat(5000)]) {
        await expectError(await put('delete_file', { path: p }), 400, /^path: /);
        await expectError(await put('delete_directory', { path: p }), 400, /^path: /);
        await expectError(await put('create_directory', { path: p }), 400, /^path: /);
        await expectError(await put('move', { src_path: '/file.txt', dest_path: p }), 400, /^dest_path: /);
      }
    });

    it('never reads, writes or deletes through symbolic links that leave the root', async () => {
      fs.symlinkSync(outside, path.join(root, 'out-dir'));
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'out-file'));
      fs.mkdirSync(path.join(root, 'holder'));
      fs.symlinkSync(outside, path.join(root, 'holder', 'escape'));
      fs.mkdirSync(path.join(root, '..', 'fs-evil'), { recursive: true });
      fs.writeFileSync(path.join(root, '..', 'fs-evil', 'secret.txt'), 'sibling');

      await expectError(await raw(fsUrl('read_file', '?path=/out-file')), 400, /outside/);
      await expectError(await raw(fsUrl('read_file', '?path=/out-dir/secret.txt')), 400, /outside/);
      await expectError(await raw(fsUrl('list_files', '?path=/out-dir')), 400, /outside/);
      await expectError(await raw(fsUrl('download_dir_zip', '?path=/out-dir')), 400, /outside/);
      await expectError(await raw(fsUrl('write_file', '?path=/out-dir/new.txt'), { method: 'PUT', body: 'pwned' }), 400, /outside/);
      await expectError(await raw(fsUrl('write_file', '?path=/out-file'), { method: 'PUT', body: 'pwned' }), 400, /outside/);
      await expectError(await put('move', { src_path: '/file.txt', dest_path: '/out-dir/moved.txt' }), 400, /^dest_path: .*outside/);

      // A zip of a folder holding a link out contains neither the link nor what it points to.
      const zipped = unzip(Buffer.from(await (await k.browsers.fs.downloadDirZip(id, { path: '/holder' })).arrayBuffer()));
      expect([...zipped.keys()]).toEqual([]);
      // The listing shows links out as plain entries, not as the outside folder.
      const listed = await k.browsers.fs.listFiles(id, { path: '/' });
      expect(listed.find((f) => f.name === 'out-dir')).toMatchObject({ is_dir: false });

      await k.browsers.fs.deleteFile(id, { path: '/out-file' });
      await k.browsers.fs.deleteDirectory(id, { path: '/out-dir' });
      await k.browsers.fs.deleteDirectory(id, { path: '/holder' });
      expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret');
      expect(fs.readdirSync(outside)).toEqual(['secret.txt']);
      expect(fs.readFileSync(path.join(root, '..', 'fs-evil', 'secret.txt'), 'utf8')).toBe('sibling');

      await expectError(await put('delete_directory', { path: '/' }), 400, /root/);
      await expectError(await put('delete_file', { path: '/' }), 400, /root/);
      await expectError(await put('move', { src_path: '/', dest_path: '/x' }), 400, /root/);
      expect(fs.existsSync(path.join(root, 'downloads'))).toBe(true);
    });
  });
});
