import { expect, test } from '@playwright/test';
import { ADMIN, logInThroughForm, openAccountMenu } from '../support/session.js';

const SESSION_KEYS = [
  'accessToken',
  'guestAccessToken',
  'keycloakAccessToken',
  'keycloakRefreshToken',
  'roles',
  'permissions',
];

test('[AUTH]: the super-admin logs in through the form, then logging out clears the session keys', async ({ page }) => {
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await expect(page.getByTestId('user-menu-name')).toHaveCount(0);
  await openAccountMenu(page);
  await expect(page.getByTestId('user-menu-name')).toBeVisible();

  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored['accessToken']).toBeTruthy();
  expect(JSON.parse(stored['roles']!)).toEqual(['super-admin']);
  expect(stored['lastMethod']).toBe('fau');
  // Keys another login method or a guest visit would have left behind are cleared too.
  await page.evaluate(() => {
    localStorage.setItem('guestAccessToken', 'guest-backup');
    localStorage.setItem('keycloakAccessToken', 'sso-access');
    localStorage.setItem('keycloakRefreshToken', 'sso-refresh');
    localStorage.setItem('selectedInput', 'mic-1');
    sessionStorage.setItem('isMicrophoneConfigured', 'true');
  });

  await page.getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/preconnect$/);
  const after = await page.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
  for (const key of SESSION_KEYS) expect(after.local[key], key).toBeUndefined();
  expect(after.session['isMicrophoneConfigured']).toBeUndefined();
  expect(after.local['lastMethod']).toBe('fau');
  expect(after.local['selectedInput']).toBe('mic-1');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/#login$/);
});

test('[AUTH]: a wrong password shows the error and stays signed out', async ({ page }) => {
  await page.goto('/#login');
  await page.getByLabel('Email address').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('Not-The-Passw0rd!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('The email address or password is not correct');
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('[AUTH]: the login form speaks French after switching to fr-FR', async ({ page }) => {
  await page.goto('/#login');
  await page.getByLabel('Language').selectOption('fr-FR');
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByText('Saisissez votre adresse e-mail.')).toBeVisible();
});
