import { expect, test } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { isMailTo, linkIn, startMailSink } from '../support/mail-sink.js';
import { ADMIN, apiToken, logInThroughForm } from '../support/session.js';

let sink: SmtpSink;
const email = `reset-${Date.now()}@e2e.test`;
const FIRST_PASSWORD = 'First-Passw0rd!';
const NEW_PASSWORD = 'Second-Passw0rd?';

test.beforeAll(async ({ playwright }, testInfo) => {
  sink = await startMailSink();
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  const token = await apiToken(api, ADMIN.email, ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await api.get('/v1/me', { headers })).json()) as { organization_id: string };
  const invited = await api.post('/v1/users', {
    headers,
    data: {
      email,
      first_name: 'Rose',
      last_name: 'Reset',
      organization_id: me.organization_id,
      organization_role: 'user',
    },
  });
  expect(invited.status()).toBe(201);
  const mail = await sink.waitFor((message) => isMailTo(message, email), 15_000);
  const code = new URL(linkIn(mail.text, `${baseURL}/activate?code=`)).searchParams.get('code');
  const activated = await api.post('/v1/activate_account', { data: { invite_code: code, password: FIRST_PASSWORD } });
  expect(activated.status()).toBe(200);
  await api.dispose();
});

test.afterAll(async () => {
  await sink?.close();
});

test('[AUTH]: while the forgot-password form loads, the login form is gone: nothing typed goes into the wrong form', async ({
  page,
}) => {
  // A slow network: the form's chunk arrives a second after the click.
  await page.route(/\/assets\/forgot-password-form-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/#login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send the reset link' })).toBeVisible();
});

test('[AUTH]: forgot-password round trip through the mail', async ({ page, baseURL }) => {
  await page.goto('/#login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/#forgot-password$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${email}`);

  const mail = await sink.waitFor(
    (message) => isMailTo(message, email) && (message.text ?? '').includes('reset_code='),
    15_000,
  );
  await page.goto(linkIn(mail.text, `${baseURL}/?reset_code=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();

  // The rule is shown live, rule by rule.
  const field = page.getByLabel('New password', { exact: true });
  await field.fill('abc');
  await expect(page.locator('[data-rule="password_missing_lowercase"]')).toHaveAttribute('data-met', 'true');
  await expect(page.locator('[data-rule="password_missing_uppercase"]')).toHaveAttribute('data-met', 'false');
  await expect(page.locator('[data-rule="password_too_short"]')).toHaveAttribute('data-met', 'false');
  await field.fill(NEW_PASSWORD);
  for (const rule of await page.locator('[data-rule]').all()) await expect(rule).toHaveAttribute('data-met', 'true');
  await page.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await logInThroughForm(page, email, NEW_PASSWORD);
});
