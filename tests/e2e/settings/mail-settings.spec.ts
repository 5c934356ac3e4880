import { expect, test } from '@playwright/test';
import { isMailTo } from '../support/mail-sink.js';
import { apiToken, signInWithStoredToken } from '../support/session.js';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';

// Item 4 of issue 9: `settings-email` — sender name, reply-to and a test mail, from the settings home to the inbox.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const operator = { email: `mailer-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
/** The operator's token: signing in is not what these specs check (auth/ has the form). */
let operatorToken = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Mailers ${stamp}`);
  await setup.arrange.account({
    email: operator.email,
    first_name: 'Mona',
    last_name: 'Mailer',
    organization_id: organizationId,
    organization_role: 'operator',
    password: operator.password,
  });
  operatorToken = await apiToken(setup.api, operator.email, operator.password);
});

// At a phone's width, where the screen could scroll sideways (the laptop's layout: shell/accessibility-screens.spec.ts).
const width = 360;
test(`[SETTINGS]: an operator sets the sender name and reply-to from the settings home and receives a test mail carrying them (${width} px)`, async ({
  page,
}) => {
  const senderName = `Mailers Academy ${width}`;
  const replyTo = `help-${width}@mailers.test`;
  await page.setViewportSize({ width, height: 900 });
  await signInWithStoredToken(page, operatorToken);
  await page.goto('/settings');
  await page
    .getByRole('main')
    .getByRole('link', { name: /Mail settings/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/email$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mail settings');
  // An operator does not see the platform's own sender.
  await expect(page.getByText('Platform sender (MAIL_FROM)')).toHaveCount(0);

  // Checked before sending, next to the field.
  await page.getByLabel('Reply-to address').fill('not an address');
  await page.getByRole('button', { name: 'Save the mail settings' }).click();
  await expect(page.getByText('Enter a valid email address, or leave it empty.')).toBeVisible();
  await expect(page.getByLabel('Reply-to address')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Sender name').fill(senderName);
  await page.getByLabel('Reply-to address').fill(replyTo);
  await page.getByRole('button', { name: 'Save the mail settings' }).click();
  await expect(toast(page)).toContainText('Mail settings saved.');
  const effective = page.getByTestId('effective-sender');
  await expect(effective).toContainText(senderName);
  await expect(effective).toContainText(replyTo);
  await expectNoSidewaysScroll(page);

  setup.sink.messages.length = 0;
  await page.getByRole('button', { name: 'Send a test mail' }).click();
  await expect(toast(page)).toContainText(`A test mail is on its way to ${operator.email}.`);
  const mail = await setup.sink.waitFor((message) => isMailTo(message, operator.email), 15_000);
  expect(mail.subject).toBe(`Test mail from AI-Coaching for Mailers ${stamp}`);
  expect(mail.from?.value[0]?.name).toBe(senderName);
  expect(mail.replyTo?.value[0]?.address).toBe(replyTo);
  expect(mail.text).toContain(`Sender name: ${senderName}`);
});

test('[SETTINGS]: the mail settings screen speaks French, and refuses a fourth test mail in the hour in French', async ({
  page,
}) => {
  const token = await (async () => {
    const response = await setup.api.post('/v1/fau/login', {
      form: { username: operator.email, password: operator.password, grant_type: 'password', scope: '' },
    });
    return ((await response.json()) as { access_token: string }).access_token;
  })();
  await signInWithToken(page, token, { locale: 'fr-FR' });
  await page.goto('/settings/email');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Réglages d’e-mail');
  await expect(page.getByLabel('Nom de l’expéditeur')).toHaveValue('Mailers Academy 360');
  // One test mail went out above; the second and the third pass, the fourth is refused.
  for (let sent = 2; sent <= 3; sent += 1) {
    await page.getByRole('button', { name: 'Envoyer un e-mail de test' }).click();
    await expect(toast(page)).toContainText('Un e-mail de test est en route');
    await toast(page).getByRole('button', { name: 'Fermer la notification' }).click();
  }
  await page.getByRole('button', { name: 'Envoyer un e-mail de test' }).click();
  await expect(toast(page)).toContainText('Trop');
});

test('[SETTINGS]: a super-admin sees the platform sender and sets the platform defaults', async ({ page }) => {
  await signInWithStoredToken(page, setup.arrange.token);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Mail settings' }).click();
  await expect(page.getByText('These are the platform defaults')).toBeVisible();
  await expect(page.getByText('Platform sender (MAIL_FROM)')).toBeVisible();
  await expect(page.getByTestId('effective-sender')).toContainText('no-reply@localhost');
  await page.getByLabel('Sender name').fill('Coaching Support');
  await page.getByRole('button', { name: 'Save the mail settings' }).click();
  await expect(toast(page)).toContainText('Mail settings saved.');
  await expect(page.getByTestId('effective-sender')).toContainText('Coaching Support <no-reply@localhost>');
  // Back to no platform default, so the other specs' mails are sent as before.
  await page.getByLabel('Sender name').fill('');
  await page.getByRole('button', { name: 'Save the mail settings' }).click();
  await expect(page.getByTestId('effective-sender')).not.toContainText('Coaching Support');
});

for (const theme of ['light', 'dark'] as const) {
  test(`[A11Y]: the mail settings screen has no serious violation in the ${theme} theme`, async ({ page }) => {
    await signInWithToken(page, setup.arrange.token, { theme });
    await page.goto('/settings/email');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mail settings');
    await expectAxeClean(page);
  });
}
