import { expect, test } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { isMailTo, linkIn, startMailSink } from '../support/mail-sink.js';
import { inviteAndActivate } from '../support/arrange.js';
import { ADMIN, apiToken, signInWithStoredToken } from '../support/session.js';

// Issue 9, password items of 1.9: a change to the current password was accepted, and a used reset link was
// reported only once a new password had been typed.

let sink: SmtpSink;
const stamp = Date.now();
const learner = { email: `passwords-learner-${stamp}@e2e.test`, password: 'Learner-Passw0rd!' };
const resetter = { email: `passwords-reset-${stamp}@e2e.test`, password: 'Resetter-Passw0rd!' };
const usedCodes = new Set<string>();
/** The learner's token: signing in is not what these specs check (auth/ has the form). */
let learnerToken = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  sink = await startMailSink();
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${await apiToken(api, ADMIN.email, ADMIN.password)}` };
  const me = (await (await api.get('/v1/me', { headers })).json()) as { organization_id: string };
  for (const person of [learner, resetter]) {
    await inviteAndActivate(api, sink, headers, baseURL, {
      ...person,
      first_name: 'Pat',
      last_name: 'Password',
      organization_id: me.organization_id,
      organization_role: 'user',
    });
  }
  learnerToken = await apiToken(api, learner.email, learner.password);
  await api.dispose();
});

test.afterAll(async () => {
  await sink?.close();
});

// Each at one width, a phone's then a laptop's.
test(`[PROFILE]: the current password is refused as the new one, next to the new password (360 px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithStoredToken(page, learnerToken);
  await page.goto('/profile/change-password');
  await page.getByLabel('Current password').fill(learner.password);
  const field = page.getByLabel('New password', { exact: true });
  await field.fill(learner.password);
  await page.getByLabel('Confirm the new password').fill(learner.password);
  await page.getByRole('button', { name: 'Change the password' }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(/Choose a new password that differs from your current one\./);
  await expect(page.getByTestId('toast')).toHaveCount(0);
});

test(`[AUTH]: a used reset link says so as soon as it is opened, with a way to ask for a new one (1280 px)`, async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await playwright.request.newContext({ baseURL: baseURL! });
  expect((await api.post('/v1/reset_own_password', { data: { account_email: resetter.email } })).status()).toBe(202);
  const mail = await sink.waitFor((message) => {
    if (!isMailTo(message, resetter.email) || !(message.text ?? '').includes('reset_code=')) return false;
    const code = new URL(linkIn(message.text, `${baseURL}/?reset_code=`)).searchParams.get('reset_code')!;
    return !usedCodes.has(code);
  }, 15_000);
  const link = linkIn(mail.text, `${baseURL}/?reset_code=`);
  const code = new URL(link).searchParams.get('reset_code')!;
  usedCodes.add(code);
  resetter.password = `Reset-${usedCodes.size}-Passw0rd!`;
  const used = await api.post('/v1/change_password_after_reset', {
    data: { reset_code: code, new_password: resetter.password },
  });
  expect(used.status()).toBe(204);
  await api.dispose();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('This reset link has already been used.');
  // Nothing to type in vain.
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL(/#forgot-password$/);
  await expect(page).not.toHaveURL(/reset_code=/);
  await expect(page.getByLabel('Email address')).toBeVisible();
});

test('[AUTH]: an unknown reset link is called not valid at once, in French too', async ({ page }) => {
  await page.goto('/?reset_code=made-up-code#reset-password');
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid.');
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Language').selectOption('fr-FR');
  await expect(page.getByRole('alert')).toContainText('Ce lien de réinitialisation n’est pas valide.');
  await expect(page.getByRole('link', { name: 'Demander un nouveau lien' })).toBeVisible();
});
