import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { isMailTo, linkIn, startMailSink } from '../support/mail-sink.js';
import { ADMIN, apiToken, logInThroughForm, signInWithStoredToken } from '../support/session.js';

// The journey of issue 5's "Done when", in one browser story: each step needs the previous one's data.
test.describe.configure({ mode: 'serial' });

let sink: SmtpSink;
const stamp = Date.now();
const organizationName = `Acme ${stamp}`;
const operator = { email: `operator-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
const learnerEmail = `learner-${stamp}@e2e.test`;
const groupName = `Sales team ${stamp}`;
let organizationId = '';

test.beforeAll(async () => {
  sink = await startMailSink();
});
test.afterAll(async () => {
  await sink?.close();
});

const toast = (page: Page) => page.getByTestId('toast').last();

test('[JOURNEY]: the super-admin creates an organization and gives it credits', async ({ page }) => {
  await logInThroughForm(page, ADMIN.email, ADMIN.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Organizations' }).click();
  await page.getByRole('link', { name: 'Create an organization' }).click();

  // Checked before sending: nothing leaves without a name.
  await page.getByRole('button', { name: 'Create the organization' }).click();
  await expect(page.getByText('Enter a name.')).toBeVisible();

  await page.getByLabel('Name').fill(organizationName);
  await page.getByLabel('Description').fill('Created by the e2e journey');
  await page.getByRole('button', { name: 'Create the organization' }).click();
  await expect(page).toHaveURL(/\/settings\/organization\/edit\/[\w-]+$/);
  organizationId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Organization: ${organizationName}`);

  await page.getByRole('link', { name: 'Allocate or deallocate' }).click();
  await expect(page).toHaveURL(`/settings/organization/transaction/${organizationId}`);
  // Issue 9: nothing is preselected; the super-admin chooses the organization itself (issuance).
  await expect(page.getByLabel('Who')).toHaveValue('');
  await page.getByLabel('Who').selectOption('organization');

  await page.getByLabel('Number of credits').fill('abc');
  await page.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(page.getByText('Credits are whole numbers, such as 10.')).toBeVisible();

  await page.getByLabel('Number of credits').fill('500');
  await page.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(toast(page)).toContainText(`500 credits allocated to ${organizationName}`);
  await expect(page.locator('[data-wallet="available"]')).toHaveText('500');
});

test('[JOURNEY]: the super-admin invites an operator, who activates the account from the mail', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Signed in through the form in the first step; here with a token, what is new is the invitation.
  await signInWithStoredToken(page, await apiToken(request, ADMIN.email, ADMIN.password));
  await page.goto('/settings/user/create');
  await page.getByLabel('Email address').fill(operator.email);
  await page.getByLabel('First name').fill('Olga');
  await page.getByLabel('Last name').fill('Operator');
  await page.getByLabel('Role').selectOption('operator');
  await page.getByLabel('Organization').selectOption(organizationId);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(toast(page)).toContainText(`Invitation sent to ${operator.email}`);

  const mail = await sink.waitFor((message) => isMailTo(message, operator.email), 15_000);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(linkIn(mail.text, `${baseURL}/activate?code=`));
  await invitee.getByLabel('New password', { exact: true }).fill(operator.password);
  await invitee.getByLabel('Confirm the new password').fill(operator.password);
  await invitee.getByRole('button', { name: 'Activate and log in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Welcome, Olga Operator');
  await context.close();
});

test('[JOURNEY]: the operator creates a group and a user, moves credits and reads the history', async ({ page }) => {
  await logInThroughForm(page, operator.email, operator.password);
  await expect(page.getByTestId('figure-organization-credits')).toHaveText('500');

  // A group.
  await page.goto('/settings/usergroup/create');
  await page.getByLabel('Name').fill(groupName);
  await page.getByRole('button', { name: 'Create the group' }).click();
  await expect(page).toHaveURL(/\/settings\/usergroup\/edit\/[\w-]+$/);
  await page.getByLabel('Number of credits').fill('100');
  await page.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(toast(page)).toContainText(`100 credits allocated to ${groupName}`);
  await expect(page.locator('[data-wallet="available"]')).toHaveText('100');
  await page.getByLabel('Number of credits').fill('30');
  await page.getByRole('button', { name: 'Deallocate', exact: true }).click();
  await expect(page.locator('[data-wallet="available"]')).toHaveText('70');
  // More than the group holds: refused, with what is available.
  await page.getByLabel('Number of credits').fill('1000');
  await page.getByRole('button', { name: 'Deallocate', exact: true }).click();
  await expect(page.getByText('Not enough credits: 70 available.')).toBeVisible();

  // A user.
  await page.goto('/settings/user/create');
  await expect(page.getByLabel('Organization')).toHaveCount(0);
  await expect(page.getByLabel('Role').locator('option')).toHaveText(['Operator', 'Editor', 'User']);
  await page.getByLabel('Email address').fill(learnerEmail);
  await page.getByLabel('First name').fill('Leo');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page).toHaveURL(/\/settings\/user\/edit\/[\w-]+$/);
  await expect(page.getByText('Invited', { exact: true })).toBeVisible();
  await page.getByLabel('Number of credits').fill('40');
  await page.getByRole('button', { name: 'Allocate', exact: true }).click();
  await expect(page.locator('[data-wallet="available"]')).toHaveText('40');

  // The user joins the group.
  await page.goto('/settings/user/list?tab=groups');
  await page.getByRole('link', { name: `Edit ${groupName}` }).click();
  await page.getByLabel('Find a user').fill('learner');
  await expect(page.getByLabel('User to add').locator('option')).toHaveCount(1);
  await page.getByRole('button', { name: 'Add to the group' }).click();
  await expect(page.getByTestId('members')).toContainText(learnerEmail);

  // The history: every movement of the organization, newest first, filterable, exportable.
  await page.goto(`/settings/organization/transaction/history/${organizationId}`);
  const rows = page.getByTestId('movement-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toHaveAttribute('data-kind', 'allocated');
  await expect(rows.first().getByTestId('movement-amount')).toHaveText('40');
  await expect(rows.last()).toHaveAttribute('data-kind', 'issued');
  await page.getByLabel('Kind').selectOption('deallocated');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('movement-amount')).toHaveText('30');
  await page.getByLabel('Kind').selectOption('');
  await page.getByLabel('Order').selectOption('updated_at');
  await expect(rows.first()).toHaveAttribute('data-kind', 'issued');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloadPromise;
  const csv = await readFile(await download.path(), 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(5);
  expect(lines[0]).toMatch(/kind/i);
  expect(csv).toContain('issued');
  expect(csv).toContain('deallocated');
});
