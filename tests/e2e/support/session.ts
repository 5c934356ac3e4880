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

/** An API token for arranging data without the browser. */
export const apiToken = async (api: APIRequestContext, email: string, password: string): Promise<string> => {
  const response = await api.post('/v1/fau/login', {
    form: { username: email, password, grant_type: 'password', scope: '' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
};
