import { expect, test } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { isMailTo, linkIn, startMailSink } from '../support/mail-sink.js';
import { ADMIN, apiToken } from '../support/session.js';

let sink: SmtpSink;

test.beforeAll(async () => {
  sink = await startMailSink();
});
test.afterAll(async () => {
  await sink?.close();
});

test('[AUTH]: an invited person activates the account from the mail and is signed in', async ({
  page,
  playwright,
  baseURL,
}) => {
  const email = `invitee-${Date.now()}@e2e.test`;
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  const headers = { authorization: `Bearer ${await apiToken(api, ADMIN.email, ADMIN.password)}` };
  const me = (await (await api.get('/v1/me', { headers })).json()) as { organization_id: string };
  const invited = await api.post('/v1/users', {
    headers,
    data: {
      email,
      first_name: 'Ines',
      last_name: 'Invite',
      organization_id: me.organization_id,
      organization_role: 'editor',
    },
  });
  expect(invited.status()).toBe(201);
  await api.dispose();

  const mail = await sink.waitFor((message) => isMailTo(message, email), 15_000);
  await page.goto(linkIn(mail.text, `${baseURL}/activate?code=`));
  await expect(page.getByText('Welcome, Ines!')).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  // The account's email is refused as its password, live.
  await page.getByLabel('New password', { exact: true }).fill(email);
  await expect(page.locator('[data-rule="password_same_as_email"]')).toHaveAttribute('data-met', 'false');
  await page.getByLabel('New password', { exact: true }).fill('Editor-Passw0rd!');
  await page.getByLabel('Confirm the new password').fill('Editor-Passw0rd!');
  await page.getByRole('button', { name: 'Activate and log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link is single use.
  await page.goto(linkIn(mail.text, `${baseURL}/activate?code=`));
  await expect(page.getByText('This invitation has already been used.')).toBeVisible();
});
