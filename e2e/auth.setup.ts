import { expect, test as setup } from '@playwright/test';
import { e2eSettings } from './settings';

const s = e2eSettings();

setup('operator logs in', async ({ page }) => {
  await page.goto('/browsers');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Password').fill(s.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Browsers', exact: true })).toBeVisible();
  await page.context().storageState({ path: s.storageState });
});
