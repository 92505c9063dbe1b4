import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { unzip } from '../tests/contract/unzip';
import { expect, test, uniqueName } from './fixtures';
import { e2eSettings } from './settings';

const sessionRoot = (id: string) => path.join(e2eSettings().dataDir, 'sessions', id, 'fs');

test("a file the session's Chromium downloads shows up and downloads byte-equal through the dashboard", async ({ page, session }) => {
  const s = await session();
  const payload = crypto.randomBytes(64 * 1024);
  const fileName = `${uniqueName('report')}.bin`;
  const server = http.createServer((req, res) => {
    if (req.url === `/${fileName}`) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': `attachment; filename="${fileName}"` });
      res.end(payload);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<a href="/${fileName}">Get the report</a>`);
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const agent = await chromium.connectOverCDP(s.cdp_ws_url);
  try {
    const context = agent.contexts()[0]!;
    const tab = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: '/downloads', eventsEnabled: true });
    const done = new Promise<void>((resolve) => cdp.on('Browser.downloadProgress', (e: { state: string }) => e.state === 'completed' && resolve()));
    await tab.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await tab.getByRole('link', { name: 'Get the report' }).click();
    await done;
  } finally {
    await agent.close();
    server.close();
  }

  await page.goto(`/browsers/${s.session_id}/files?path=/downloads`);
  const row = page.getByRole('row', { name: new RegExp(fileName.replace('.', '\\.')) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('64 KB');
  await expect(row).toContainText('-rw-r--r--');
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: `Download ${fileName}` }).click();
  const saved = await (await download).path();
  expect(fs.readFileSync(saved).equals(payload)).toBe(true);

  const zipDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download folder as zip' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toBe('downloads.zip');
  expect(unzip(fs.readFileSync(await zip.path())).get(fileName)?.equals(payload)).toBe(true);
});

test('an operator uploads a file, sees it listed and deletes it after confirming', async ({ page, session, api }) => {
  const s = await session();
  await page.goto(`/browsers/${s.session_id}`);
  await page.getByRole('link', { name: 'Files', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/browsers/${s.session_id}/files`));
  await page.getByRole('grid').getByRole('link', { name: 'tmp', exact: true }).click();
  await expect(page).toHaveURL(/\?path=\/tmp$/);
  await expect(page.getByText('This folder is empty')).toBeVisible();

  const name = `${uniqueName('upload')}.txt`;
  const contents = Buffer.from(`uploaded through the dashboard ${crypto.randomUUID()}\n`);
  await page.getByLabel('Choose files to upload').setInputFiles({ name, mimeType: 'text/plain', buffer: contents });
  const row = page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) });
  await expect(row).toBeVisible();
  const stored = Buffer.from(await (await api.browsers.fs.readFile(s.session_id, { path: `/tmp/${name}` })).arrayBuffer());
  expect(stored.equals(contents)).toBe(true);

  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete file ${name}?`);
  await expect(confirm).toContainText(`/tmp/${name}`);
  await confirm.getByRole('button', { name: 'Delete file' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await expect(api.browsers.fs.fileInfo(s.session_id, { path: `/tmp/${name}` })).rejects.toMatchObject({ status: 404 });
});

test('folders: create, open with the keyboard, go up, delete with confirmation; errors show in place', async ({ page, session, api }) => {
  const s = await session();
  await page.goto(`/browsers/${s.session_id}/files?path=/home`);
  const folder = uniqueName('reports');
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Folder name').fill('a/b');
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(dialog.getByText('must not contain "/"')).toBeVisible();
  await dialog.getByLabel('Folder name').fill(folder);
  await dialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(dialog).toHaveCount(0);
  await api.browsers.fs.writeFile(s.session_id, 'inside', { path: `/home/${folder}/note.txt` });

  const grid = page.getByRole('grid');
  await grid.getByRole('row', { name: new RegExp(folder) }).click();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?path=/home/${folder}$`));
  await expect(page.getByRole('row', { name: /note\.txt/ })).toBeVisible();
  await page.keyboard.press('Backspace');
  await expect(page).toHaveURL(/\?path=\/home$/);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Root' }).click();
  await expect(page).toHaveURL(/\?path=\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?path=\/home$/);

  await page.getByRole('row', { name: new RegExp(folder) }).getByRole('button', { name: `Delete ${folder}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(`Delete folder ${folder}?`);
  await expect(confirm).toContainText('everything in it');
  await confirm.getByRole('button', { name: 'Delete folder' }).click();
  await expect(page.getByRole('row', { name: new RegExp(folder) })).toHaveCount(0);
  // The row leaves at once; the toast comes when the engine has answered.
  await expect(page.getByText(`Deleted ${folder}`)).toBeVisible();
  await expect(api.browsers.fs.fileInfo(s.session_id, { path: `/home/${folder}` })).rejects.toMatchObject({ status: 404 });

  await page.getByRole('button', { name: 'Edit path' }).click();
  await page.getByLabel('Path').fill('downloads');
  await page.keyboard.press('Enter');
  await expect(page.getByText('path: must be an absolute path starting with "/"')).toBeVisible();
  await page.getByLabel('Path').fill('/no/such/folder');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?path=\/no\/such\/folder$/);
  const missing = page.getByRole('alert').filter({ hasText: 'This folder does not exist' });
  await expect(missing).toContainText('/no/such/folder not found');
});

test('a session that ended says so with the API message', async ({ page, session, api }) => {
  const s = await session();
  await api.browsers.deleteByID(s.session_id);
  await page.goto(`/browsers/${s.session_id}/files?path=/downloads`);
  const alert = page.getByRole('alert').filter({ hasText: 'This session has ended' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`browser session ${s.session_id} not found`);
});

test('a folder of 10,000 files opens and scrolls to the last one', async ({ page, session }) => {
  const s = await session();
  const dir = path.join(sessionRoot(s.session_id), 'many');
  fs.mkdirSync(dir);
  for (let i = 0; i < 10_000; i++) fs.writeFileSync(path.join(dir, `file-${String(i).padStart(5, '0')}.txt`), String(i));

  await page.goto(`/browsers/${s.session_id}/files?path=/many`);
  const grid = page.getByRole('grid', { name: 'Contents of /many' });
  await expect(grid.getByRole('row', { name: /file-00000\.txt/ })).toBeVisible();
  await expect(page.getByText('10,000 files')).toBeVisible();
  await expect(grid).toHaveAttribute('aria-rowcount', '10001');
  // Virtualized: only the rows in view exist in the page.
  expect(await grid.getByRole('row').count()).toBeLessThan(100);

  await grid.focus();
  await page.keyboard.press('End');
  const last = grid.getByRole('row', { name: /file-09999\.txt/ });
  await expect(last).toBeVisible();
  await expect(last).toHaveAttribute('aria-selected', 'true');

  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(grid.getByRole('row', { name: /file-00000\.txt/ })).toBeVisible();
  await grid.hover();
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 4000);
  await expect(grid.getByRole('row', { name: /file-00000\.txt/ })).toHaveCount(0);

  await grid.getByRole('columnheader', { name: 'Name' }).getByRole('button').click();
  await expect(grid.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
  await grid.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(grid.getByRole('row', { name: /file-09999\.txt/ })).toBeVisible();
});

test.describe('file route handlers', () => {
  test('refuse a cross-origin upload even with a login', async ({ request, session, api }) => {
    const s = await session();
    const res = await request.put(`/api/browsers/${s.session_id}/files/upload?path=/tmp/forged.txt`, {
      headers: { origin: 'http://evil.example', 'content-type': 'application/octet-stream' },
      data: 'forged',
    });
    expect(res.status()).toBe(403);
    await expect(api.browsers.fs.fileInfo(s.session_id, { path: '/tmp/forged.txt' })).rejects.toMatchObject({ status: 404 });
  });

  test.describe('without a login', () => {
    test.use({ storageState: { cookies: [], origins: [] } });

    test('list, download and upload answer 401 and touch nothing', async ({ request, session, api, baseURL }) => {
      const s = await session();
      await api.browsers.fs.writeFile(s.session_id, 'secret', { path: '/tmp/secret.txt' });
      const list = await request.get(`/api/browsers/${s.session_id}/files?path=/tmp`);
      expect(list.status()).toBe(401);
      const download = await request.get(`/api/browsers/${s.session_id}/files/download?path=/tmp/secret.txt`);
      expect(download.status()).toBe(401);
      expect(await download.text()).not.toContain('secret');
      const upload = await request.put(`/api/browsers/${s.session_id}/files/upload?path=/tmp/secret.txt`, {
        headers: { origin: baseURL!, 'content-type': 'application/octet-stream' },
        data: 'overwritten',
      });
      expect(upload.status()).toBe(401);
      expect(await (await api.browsers.fs.readFile(s.session_id, { path: '/tmp/secret.txt' })).text()).toBe('secret');
    });
  });
});
