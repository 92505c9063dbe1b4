import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../engine/http/errors';
import { listDirectory, fileInfo } from '../../engine/fs/listing';
import { createDirectory, deleteDirectory, deleteFile, move, writeFile } from '../../engine/fs/mutate';
import { openDirIn } from '../../engine/fs/dirfd';
import { assertFdInside, checkSessionPath, isInside, lexicalSessionPath, resolveInRoot } from '../../engine/fs/paths';
import { openForRead } from '../../engine/fs/read';
import { normalizeSessionPath } from '../../lib/schemas/fs';

let base: string;
let root: string;
let outside: string;
let sibling: string;

function bytes(s: string) {
  return (async function* () {
    yield new TextEncoder().encode(s);
  })();
}

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'kd-fs-unit-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  sibling = path.join(base, 'root-evil');
  for (const d of [root, outside, sibling, path.join(root, 'downloads'), path.join(root, 'inner')]) fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
  fs.writeFileSync(path.join(sibling, 'secret.txt'), 'sibling secret');
  fs.writeFileSync(path.join(root, 'inner', 'ok.txt'), 'fine');
  fs.symlinkSync(outside, path.join(root, 'out-dir'));
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'out-file'));
  fs.symlinkSync('../outside/secret.txt', path.join(root, 'out-relative'));
  fs.symlinkSync(path.join(root, 'inner'), path.join(root, 'in-dir'));
  fs.symlinkSync('inner/ok.txt', path.join(root, 'in-file'));
  fs.symlinkSync(path.join(root, 'out-dir'), path.join(root, 'chain'));
  fs.symlinkSync(path.join(outside, 'nothing-yet.txt'), path.join(root, 'dangling-out'));
  fs.symlinkSync('loop-b', path.join(root, 'loop-a'));
  fs.symlinkSync('loop-a', path.join(root, 'loop-b'));
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const long = (n: number) => 'a'.repeat(n);

describe('checkSessionPath (lexical rules)', () => {
  it.each([
    ['', 'must not be empty'],
    ['foo', 'absolute'],
    ['./foo', 'absolute'],
    [' /foo', 'absolute'],
    ['\\\\foo', 'absolute'],
    ['/a\u0000b', 'NUL'],
    ['/a\nb', 'control characters'],
    ['/..', '".."'],
    ['/../x', '".."'],
    ['/a/../../x', '".."'],
    ['/a/b/../../../x', '".."'],
    ['/./../x', '".."'],
    ['/../root-evil/secret.txt', '".."'],
    [`/${long(256)}`, '255 bytes'],
    [`/${'é'.repeat(128)}`, '255 bytes'],
    ['/' + Array.from({ length: 20 }, () => long(250)).join('/'), '4096 bytes'],
    ['/' + long(1024 * 1024), '4096 bytes'],
  ])('refuses %j (%s)', (input, rule) => {
    let error: unknown;
    try {
      checkSessionPath(input);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).message).toMatch(/^path: /);
    expect((error as HttpError).message).toContain(rule);
  });

  it('refuses non-strings', () => {
    expect(() => checkSessionPath(undefined)).toThrow('path: is required');
    expect(() => checkSessionPath(42, 'dest_path')).toThrow('dest_path: must be a string');
  });

  it.each([
    ['/', '/'],
    ['//foo', '/foo'],
    ['/a//b/./c/', '/a/b/c'],
    ['/%2e%2e/x', '/%2e%2e/x'],
    ['/..%2fx', '/..%2fx'],
    ['/%252e%252e/x', '/%252e%252e/x'],
    ['/..\\x', '/..\\x'],
    ['/\uff0e\uff0e\uff0fx', '/\uff0e\uff0e\uff0fx'],
    ['/...', '/...'],
    [`/${long(255)}`, `/${long(255)}`],
  ])('accepts %j as the literal path %j', (input, expected) => {
    expect(checkSessionPath(input)).toBe(expected);
    expect(normalizeSessionPath(input)).toBe(expected);
  });
});

describe('isInside', () => {
  it('compares whole components, never a string prefix', () => {
    expect(isInside('/a/root', '/a/root')).toBe(true);
    expect(isInside('/a/root', '/a/root/x')).toBe(true);
    expect(isInside('/a/root', '/a/root-evil/x')).toBe(false);
    expect(isInside('/a/root', '/a')).toBe(false);
    expect(isInside('/a/root', '/a/root/..x')).toBe(true);
  });
});

describe('lexicalSessionPath (download folders handed to Chromium)', () => {
  it('maps inside the root, clamping dot-dot at the root, and refuses the rest', () => {
    expect(lexicalSessionPath('/r', '/downloads')).toBe('/r/downloads');
    expect(lexicalSessionPath('/r', '/')).toBe('/r/');
    expect(lexicalSessionPath('/r', '/../x')).toBe('/r/x');
    expect(lexicalSessionPath('/r', '/a/../../../x')).toBe('/r/x');
    expect(lexicalSessionPath('/r', 'downloads')).toBeUndefined();
    expect(lexicalSessionPath('/r', '/a\0b')).toBeUndefined();
  });
});

describe('resolveInRoot (symbolic links)', () => {
  it('follows links that stay inside', async () => {
    const r = await resolveInRoot(root, '/in-dir/ok.txt');
    expect(r.host).toBe(path.join(fs.realpathSync(root), 'inner', 'ok.txt'));
    expect(r.stat?.isFile()).toBe(true);
    const f = await resolveInRoot(root, '/in-file');
    expect(f.host).toBe(path.join(fs.realpathSync(root), 'inner', 'ok.txt'));
  });

  it.each(['/out-dir', '/out-dir/secret.txt', '/out-file', '/out-relative', '/chain/secret.txt', '/chain'])(
    'refuses %s, which leaves the root',
    async (p) => {
      await expect(resolveInRoot(root, p)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('outside') });
    },
  );

  it('reports loops as a 400 and missing paths as not existing', async () => {
    await expect(resolveInRoot(root, '/loop-a')).rejects.toMatchObject({ status: 400 });
    const missing = await resolveInRoot(root, '/no/such/file');
    expect(missing.stat).toBeUndefined();
    expect(isInside(missing.realRoot, missing.host)).toBe(true);
  });

  it('without follow leaves the last link alone', async () => {
    const r = await resolveInRoot(root, '/out-dir', { follow: false });
    expect(r.isLink).toBe(true);
    expect(r.host).toBe(path.join(fs.realpathSync(root), 'out-dir'));
  });

  it('treats a path under a file as missing (404)', async () => {
    await expect(resolveInRoot(root, '/inner/ok.txt/x')).rejects.toMatchObject({ status: 404 });
  });
});

describe('operations never touch a file outside the root', () => {
  const outsideSnapshot = () =>
    fs.readdirSync(outside).map((n) => `${n}:${fs.readFileSync(path.join(outside, n), 'utf8')}`).sort();

  it('refuses reads, listings and info through links out', async () => {
    expect(await status(openForRead(root, '/out-file'))).toBe(400);
    expect(await status(openForRead(root, '/out-relative'))).toBe(400);
    expect(await status(openForRead(root, '/out-dir/secret.txt'))).toBe(400);
    expect(await status(listDirectory(root, '/out-dir'))).toBe(400);
    expect(await status(fileInfo(root, '/chain'))).toBe(400);
  });

  it('refuses writes through links out, including a dangling one', async () => {
    const before = outsideSnapshot();
    expect(await status(writeFile(root, '/out-file', bytes('pwned'), { limit: 100 }))).toBe(400);
    expect(await status(writeFile(root, '/out-dir/new.txt', bytes('pwned'), { limit: 100 }))).toBe(400);
    expect(await status(createDirectory(root, '/out-dir/newdir', '755'))).toBe(400);
    expect(await status(move(root, '/inner/ok.txt', '/out-dir/moved.txt'))).toBe(400);
    expect(outsideSnapshot()).toEqual(before);
    // Writing onto a dangling link replaces the link; its target is never created.
    fs.symlinkSync(path.join(outside, 'created.txt'), path.join(root, 'dangling-2'));
    await writeFile(root, '/dangling-2', bytes('inside'), { limit: 100 });
    expect(fs.existsSync(path.join(outside, 'created.txt'))).toBe(false);
    expect(fs.lstatSync(path.join(root, 'dangling-2')).isFile()).toBe(true);
  });

  it('deletes links, never their targets, and refuses the root', async () => {
    const before = outsideSnapshot();
    const tree = path.join(root, 'tree');
    fs.mkdirSync(path.join(tree, 'sub'), { recursive: true });
    fs.symlinkSync(outside, path.join(tree, 'sub', 'escape'));
    fs.writeFileSync(path.join(tree, 'sub', 'x.txt'), 'x');
    await deleteDirectory(root, '/tree');
    expect(fs.existsSync(tree)).toBe(false);
    await deleteFile(root, '/out-file');
    await deleteDirectory(root, '/out-dir');
    await deleteFile(root, '/dangling-out');
    expect(fs.existsSync(path.join(root, 'out-dir'))).toBe(false);
    expect(outsideSnapshot()).toEqual(before);
    expect(await status(deleteDirectory(root, '/'))).toBe(400);
    expect(await status(deleteFile(root, '/'))).toBe(400);
    expect(await status(deleteDirectory(root, '//./'))).toBe(400);
    expect(await status(move(root, '/', '/x'))).toBe(400);
    expect(fs.existsSync(root)).toBe(true);
  });

  it('keeps an oversized write from leaving anything behind', async () => {
    expect(await status(writeFile(root, '/inner/big.bin', bytes('x'.repeat(50)), { limit: 10 }))).toBe(413);
    expect(fs.readdirSync(path.join(root, 'inner'))).toEqual(['ok.txt']);
  });

  it('refuses a directory moved inside itself and a file onto a directory', async () => {
    await createDirectory(root, '/m/a/b', '755');
    expect(await status(move(root, '/m/a', '/m/a/b/c'))).toBe(400);
    await writeFile(root, '/m/f.txt', bytes('f'), { limit: 10 });
    expect(await status(move(root, '/m/f.txt', '/m/a'))).toBe(409);
  });
});

describe('checks after opening (a component swapped for a link between resolving and using)', () => {
  it('refuses a descriptor that ended up outside the root', async () => {
    const realRoot = fs.realpathSync(root);
    const inside = await fs.promises.open(path.join(root, 'inner', 'ok.txt'), 'r');
    const escaped = await fs.promises.open(path.join(root, 'in-dir', '..', '..', 'outside', 'secret.txt'), 'r');
    try {
      await expect(assertFdInside(inside.fd, realRoot, '')).resolves.toBeUndefined();
      await expect(assertFdInside(escaped.fd, realRoot, '')).rejects.toMatchObject({ status: 400 });
    } finally {
      await inside.close();
      await escaped.close();
    }
  });

  it('will not open a directory that has become a link', async () => {
    const realRoot = fs.realpathSync(root);
    fs.mkdirSync(path.join(root, 'swap'));
    const dir = await openDirIn(path.join(realRoot, 'swap'), realRoot, 'path');
    await dir.close();
    fs.rmdirSync(path.join(root, 'swap'));
    fs.symlinkSync(outside, path.join(root, 'swap'));
    await expect(openDirIn(path.join(realRoot, 'swap'), realRoot, 'path')).rejects.toMatchObject({ code: expect.stringMatching(/^(ELOOP|ENOTDIR)$/) });
    fs.unlinkSync(path.join(root, 'swap'));
  });
});
