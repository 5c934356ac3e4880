import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken, signInWithStoredToken } from '../support/session.js';

// Issue 9 §1.1: the key and value inputs were about 18 px wide at 1280 and 1920 px.
const USABLE_WIDTH = 160;
/** The seeded super-admin's token: nothing here is about signing in (auth/ has the form). */
let adminToken = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  adminToken = await apiToken(api, ADMIN.email, ADMIN.password);
  await api.dispose();
});

const addTwoEntries = async (page: Page) => {
  await page.goto('/settings/metadata');
  const editor = page.getByTestId('metadata-organization');
  await editor.getByRole('button', { name: 'Add an entry' }).click();
  await editor.getByRole('button', { name: 'Add an entry' }).click();
  return editor;
};

const widthOf = async (page: Page, label: string) => (await page.getByLabel(label).boundingBox())?.width ?? 0;

for (const width of [1280, 1920]) {
  test(`[METADATA]: key and value inputs are usably wide at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInWithStoredToken(page, adminToken);
    await addTwoEntries(page);
    for (const index of [1, 2]) {
      expect(await widthOf(page, `Key of entry ${index}`)).toBeGreaterThanOrEqual(USABLE_WIDTH);
      expect(await widthOf(page, `Value of entry ${index}`)).toBeGreaterThanOrEqual(USABLE_WIDTH);
    }
    // Key, type, value and remove share one line, under column titles.
    const key = await page.getByLabel('Key of entry 1').boundingBox();
    const value = await page.getByLabel('Value of entry 1').boundingBox();
    expect(Math.abs((key?.y ?? 0) - (value?.y ?? 0))).toBeLessThan(4);
  });
}

test('[METADATA]: at 360 px every input fits the screen, and an entry is saved', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithStoredToken(page, adminToken);
  const editor = await addTwoEntries(page);
  for (const label of ['Key of entry 1', 'Value of entry 1', 'Type of entry 1', 'Key of entry 2']) {
    const box = await page.getByLabel(label).boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.x, label).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, label).toBeLessThanOrEqual(360);
    // The type is a short choice; what people type goes in the key and the value.
    if (!label.startsWith('Type')) expect(box!.width, label).toBeGreaterThanOrEqual(120);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await editor.getByRole('button', { name: 'Remove' }).last().click();
  await page.getByLabel('Key of entry 1').fill(`industry-${Date.now()}`);
  await page.getByLabel('Value of entry 1').fill('Training');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Organization metadata saved.');
});
