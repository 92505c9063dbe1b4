import { chromium } from 'playwright-core';
import { startForwardingProxy, startSite } from '../tests/support/forwarding-proxy';
import { expect, test, uniqueName } from './fixtures';

test('an operator adds a custom proxy, checks it, browses through it and deletes it', async ({ page, api }) => {
  const site = await startSite('seen-through-the-proxy');
  // Only the proxy knows this name, so a page that loads under it went through the proxy.
  const siteHost = `${uniqueName('site')}.proxied.test`;
  const proxy = await startForwardingProxy({ hosts: { [siteHost]: `127.0.0.1:${site.port}` } });
  const name = uniqueName('e2e-proxy');
  let sessionId: string | undefined;
  try {
    await page.goto('/proxies');
    await page.getByRole('button', { name: 'New proxy' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New proxy' });

    // Each type shows exactly its own config fields.
    await dialog.getByRole('radio', { name: 'Residential' }).check();
    await expect(dialog.getByLabel('ZIP code (optional)', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Host', { exact: true })).toHaveCount(0);
    await dialog.getByRole('radio', { name: 'Custom' }).check();
    await expect(dialog.getByLabel('ZIP code (optional)', { exact: true })).toHaveCount(0);
    await expect(dialog.getByLabel('Country (optional)', { exact: true })).toHaveCount(0);

    await dialog.getByLabel('Host', { exact: true }).fill('http://127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill('70000');
    await dialog.getByRole('button', { name: 'Create proxy' }).click();
    await expect(dialog.getByText('must be a hostname or IP address without scheme, port or path')).toBeVisible();
    await expect(dialog.getByText('must be an integer from 1 to 65535')).toBeVisible();

    await dialog.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await dialog.getByLabel('Port', { exact: true }).fill(String(proxy.port));
    await dialog.getByLabel('Protocol', { exact: true }).selectOption('http');
    await dialog.getByLabel('Name (optional)', { exact: true }).fill(name);
    await dialog.getByRole('button', { name: 'Create proxy' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel('Search proxies', { exact: true }).fill(name);
    const row = page.locator('tr', { hasText: name });
    await expect(row.getByTestId('proxy-status')).toHaveText('Available');
    await expect(row).toContainText(`127.0.0.1:${proxy.port}`);
    const proxyId = (await row.getAttribute('data-testid'))!.replace('proxy-row-', '');

    // Check now: the proxy holds the check until the progress state has been seen, then lets it through.
    const checks = () => proxy.seen.filter((s) => s.target.includes('/kd-proxy-check/')).length;
    const before = checks();
    const release = proxy.hold();
    await row.getByRole('button', { name: `Check ${name} now` }).click();
    await expect(row.getByTestId('proxy-status')).toHaveText('Checking…');
    await expect.poll(checks).toBe(before + 1);
    release();
    await expect(row.getByTestId('proxy-status')).toHaveText('Available');
    await expect(row.getByRole('cell', { name: '127.0.0.1', exact: true })).toBeVisible();
    await expect(row.locator('time')).toHaveText(/now|second/);

    // A browser created with the proxy picker sends its traffic through the proxy.
    await page.getByRole('link', { name: 'Browsers', exact: true }).first().click();
    await page.getByRole('button', { name: 'New browser' }).first().click();
    const create = page.getByRole('dialog', { name: 'New browser session' });
    await create.getByLabel('Proxy', { exact: true }).selectOption(proxyId);
    await create.getByLabel('Headless', { exact: true }).check();
    await create.getByRole('button', { name: 'Create browser' }).click();
    await expect(page).toHaveURL(/\/browsers\/[a-z0-9]+$/);
    sessionId = page.url().split('/').pop()!;
    await expect(page.getByText(proxyId)).toBeVisible();

    const cdpUrl = await page.locator('code', { hasText: '/cdp?jwt=' }).textContent();
    const agent = await chromium.connectOverCDP(cdpUrl!);
    try {
      const context = agent.contexts()[0]!;
      const tab = context.pages()[0] ?? (await context.newPage());
      await tab.goto(`http://${siteHost}/through-the-proxy`);
      await expect.poll(() => tab.title()).toBe('seen-through-the-proxy');
    } finally {
      await agent.close();
    }
    expect(proxy.seen.map((s) => s.target)).toContain(`http://${siteHost}/through-the-proxy`);
    expect(site.hits).toContain('/through-the-proxy');

    // Delete after confirming; the session keeps its proxy id.
    await page.goto(`/proxies?q=${name}`);
    await page.getByTestId(`proxy-row-${proxyId}`).getByRole('button', { name: `Delete proxy ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Browser sessions already using it keep it');
    await confirm.getByRole('button', { name: 'Delete proxy' }).click();
    await expect(page.getByText('No proxies match')).toBeVisible();
    await expect(api.proxies.retrieve(proxyId)).rejects.toMatchObject({ status: 404 });

    await page.goto(`/browsers/${sessionId}`);
    await expect(page.getByText(proxyId)).toBeVisible();
  } finally {
    if (sessionId) await api.browsers.deleteByID(sessionId).catch(() => {});
    await proxy.close();
    await site.close();
  }
});

test('a managed proxy on the local engine is saved, and its check says why it is unavailable', async ({ page, api }) => {
  const name = uniqueName('e2e-managed');
  await page.goto('/proxies');
  await page.getByRole('button', { name: 'New proxy' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New proxy' });
  await dialog.getByRole('radio', { name: 'Datacenter' }).check();
  await expect(dialog.getByText('the local engine does not have')).toBeVisible();
  await dialog.getByLabel('Country (optional)', { exact: true }).fill('Germany');
  await dialog.getByRole('button', { name: 'Create proxy' }).click();
  await expect(dialog.getByText('must be a two-letter ISO 3166 country code')).toBeVisible();
  await dialog.getByLabel('Country (optional)', { exact: true }).fill('de');
  await dialog.getByLabel('Name (optional)', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Create proxy' }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search proxies', { exact: true }).fill(name);
  const row = page.locator('tr', { hasText: name });
  await expect(row.getByTestId('proxy-status')).toHaveText('Unavailable');
  await expect(row).toContainText("Kernel's managed proxy network");
  await expect(row).toContainText('DE');
  const proxyId = (await row.getAttribute('data-testid'))!.replace('proxy-row-', '');
  expect((await api.proxies.retrieve(proxyId)).ip_address).toBeUndefined();

  // The browser dialog shows it in the picker; the engine refuses it, and the message lands on the field.
  await page.goto('/browsers');
  await page.getByRole('button', { name: 'New browser' }).first().click();
  const create = page.getByRole('dialog', { name: 'New browser session' });
  await create.getByLabel('Proxy', { exact: true }).selectOption(proxyId);
  await create.getByRole('button', { name: 'Create browser' }).click();
  await expect(create.getByText(/datacenter proxy, which needs Kernel's managed proxy network/)).toBeVisible();
  await api.proxies.delete(proxyId);
});
