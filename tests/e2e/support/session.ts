import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The super-admin scripts/e2e-server.mjs seeds. */
export const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Admin-Passw0rd!' };

/** Logs in through the login form of the landing page (`/#login`) and waits for the dashboard. */
export const logInThroughForm = async (page: Page, email: string, password: string) => {
  await page.goto('/#login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
};

/**
 * Signs the page's tab in with a token from `apiToken`, stored where the login form leaves it (localStorage
 * `accessToken`, client/src/features/auth/storage.ts; the auth machine reads it at start), for specs whose subject is
 * not signing in: no landing page, form and dashboard on the way, the first page loaded is the one the test opens.
 * Once per tab (a sessionStorage mark): a later logout, sign-in or language switch is not undone by the next load.
 * The form stays in the specs about signing in (auth/, and each journey's first sign-in).
 */
export const signInWithStoredToken = async (page: Page, token: string) => {
  await page.addInitScript((accessToken) => {
    if (window.location.protocol !== 'http:' && window.location.protocol !== 'https:') return;
    if (window.sessionStorage.getItem('e2eStoredToken') !== null) return;
    window.sessionStorage.setItem('e2eStoredToken', 'set');
    window.localStorage.setItem('accessToken', accessToken);
  }, token);
};

/**
 * Opens `/logout` and waits for the signed-out page. The logout is a request (and, on a first screen, the auth
 * machine's download): leaving the page before it ends leaves the session as it was, as it would for a person.
 */
export const logOut = async (page: Page) => {
  await page.goto('/logout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have signed out');
};

/** An API token for arranging data without the browser. */
export const apiToken = async (api: APIRequestContext, email: string, password: string): Promise<string> => {
  const response = await api.post('/v1/fau/login', {
    form: { username: email, password, grant_type: 'password', scope: '' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
};

/**
 * Opens the account menu and waits until it is open. Right after a sign-in the shell may still be replacing its first
 * render (the dashboard's route loading), and a click on the menu of the render being replaced opens nothing that
 * stays: clicked again until the menu is open, as a person would.
 */
export const openAccountMenu = async (page: Page) => {
  const button = page.getByRole('button', { name: /Account menu of/ });
  await expect(async () => {
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
};
