import { expect, test, type Locator, type Page } from '@playwright/test';
import { seeder } from '../support/seed.js';
import { openAccountMenu, signInWithStoredToken } from '../support/session.js';

// Issue 9 §1.3: at 360 px the account menu opened off-screen, the users list squeezed names to a letter, group names
// were cut, and tables hid their actions and amounts. The same checks run at 1280 px.
const stamp = Date.now();
const LONG_GROUP = `Sales team of the northern region ${stamp}`;
let organizationId = '';
/** The seeded super-admin's token: the layouts are checked signed in, not the sign-in (auth/ has the form). */
let adminToken = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  const seed = await seeder(api);
  adminToken = seed.token;
  organizationId = await seed.organization(`Mobile Industries with a rather long name ${stamp}`, 500);
  const userId = await seed.user(organizationId, {
    email: `maximilian.oberhausen-schwarzenberg-${stamp}@a-rather-long-domain.example`,
    first_name: 'Maximilian',
    last_name: 'Oberhausen-Schwarzenberg',
  });
  await seed.allocate('users', userId, 25);
  const groupId = await seed.group(organizationId, LONG_GROUP);
  await seed.allocate('user_groups', groupId, 40);
  await api.dispose();
});

const noHorizontalScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

const insideViewport = async (page: Page, locator: Locator, what: string) => {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width + 0.5);
};

/** The row's naming cell is wide enough to read a name (a squeezed one was ~100 px, a letter or an ellipsis). */
const readableName = async (row: Locator, text: string, minWidth: number) => {
  const header = row.getByRole('rowheader');
  await expect(header).toContainText(text);
  const box = await header.boundingBox();
  expect(box!.width, `name cell of "${text}"`).toBeGreaterThanOrEqual(minWidth);
  // Nothing is cut off with an ellipsis: every element of the cell shows all its text.
  const clipped = await header.evaluate((cell) =>
    [cell, ...Array.from(cell.querySelectorAll('*'))].some((element) => element.scrollWidth > element.clientWidth + 1),
  );
  expect(clipped, `name cell of "${text}" is clipped`).toBe(false);
};

for (const width of [360, 1280]) {
  // Squeezed, a name cell was about 109 px at 360 (a third of the table) and a letter wide for users.
  const nameWidth = width === 360 ? 120 : 240;

  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signInWithStoredToken(page, adminToken);
    });

    test(`[MOBILE]: the account menu opens inside the screen (${width} px)`, async ({ page }) => {
      await page.goto('/dashboard');
      await openAccountMenu(page);
      const menu = page.getByTestId('user-menu-name').locator('xpath=ancestor::div[@id][1]');
      await insideViewport(page, menu, 'account menu');
      await insideViewport(page, page.getByRole('link', { name: 'Log out' }), 'log out link');
      await noHorizontalScroll(page);
    });

    test(`[MOBILE]: the users list shows names readably, with their actions (${width} px)`, async ({ page }) => {
      await page.goto(`/settings/user/list?organization_id=${organizationId}`);
      const row = page.getByTestId('user-row').filter({ hasText: 'Oberhausen' });
      await readableName(row, 'Maximilian Oberhausen-Schwarzenberg', nameWidth);
      await insideViewport(page, row.getByRole('link', { name: /^Edit/ }), 'edit link');
      await expect(row).toContainText('25 credits');
      await noHorizontalScroll(page);
    });

    test(`[MOBILE]: the group list shows whole names, credits and actions (${width} px)`, async ({ page }) => {
      await page.goto('/settings/user/list?tab=groups');
      const row = page.getByTestId('group-row').filter({ hasText: LONG_GROUP });
      await readableName(row, LONG_GROUP, nameWidth);
      await insideViewport(page, row.getByRole('cell', { name: '40', exact: true }), 'credits');
      await insideViewport(page, row.getByRole('link', { name: /^Edit/ }), 'edit link');
      await noHorizontalScroll(page);
    });

    test(`[MOBILE]: the organization list keeps names, credits and actions (${width} px)`, async ({ page }) => {
      await page.goto('/settings/organization/list');
      const row = page.getByTestId('organization-row').filter({ hasText: String(stamp) });
      await readableName(row, 'Mobile Industries with a rather long name', nameWidth);
      await insideViewport(page, row.getByRole('cell', { name: '435', exact: true }), 'credits');
      for (const action of ['Edit', 'Credits', 'History']) {
        await insideViewport(page, row.getByRole('link', { name: new RegExp(`^${action}`) }), action);
      }
      await noHorizontalScroll(page);
    });

    test(`[MOBILE]: the credit history keeps amounts, and says from and to (${width} px)`, async ({ page }) => {
      await page.goto(`/settings/organization/transaction/history/${organizationId}`);
      const rows = page.getByTestId('movement-row');
      await expect(rows).toHaveCount(3);
      for (const amount of ['500', '25', '40']) {
        await insideViewport(page, rows.getByTestId('movement-amount').filter({ hasText: amount }), amount);
      }
      const group = rows.filter({ hasText: LONG_GROUP }).first();
      if (width === 360) {
        // The from and to columns give way; the row still says where the credits went.
        await expect(group.getByTestId('movement-accounts')).toBeVisible();
        await expect(group.getByTestId('movement-accounts')).toContainText(`→ ${LONG_GROUP}`);
      } else {
        await expect(group.getByRole('cell', { name: LONG_GROUP })).toBeVisible();
      }
      await noHorizontalScroll(page);
    });
  });
}
