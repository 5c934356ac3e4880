import { expect, test } from '@playwright/test';
import { expectAxeCleanInBothThemes } from '../support/axe.js';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken, toast } from '../support/arrange.js';
import { screenshots } from '../support/screenshots.js';

// Issue 28, parts 4 and 5: Settings → Integrations, its API keys and its bulk import of users.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
let organizationId = '';

test.beforeAll(async () => {
  organizationId = await setup.arrange.organization(`Integrators ${stamp}`);
});

test(`[SETTINGS]: an operator creates a key (copies it once) (1280 px)`, async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const operator = await setup.arrange.member(organizationId, 'operator');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, operator.token);
  await page.goto('/settings');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Integrations/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/integrations$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Integrations');

  await page.getByRole('button', { name: 'New key' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('Data warehouse');
  await page.getByLabel('user-list', { exact: true }).check();
  await page.getByRole('button', { name: 'Create the key' }).click();
  const shown = page.getByTestId('api-key-shown-once');
  await expect(shown).toContainText('it will never be shown again');
  const key = (await page.getByTestId('api-key-value').textContent()) ?? '';
  expect(key).toMatch(/^aic_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page)).toContainText('Key copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await screenshots(page, 'integrations-key-shown');
  await expectAxeCleanInBothThemes(page);

  await shown.getByRole('button', { name: 'I have stored it' }).click();
  await expect(page.getByTestId('api-key-value')).toHaveCount(0);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'Data warehouse' });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText('user-list');
  // The key is never shown again, not even in the page's text.
  expect(await page.content()).not.toContain(key);
});

test(`[SETTINGS]: an operator imports a CSV with one bad row shown in the dry run (360 px)`, async ({ page }) => {
  const operator = await setup.arrange.member(organizationId, 'operator');
  const group = `Sales ${stamp}`;
  await setup.arrange.call('POST', '/v1/user_groups', { name: group, organization_id: organizationId });
  await page.setViewportSize({ width: 360, height: 900 });
  await signInWithToken(page, operator.token);
  await page.goto('/settings/integrations');
  const csv = [
    'email,first_name,last_name,role,groups',
    `grace-${stamp}@import.test,Grace,Hopper,editor,${group}`,
    `boss-${stamp}@import.test,Big,Boss,super-admin,`,
  ].join('\r\n');
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  const rows = page.getByTestId('user-import-rows');
  await expect(page.getByTestId('user-import-counts')).toContainText('1 to create');
  await expect(page.getByTestId('user-import-counts')).toContainText('1 row with errors');
  await expect(rows.locator('tr[data-action="error"]')).toContainText('You cannot grant the role super-admin.');
  await expect(rows.locator('tr[data-action="create"]')).toContainText(`grace-${stamp}@import.test`);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'integrations-import-dry-run');
  await expectAxeCleanInBothThemes(page);

  await page.getByRole('button', { name: 'Confirm the import' }).click();
  await expect(page.getByText('Import finished.')).toBeVisible({ timeout: 30_000 });
  await expect(rows.locator('tr[data-action="create"]')).toContainText('Done');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the result' }).click();
  expect((await download).suggestedFilename()).toMatch(/^user-import-.*\.csv$/);
  await screenshots(page, 'integrations-import-done');
});
