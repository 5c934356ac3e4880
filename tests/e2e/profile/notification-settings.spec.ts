import { expect, test } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { axeViolations } from '../support/axe.js';
import { inviteAndActivate } from '../support/arrange.js';
import { startMailSink } from '../support/mail-sink.js';
import { screenshots } from '../support/screenshots.js';
import { ADMIN, apiToken, signInWithStoredToken } from '../support/session.js';

// The managers' weekly digest on the profile page (docs/programs.md, "Weekly digest"): an editor turns it off and the
// choice is kept; a learner, who is never sent one, is not offered it.
let sink: SmtpSink;
const stamp = Date.now();
const editor = { email: `digest-editor-${stamp}@e2e.test`, password: 'Editor-Passw0rd!' };
const learner = { email: `digest-learner-${stamp}@e2e.test`, password: 'Learner-Passw0rd!' };
/** Their tokens: the specs here are not about signing in (auth/ has the form). */
const tokens = { editor: '', learner: '' };

test.beforeAll(async ({ playwright }, testInfo) => {
  sink = await startMailSink();
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${await apiToken(api, ADMIN.email, ADMIN.password)}` };
  const organization = (await (
    await api.post('/v1/organizations', { headers, data: { name: `Digest ${stamp}` } })
  ).json()) as { id: string };
  for (const [person, role] of [
    [editor, 'editor'],
    [learner, 'user'],
  ] as const) {
    await inviteAndActivate(api, sink, headers, baseURL, {
      ...person,
      first_name: role,
      last_name: 'Tester',
      organization_id: organization.id,
      organization_role: role,
    });
  }
  tokens.editor = await apiToken(api, editor.email, editor.password);
  tokens.learner = await apiToken(api, learner.email, learner.password);
  await api.dispose();
});

test.afterAll(async () => {
  await sink?.close();
});

test('[PROFILE]: an editor turns the weekly digest off, and the choice is kept', async ({ page }) => {
  await signInWithStoredToken(page, tokens.editor);
  await page.goto('/profile');
  const digest = page.getByRole('checkbox', { name: 'Weekly digest of overdue assignments' });
  await expect(digest).toBeChecked();
  await expect(digest).toBeEnabled();
  await expect(page.getByText('On Mondays, an email listing your organization’s assignments')).toBeVisible();
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    expect(await axeViolations(page), dark ? 'dark' : 'light').toEqual([]);
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await screenshots(page, 'profile-notifications');

  await digest.uncheck();
  await expect(digest).not.toBeChecked();
  await expect(digest).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Weekly digest of overdue assignments' })).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Weekly digest of overdue assignments' }).check();
  await expect(digest).toBeEnabled();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Weekly digest of overdue assignments' })).toBeChecked();
});

test('[PROFILE]: a learner is not offered the weekly digest', async ({ page }) => {
  await signInWithStoredToken(page, tokens.learner);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Weekly digest of overdue assignments' })).toHaveCount(0);
});
