import type Kernel from '@onkernel/sdk';
import { expect, test, uniqueName } from './fixtures';

// Small pools only: each idle browser is a real Chromium on a two-core machine.
const made: string[] = [];

test.afterEach(async ({ api }) => {
  await Promise.allSettled(made.splice(0).map((id) => api.browserPools.delete(id, { force: true })));
});

async function poolViaApi(api: Kernel, body: Omit<Parameters<Kernel['browserPools']['create']>[0], 'name'>) {
  const pool = await api.browserPools.create({ name: uniqueName('e2e-pool'), ...body });
  made.push(pool.id);
  return pool;
}

const SUPPORTED = ['2560x1440@10', '1920x1080@25', '1920x1200@25', '1440x900@25', '1024x768@60', '1200x800@60'];

test('an operator creates a pool of 2, watches it fill, acquires a browser and releases it', async ({ page, api }) => {
  const name = uniqueName('ui-pool');
  await page.goto('/pools');
  await page.getByRole('button', { name: 'New pool' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New browser pool' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Size', { exact: true }).fill('2');
  await dialog.getByLabel('Headless').check();
  await dialog.getByRole('button', { name: 'Create pool' }).click();

  await expect(page).toHaveURL(/\/pools\/[a-z0-9]+$/);
  const poolId = page.url().split('/').pop()!;
  made.push(poolId);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByTestId('available-count')).toHaveText('2', { timeout: 60_000 });
  await expect(page.getByTestId('acquired-count')).toHaveText('0');

  await page.getByRole('button', { name: 'Acquire' }).click();
  const acquiredLink = page.getByRole('status').getByRole('link');
  await expect(acquiredLink).toBeVisible();
  const sessionId = (await acquiredLink.textContent())!.trim();
  await expect(acquiredLink).toHaveAttribute('href', `/browsers/${sessionId}`);
  await expect(page.getByTestId('acquired-count')).toHaveText('1');
  await expect(page.getByTestId('available-count')).toHaveText('1');
  await expect(page.getByTestId(`acquired-${sessionId}`)).toBeVisible();
  expect((await api.browsers.retrieve(sessionId)).pool).toMatchObject({ id: poolId, name });

  await page.getByRole('button', { name: `Release ${sessionId}` }).click();
  const release = page.getByRole('alertdialog');
  await expect(release.getByRole('radio', { name: /Reuse/ })).toBeChecked();
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByTestId('acquired-count')).toHaveText('0');
  await expect(page.getByTestId('available-count')).toHaveText('2');
  await expect(page.getByTestId(`acquired-${sessionId}`)).toHaveCount(0);

  // The list shows the same live counts.
  await page.getByRole('link', { name: 'Pools', exact: true }).first().click();
  const row = page.getByTestId(`pool-row-${poolId}`);
  await expect(row.getByTestId('available-count')).toHaveText('2');
  await expect(row.getByTestId('acquired-count')).toHaveText('0');
  await row.getByRole('link', { name }).click();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete pool' }).click();
  await expect(page).toHaveURL(/\/pools$/);
  await expect(page.getByTestId(`pool-row-${poolId}`)).toHaveCount(0);
  await expect(api.browserPools.retrieve(poolId)).rejects.toMatchObject({ status: 404 });
});

test('the editor offers only the supported viewports, and a forged one is refused by the server', async ({ page, api }) => {
  const pool = await poolViaApi(api, { size: 1, fill_rate_per_minute: 0 });
  await page.goto(`/pools/${pool.id}`);
  const viewport = page.getByLabel('Viewport');
  const options = await viewport.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
  expect(options).toEqual(SUPPORTED);
  await viewport.selectOption('2560x1440@10');
  await expect(page.getByText('Refresh rate 10 Hz, set by the viewport')).toBeVisible();
  await viewport.selectOption('1440x900@25');
  await expect(page.getByText('Refresh rate 25 Hz, set by the viewport')).toBeVisible();

  // Bypass the form: rewrite the server action's request on the wire, as a hand-made POST would.
  let forged = 0;
  await page.route(`**/pools/${pool.id}`, async (route) => {
    const req = route.request();
    const body = req.postData();
    if (req.method() !== 'POST' || !req.headers()['next-action'] || !body?.includes('"viewport":"1440x900@25"')) return route.continue();
    forged++;
    await route.continue({ postData: body.replace('"viewport":"1440x900@25"', '"viewport":"1280x720@60"') });
  });
  await page.getByRole('button', { name: 'Review changes' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Apply these changes?' });
  await expect(confirm.getByRole('list', { name: 'Changes' })).toContainText('Viewport: 1920x1080@25 → 1440x900@25');
  await confirm.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('must be one of 2560x1440@10, 1920x1080@25, 1920x1200@25, 1440x900@25, 1024x768@60, 1200x800@60')).toBeVisible();
  expect(forged).toBe(1);
  expect((await api.browserPools.retrieve(pool.id)).browser_pool_config.viewport).toEqual({ width: 1920, height: 1080, refresh_rate: 25 });
});

test('a size past the pooled-sessions limit is blocked before anything is sent', async ({ page, api }) => {
  const pool = await poolViaApi(api, { size: 1, fill_rate_per_minute: 0 });
  await page.goto(`/pools/${pool.id}`);
  const capacity = page.getByTestId('pool-capacity');
  await expect(capacity).toContainText('this pool 1');
  const limit = Number(/limit (\d+)/.exec((await capacity.textContent())!)![1]);

  let actions = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.headers()['next-action']) actions++;
  });
  await page.getByLabel('Size', { exact: true }).fill(String(limit + 1));
  await expect(capacity).toContainText('over');
  await page.getByRole('button', { name: 'Review changes' }).click();
  await expect(page.getByText(new RegExp(`would exceed the pooled-sessions limit of ${limit}: other pools hold \\d+, so at most \\d+ fit here`))).toBeVisible();
  await expect(page.getByLabel('Size', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(actions).toBe(0);

  await page.getByLabel('Fill rate (% of the size per minute)').fill('26');
  await page.getByLabel('Idle timeout (seconds)').fill('59');
  await page.getByRole('button', { name: 'Review changes' }).click();
  await expect(page.getByText('must be at most 25')).toBeVisible();
  await expect(page.getByText('must be at least 60')).toBeVisible();
  expect(actions).toBe(0);
});

test('applying with discard_all_idle rebuilds the idle browsers with the new configuration', async ({ page, api }) => {
  const pool = await poolViaApi(api, { size: 1, headless: true, viewport: { width: 1024, height: 768 } });
  await page.goto(`/pools/${pool.id}`);
  await expect(page.getByTestId('available-count')).toHaveText('1', { timeout: 60_000 });

  await page.getByLabel('Viewport').selectOption('1200x800@60');
  await page.getByLabel('Discard idle browsers now').check();
  await expect(page.getByText('Closes the 1 idle browser at once')).toBeVisible();
  await page.getByRole('button', { name: 'Review changes' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Apply these changes?' });
  const changes = confirm.getByRole('list', { name: 'Changes' });
  await expect(changes).toContainText('Viewport: 1024x768@60 → 1200x800@60');
  await expect(changes).toContainText('Discard idle browsers: the 1 idle browser is closed now');
  await confirm.getByRole('button', { name: 'Apply changes' }).click();
  await expect(page.getByText('idle browsers are being rebuilt')).toBeVisible();
  await expect(page.getByLabel('Discard idle browsers now')).not.toBeChecked();
  await expect(page.getByTestId('available-count')).toHaveText('1', { timeout: 60_000 });

  // Without the discard, the idle browser would still be the 1024x768 one.
  const lease = await api.browserPools.acquire(pool.id, { acquire_timeout_seconds: 30 });
  expect(lease?.viewport).toEqual({ width: 1200, height: 800, refresh_rate: 60 });
});
