import { expect, test, type Page } from '@playwright/test';
import { seeder } from '../support/seed.js';
import { ADMIN, logInThroughForm, logOut, openAccountMenu } from '../support/session.js';
import { axeViolations } from '../support/axe.js';

// Issue 9 §1.4 (deep link after sign-in), §1.5 (logout landing, one logout call) and §1.7 (two tabs, a session that
// ends under a form).
let organizationId = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  organizationId = await (await seeder(api)).organization(`Sessions ${Date.now()}`);
  await api.dispose();
});

const fillLogin = async (page: Page) => {
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
};

// Each behaviour at one width, a phone's or a laptop's: both layouts go through the file's screens without every
// behaviour running twice (the suite's time is Chromium's); shell/mobile.spec.ts checks the layouts themselves.
test.describe('360 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('[AUTH]: a visitor stopped on the way to a private page lands there after signing in', async ({ page }) => {
    await page.goto('/settings/user/list?tab=groups');
    await expect(page).toHaveURL(/\/#login$/);
    await fillLogin(page);
    await expect(page).toHaveURL(/\/settings\/user\/list\?tab=groups$/);
    await expect(page.getByRole('tab', { name: 'User groups' })).toHaveAttribute('aria-selected', 'true');
  });

  test('[AUTH]: logging out calls the API once and lands on a page that says so and signs in again', async ({
    page,
  }) => {
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    const logoutCalls: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/v1/fau/logout') {
        logoutCalls.push(response.status());
      }
    });
    await openAccountMenu(page);
    await page.getByRole('link', { name: 'Log out' }).click();

    await expect(page).toHaveURL(/\/preconnect$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have signed out');
    await expect(page.getByTestId('signed-out')).toContainText('You have signed out of AI-Coaching');
    await expect(page.getByText('Single sign-on is not configured')).toHaveCount(0);
    // Give a second call the time it took before.
    await page.waitForLoadState('networkidle');
    expect(logoutCalls).toEqual([204]);

    await page.getByRole('link', { name: 'Log in again' }).click();
    await expect(page).toHaveURL(/\/#login$/);
    await fillLogin(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('[AUTH]: logging out in one tab signs the other out, keeping what it typed until it signs in again', async ({
    context,
  }) => {
    const first = await context.newPage();
    await logInThroughForm(first, ADMIN.email, ADMIN.password);
    const second = await context.newPage();
    await second.goto(`/settings/organization/edit/${organizationId}`);
    const description = second.getByLabel('Description');
    await description.fill('Typed in the second tab');

    await first.goto('/logout');
    await expect(first).toHaveURL(/\/preconnect$/);

    const dialog = second.getByRole('dialog', { name: 'You have signed out' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You signed out in another tab or window.');
    await expect(description).toHaveValue('Typed in the second tab');
    for (const colorScheme of ['light', 'dark'] as const) {
      await second.emulateMedia({ colorScheme });
      expect(await axeViolations(second, { include: ['dialog'], minimumImpact: 'minor' }), colorScheme).toEqual([]);
    }

    await expect(dialog.getByLabel('Email address')).toHaveValue(ADMIN.email);
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
    await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign in and stay on this page' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(second).toHaveURL(new RegExp(`/settings/organization/edit/${organizationId}$`));
    await expect(description).toHaveValue('Typed in the second tab');
    await second.getByRole('button', { name: 'Save changes' }).click();
    await expect(second.getByTestId('toast').last()).toContainText('Changes saved.');
  });

  test('[AUTH]: a save refused because the session ended offers to sign in again and keeps the form', async ({
    page,
  }) => {
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/settings/organization/edit/${organizationId}`);
    await page.getByLabel('Description').fill('Typed before the session ended');

    // The server ends the session behind the page's back (as an expiry or a sign-out on another device would).
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const ended = await page.request.post('/v1/fau/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(ended.status()).toBe(204);

    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your session has ended' });
    await expect(dialog).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveValue('Typed before the session ended');

    await dialog.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await dialog.getByRole('button', { name: 'Sign in and stay on this page' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('Description')).toHaveValue('Typed before the session ended');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast').last()).toContainText('Changes saved.');
  });
});

test.describe('1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('[AUTH]: the sign-in never follows a remembered page to another site', async ({ page }) => {
    await page.goto('/#login');
    for (const hostile of ['//evil.example/steal', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example']) {
      await page.evaluate((value) => sessionStorage.setItem('returnTo', value), hostile);
      await fillLogin(page);
      await expect(page, hostile).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
      await logOut(page);
      await page.goto('/#login');
    }
  });

  test('[AUTH]: /preconnect without single sign-on leads to the password login, not to a dead end', async ({
    page,
  }) => {
    await page.goto('/preconnect');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await page.getByRole('link', { name: 'Log in with a password' }).click();
    await expect(page.getByLabel('Email address')).toBeFocused();
  });

  test('[AUTH]: a signed-out tab follows a sign-in in another tab', async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await second.goto('/#login');
    await logInThroughForm(first, ADMIN.email, ADMIN.password);
    await expect(second.getByRole('heading', { level: 1 })).toHaveText(/^You are logged in as /);
  });

  test('[AUTH]: leaving an interrupted page goes to the login form, and back to the page after it', async ({
    page,
  }) => {
    await logInThroughForm(page, ADMIN.email, ADMIN.password);
    await page.goto(`/settings/organization/edit/${organizationId}`);
    // The page is open (the session restored) before the other tab ends it.
    await expect(page.getByLabel('Description')).toBeVisible();
    await page.evaluate(() => {
      // What another tab's logout leaves in the shared storage.
      localStorage.removeItem('accessToken');
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', storageArea: localStorage }));
    });
    const dialog = page.getByRole('dialog', { name: 'You have signed out' });
    await dialog.getByRole('button', { name: 'Leave this page' }).click();
    await expect(page).toHaveURL(/\/#login$/);
    await fillLogin(page);
    await expect(page).toHaveURL(new RegExp(`/settings/organization/edit/${organizationId}$`));
  });
});
