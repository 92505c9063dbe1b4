import { execSync } from 'node:child_process';
import { chromium } from 'playwright-core';
import { engineClient, expect, test, uniqueName } from './fixtures';

function chromiumRunningFor(sessionId: string): boolean {
  return execSync('ps -eo args', { encoding: 'utf8' }).split('\n').some((l) => l.includes(`sessions/${sessionId}/profile`));
}

test('an operator creates a browser, drives it over CDP and deletes it', async ({ page }) => {
  const name = uniqueName('ui');
  await page.goto('/browsers');
  await page.getByRole('button', { name: 'New browser' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New browser session' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Viewport').selectOption('1024x768@60');
  await dialog.getByRole('button', { name: 'Create browser' }).click();

  await expect(page).toHaveURL(/\/browsers\/[a-z0-9]+$/);
  const sessionId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('1024x768@60')).toBeVisible();

  await page.getByRole('link', { name: 'Browsers', exact: true }).first().click();
  await page.getByLabel('Search browsers').fill(name);
  await expect(page).toHaveURL(new RegExp(`q=${name}`));
  const row = page.getByTestId(`browser-row-${sessionId}`);
  await expect(row).toBeVisible();
  await row.getByRole('link', { name: sessionId }).click();
  await expect(page).toHaveURL(new RegExp(`/browsers/${sessionId}$`));

  const cdpUrl = await page.locator('code', { hasText: '/cdp?jwt=' }).textContent();
  expect(cdpUrl).toMatch(/^ws:\/\//);
  const agent = await chromium.connectOverCDP(cdpUrl!);
  const context = agent.contexts()[0]!;
  const tab = context.pages()[0] ?? (await context.newPage());
  await tab.setContent('<title>driven by an agent</title><h1>ok</h1>');
  await expect.poll(() => tab.title()).toBe('driven by an agent');
  await agent.close();
  expect(chromiumRunningFor(sessionId)).toBe(true);

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete browser' }).click();
  await expect(page).toHaveURL(/\/browsers$/);
  await expect.poll(() => chromiumRunningFor(sessionId)).toBe(false);
  await expect(engineClient().browsers.retrieve(sessionId)).rejects.toMatchObject({ status: 404 });
});

test('the create dialog shows field errors before submitting and the server message after', async ({ page, api }) => {
  const taken = uniqueName('taken');
  const existing = await api.browsers.create({ headless: true, name: taken });
  try {
    await page.goto('/browsers');
    await page.getByRole('button', { name: 'New browser' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New browser session' });
    await dialog.getByLabel('Name').fill('not a valid name!');
    await dialog.getByLabel('Idle timeout (seconds)').fill('5');
    await dialog.getByRole('button', { name: 'Create browser' }).click();
    await expect(dialog.getByText('may contain only letters, digits')).toBeVisible();
    await expect(dialog.getByText('must be at least 10')).toBeVisible();

    await dialog.getByLabel('Name').fill(taken);
    await dialog.getByLabel('Idle timeout (seconds)').fill('120');
    await dialog.getByRole('button', { name: 'Create browser' }).click();
    await expect(dialog.getByText(`a session named "${taken}" is already active`)).toBeVisible();
  } finally {
    await api.browsers.deleteByID(existing.session_id);
  }
});

test('a session created with a persistent id is deleted through the deprecated endpoint', async ({ page, api }) => {
  const pid = uniqueName('persist');
  const made = (await api.post('/browsers', { body: { headless: true, persistence: { id: pid } } })) as { session_id: string };
  await page.goto('/browsers');
  await page.getByRole('button', { name: 'Delete by persistent id' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Deprecated');
  await dialog.getByLabel('Persistent id').fill(pid);
  await dialog.getByRole('button', { name: 'Delete session' }).click();
  await expect(page.getByText(`Deleted the session with persistent id ${pid}`)).toBeVisible();
  await expect(api.browsers.retrieve(made.session_id)).rejects.toMatchObject({ status: 404 });
});

test('the header says which API is managed and the theme can be switched', async ({ page }) => {
  await page.goto('/browsers');
  await expect(page.getByText('Local engine')).toBeVisible();
  const html = page.locator('html');
  const before = await html.getAttribute('class');
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
  await expect(html).not.toHaveAttribute('class', before ?? '');
});

test.describe('without a login', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('pages redirect to the login and route handlers refuse', async ({ page, request }) => {
    for (const path of ['/browsers', '/browsers/abc', '/', '/proxies', '/pools', '/pools/abc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login/);
    }
    for (const path of ['/api/browsers', '/api/browsers/abc', '/api/proxies', '/api/pools', '/api/pools/abc']) {
      const res = await request.get(path);
      expect(res.status()).toBe(401);
    }
    const tampered = await request.get('/api/browsers', { headers: { cookie: 'kd_session=9999999999999.x.forged' } });
    expect(tampered.status()).toBe(401);
  });

  test('a login with a wrong password is refused', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Password').fill('definitely-wrong');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Password: that is not the dashboard password.')).toBeVisible();
  });
});

