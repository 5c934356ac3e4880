import { expect, test, type APIRequestContext } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { startMailSink } from '../support/mail-sink.js';
import { inviteAndActivate } from '../support/arrange.js';
import {
  ADMIN,
  apiToken,
  logInThroughForm,
  logOut,
  openAccountMenu,
  signInWithStoredToken,
} from '../support/session.js';

// Accounts arranged through the API (invitation mail caught by the SMTP sink), then used in the browser.
let sink: SmtpSink;
const stamp = Date.now();
const operator = { email: `profile-operator-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
const learner = { email: `profile-learner-${stamp}@e2e.test`, password: 'Learner-Passw0rd!' };
let groupName = '';
/** Their tokens: signing in is not what these specs check, except with a changed password (the form, below). */
const tokens = { operator: '', learner: '' };

const invitedAndActivated = (
  api: APIRequestContext,
  headers: Record<string, string>,
  organizationId: string,
  person: { email: string; password: string },
  role: string,
  baseURL: string,
) =>
  inviteAndActivate(api, sink, headers, baseURL, {
    ...person,
    first_name: role,
    last_name: 'Tester',
    organization_id: organizationId,
    organization_role: role,
  });

test.beforeAll(async ({ playwright }, testInfo) => {
  sink = await startMailSink();
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${await apiToken(api, ADMIN.email, ADMIN.password)}` };
  const organization = (await (
    await api.post('/v1/organizations', { headers, data: { name: `Profile ${stamp}` } })
  ).json()) as { id: string };
  await api.post(`/v1/organizations/allocate_credit/${organization.id}`, {
    headers: { ...headers, 'idempotency-key': `profile-${stamp}` },
    data: { nb_credits: 100 },
  });
  const operatorId = await invitedAndActivated(api, headers, organization.id, operator, 'operator', baseURL);
  await invitedAndActivated(api, headers, organization.id, learner, 'user', baseURL);
  const allocated = await api.post(`/v1/users/allocate_credit/${operatorId}`, {
    headers: { ...headers, 'idempotency-key': `profile-op-${stamp}` },
    data: { nb_credits: 60 },
  });
  expect(allocated.status()).toBe(200);
  groupName = `Profile group ${stamp}`;
  const group = await api.post('/v1/user_groups', {
    headers,
    data: { name: groupName, organization_id: organization.id },
  });
  expect(group.status()).toBe(201);
  tokens.operator = await apiToken(api, operator.email, operator.password);
  tokens.learner = await apiToken(api, learner.email, learner.password);
  await api.dispose();
});

test.afterAll(async () => {
  await sink?.close();
});

test('[PROFILE]: an operator transfers own credits to a group', async ({ page }) => {
  await signInWithStoredToken(page, tokens.operator);
  await page.goto('/dashboard');
  await openAccountMenu(page);
  await expect(page.getByTestId('user-menu-credits')).toHaveText('60 credits');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Transfer credits' }).click();
  await expect(page.getByTestId('own-credits')).toHaveText('60');
  await page.getByLabel('Give to').selectOption('group');
  await page.getByLabel('User group', { exact: true }).selectOption({ label: groupName });
  await page.getByLabel('Number of credits').fill('25');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`25 credits transferred to ${groupName}`);
  await expect(page.getByTestId('own-credits')).toHaveText('35');
  await page.getByLabel('Number of credits').fill('36');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Not enough credits: 35 available.')).toBeVisible();
});

test('[PROFILE]: a user changes the password and logs in with the new one', async ({ page }) => {
  await signInWithStoredToken(page, tokens.learner);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My profile');
  await page.getByLabel('First name').fill('Lena');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Your profile is saved.');

  await page.getByRole('link', { name: 'Change my password' }).click();
  await page.getByLabel('Current password').fill('Wrong-Passw0rd!');
  await page.getByLabel('New password', { exact: true }).fill('Newer-Passw0rd!');
  await page.getByLabel('Confirm the new password').fill('Newer-Passw0rd!');
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();

  await page.getByLabel('Current password').fill(learner.password);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(page.getByTestId('toast').last()).toContainText('Your password has been changed.');
  // This session goes on.
  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Lena');

  await logOut(page);
  await logInThroughForm(page, learner.email, 'Newer-Passw0rd!');
});

test('[PROFILE]: a user without the permission lands on /403', async ({ page, request }) => {
  await signInWithStoredToken(page, await apiToken(request, learner.email, 'Newer-Passw0rd!'));
  await page.goto('/settings/user/list');
  await expect(page).toHaveURL(/\/403$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forbidden');
  // The menu offers only what the role may open.
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users and groups' }),
  ).toHaveCount(0);
});

test('[PROFILE]: the screens speak French after switching to fr-FR', async ({ page }) => {
  await signInWithStoredToken(page, tokens.operator);
  await page.goto('/dashboard');
  await page.getByLabel('Language').selectOption('fr-FR');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bienvenue, operator Tester');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Utilisateurs et groupes' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilisateurs et groupes');
  await expect(page.getByRole('tab', { name: 'Groupes d’utilisateurs' })).toBeVisible();
  await page.goto('/profile/change-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Changer mon mot de passe');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('a');
  await expect(page.getByText('Au moins 8 caractères')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
});
