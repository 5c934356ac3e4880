import { expect, test } from '@playwright/test';
import { isMailTo, linkIn } from '../support/mail-sink.js';
import { apiToken, logInThroughForm, signInWithStoredToken } from '../support/session.js';
import { setUpArranger, expectNoSidewaysScroll, toast } from '../support/arrange.js';

// Item 4 of issue 9: `reset-password` — an administrator sends a user a reset link from the user editor.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const operator = { email: `resetter-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
const learners = [1280, 360].map((width) => ({
  width,
  email: `learner-${width}-${stamp}@e2e.test`,
  password: 'Learner-Passw0rd!',
  chosen: 'Chosen-Passw0rd?',
  id: '',
}));
let invitedId = '';
/** The operator's token: the operator's sign-in is not what these specs check; the learner's, with the new password, is. */
let operatorToken = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Reset links ${stamp}`);
  await setup.arrange.account({
    email: operator.email,
    first_name: 'Oscar',
    organization_id: organizationId,
    organization_role: 'operator',
    password: operator.password,
  });
  operatorToken = await apiToken(setup.api, operator.email, operator.password);
  for (const learner of learners) {
    learner.id = await setup.arrange.account({
      email: learner.email,
      first_name: 'Lea',
      last_name: 'Learner',
      organization_id: organizationId,
      organization_role: 'user',
      password: learner.password,
    });
  }
  invitedId = (
    await setup.arrange.call('POST', '/v1/users', {
      email: `pending-${stamp}@e2e.test`,
      first_name: 'Pat',
      last_name: '',
      organization_id: organizationId,
      organization_role: 'user',
    })
  ).id;
});

for (const learner of learners) {
  test(`[USERS]: an operator sends a user a reset link from the user editor, and the user chooses a new password with it (${learner.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.setViewportSize({ width: learner.width, height: 900 });
    await signInWithStoredToken(page, operatorToken);
    await page.goto(`/settings/user/edit/${learner.id}`);
    await page.getByRole('button', { name: 'Send a password reset link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Lea Learner a password reset link?' });
    await expect(dialog).toContainText(learner.email);
    await expectNoSidewaysScroll(page);
    await dialog.getByRole('button', { name: 'Send the link' }).click();
    await expect(toast(page)).toContainText(`A password reset link has been sent to ${learner.email}.`);

    const mail = await setup.sink.waitFor(
      (message) => isMailTo(message, learner.email) && (message.text ?? '').includes('reset_code='),
      15_000,
    );
    const context = await browser.newContext({ viewport: { width: learner.width, height: 900 } });
    const user = await context.newPage();
    await user.goto(linkIn(mail.text, `${baseURL}/?reset_code=`));
    await expect(user.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await user.getByLabel('New password', { exact: true }).fill(learner.chosen);
    await user.getByLabel('Confirm the new password').fill(learner.chosen);
    await user.getByRole('button', { name: 'Save the new password' }).click();
    await expect(user.getByText('Your password has been changed')).toBeVisible();
    await logInThroughForm(user, learner.email, learner.chosen);
    await context.close();
  });
}

test('[USERS]: the reset link is offered for active accounts only, and never for oneself', async ({ page }) => {
  await signInWithStoredToken(page, operatorToken);
  await page.goto(`/settings/user/edit/${invitedId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Pat');
  await expect(page.getByRole('button', { name: 'Send a password reset link' })).toHaveCount(0);
  const me = (await (
    await setup.api.get('/v1/me', { headers: { authorization: `Bearer ${setup.arrange.token}` } })
  ).json()) as {
    id: string;
  };
  // The super-admin's own editor shows no reset button for themself.
  await page.evaluate((token) => window.localStorage.setItem('accessToken', token), setup.arrange.token);
  await page.goto(`/settings/user/edit/${me.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a password reset link' })).toHaveCount(0);
});
