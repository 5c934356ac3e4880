import { expect, test, type Page } from '@playwright/test';
import { ADMIN, apiToken } from '../support/session.js';

/** Signs the page in by storing an API token, as the login form would. */
const signIn = async (page: Page, token: string) => {
  await page.goto('/403');
  await page.evaluate((value) => localStorage.setItem('accessToken', value), token);
};

let adminToken: string;

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  adminToken = await apiToken(api, ADMIN.email, ADMIN.password);
  await api.dispose();
});

test('[NAVIGATION]: a signed-out visitor asking for a private page is sent to the login form', async ({ page }) => {
  await page.goto('/settings/user/list');
  await expect(page).toHaveURL(/\/#login$/);
});

test("[NAVIGATION]: an unknown path shows 'Page Not Found'", async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByText('/no/such/page')).toBeVisible();
});

test("[NAVIGATION]: a route whose validity check fails shows 'Page Not Found: {path}'", async ({ page }) => {
  await signIn(page, adminToken);
  await page.goto('/apps/ai-coaching/session/not-a-session');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Page Not Found: /apps/ai-coaching/session/not-a-session',
  );
});

test('[NAVIGATION]: coaching pages open in their layouts; a wrong share link says it does not work', async ({
  page,
}) => {
  await signIn(page, adminToken);
  await page.goto('/apps/ai-coaching/mission/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Missions');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'default-app');
  await page.goto('/shared/ai-coaching-session/some-code');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'web-empty');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await page.goto('/apps/ai-coaching/session/result-s1');
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'coaching-no-sidebar');
});

test('[NAVIGATION]: a server-defined redirect applies before the page opens', async ({
  page,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL!,
    extraHTTPHeaders: { authorization: `Bearer ${adminToken}` },
  });
  const source = `/apps/ai-coaching/playlist/create`;
  expect((await api.put('/v1/redirects', { data: { source_path: source, target: '/terms/contact' } })).status()).toBe(
    200,
  );
  try {
    await signIn(page, adminToken);
    await page.goto(source);
    await expect(page).toHaveURL(/\/terms\/contact$/);
  } finally {
    await api.delete(`/v1/redirects?source_path=${encodeURIComponent(source)}`);
    await api.dispose();
  }
});

test('[NAVIGATION]: a new deployment reloads the page at the next navigation, at most once in 10 seconds', async ({
  page,
}) => {
  await signIn(page, adminToken);
  await page.goto('/terms/contact');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  const current = await page.locator('html').getAttribute('data-build-id');
  await page.route('**/build/latest.json', (route) =>
    route.fulfill({ json: { id: `${current}-next`, version: '1.4.1', builtAt: new Date().toISOString() } }),
  );
  // A marker that survives client-side navigation but not a page load. The wait starts before the
  // check it waits for, so a quick answer is not missed.
  let checked = page.waitForResponse('**/build/latest.json');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await checked;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/terms\/privacy$/);
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBeUndefined();

  // Within 10 seconds of that reload the next navigation stays in the page, even though the build still differs.
  checked = page.waitForResponse('**/build/latest.json');
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await checked;
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/terms\/contact$/);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
