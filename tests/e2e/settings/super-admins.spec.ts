import { expect, test, type Page } from '@playwright/test';
import { isMailTo, linkIn } from '../support/mail-sink.js';
import { ADMIN, apiToken, signInWithStoredToken } from '../support/session.js';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { axeViolations } from '../support/axe.js';

// Item 4 of issue 9: `super-admin-*` — list, invite, disable, enable and demote super-admins; never oneself.
// The seeded super-admin (ADMIN) stays as it is: other specs sign in with it.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const newcomer = { email: `sa-${stamp}@e2e.test`, password: 'Newcomer-Passw0rd!' };
const operator = { email: `not-sa-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
/** The operator's token: signing in is not what these specs check (auth/ has the form). */
let operatorToken = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Not platform ${stamp}`);
  await setup.arrange.account({
    email: operator.email,
    first_name: 'Otto',
    organization_id: organizationId,
    organization_role: 'operator',
    password: operator.password,
  });
  operatorToken = await apiToken(setup.api, operator.email, operator.password);
});

const row = (page: Page, email: string) => page.getByTestId('super-admin-row').filter({ hasText: email });
const confirm = async (page: Page, action: string, title: string) => {
  await page.getByRole('button', { name: action }).first().click();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: action }).click();
};

test('[SUPER-ADMINS]: a super-admin invites another from the menu, who activates the account from the mail', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInWithStoredToken(page, setup.arrange.token);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Super-admins' }).click();
  await expect(page).toHaveURL(/\/settings\/super-admins$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Super-admins');
  // Oneself: listed, with nothing to do to oneself.
  const self = row(page, ADMIN.email);
  await expect(self).toContainText('You');
  await expect(self.getByRole('button')).toHaveCount(0);

  await page.getByRole('link', { name: 'Invite a super-admin' }).click();
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText('Enter a first name: the invitation greets the person by it.')).toBeVisible();
  await page.getByLabel('Email address').fill(newcomer.email);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Super');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(toast(page)).toContainText(`Invitation sent to ${newcomer.email}`);
  await expect(page).toHaveURL(/\/settings\/super-admins$/);
  await expect(row(page, newcomer.email)).toHaveAttribute('data-status', 'invited');

  const mail = await setup.sink.waitFor((message) => isMailTo(message, newcomer.email), 15_000);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await invitee.goto(linkIn(mail.text, `${baseURL}/activate?code=`));
  await invitee.getByLabel('New password', { exact: true }).fill(newcomer.password);
  await invitee.getByLabel('Confirm the new password').fill(newcomer.password);
  await invitee.getByRole('button', { name: 'Activate and log in' }).click();
  await expect(invitee).toHaveURL(/\/dashboard$/);
  await invitee.goto('/settings/super-admins');
  await expect(row(invitee, newcomer.email)).toContainText('You');
  await context.close();

  await page.reload();
  await expect(row(page, newcomer.email)).toHaveAttribute('data-status', 'active');
});

// At a phone's width, where the list could scroll sideways (the laptop's layout: shell/accessibility-screens.spec.ts).
const width = 360;
test(`[SUPER-ADMINS]: a super-admin disables, enables and finally demotes another (${width} px)`, async ({ page }) => {
  await page.setViewportSize({ width, height: 900 });
  await signInWithToken(page, setup.arrange.token);
  await page.goto(`/settings/super-admins?q=${encodeURIComponent(newcomer.email)}`);
  const target = row(page, newcomer.email);
  await expect(target).toHaveAttribute('data-status', 'active');
  await expectNoSidewaysScroll(page);

  await target.getByRole('button', { name: 'Disable' }).click();
  await page.getByRole('dialog', { name: 'Disable Sam Super?' }).getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page)).toContainText('Sam Super is disabled.');
  await expect(target).toHaveAttribute('data-status', 'disabled');

  await target.getByRole('button', { name: 'Enable' }).click();
  await page.getByRole('dialog', { name: 'Enable Sam Super?' }).getByRole('button', { name: 'Enable' }).click();
  await expect(toast(page)).toContainText('Sam Super is enabled.');
  await expect(target).toHaveAttribute('data-status', 'active');

  await confirm(page, 'Demote', 'Demote Sam Super?');
  await expect(toast(page)).toContainText('Sam Super is no longer a super-admin.');
  await expect(target).toHaveCount(0);
  await expect(page.getByText('No super-admin matches.')).toBeVisible();
});

test('[SUPER-ADMINS]: an operator has no super-admin menu entry and gets the forbidden page at the address', async ({
  page,
}) => {
  await signInWithStoredToken(page, operatorToken);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Mail settings' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Super-admins' })).toHaveCount(0);
  await page.goto('/settings/super-admins');
  await expect(page).toHaveURL(/\/403$/);
});

test('[SUPER-ADMINS]: the screens speak French', async ({ page }) => {
  await signInWithToken(page, setup.arrange.token, { locale: 'fr-FR' });
  await page.goto('/settings/super-admins');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Super-administrateurs');
  await expect(row(page, ADMIN.email)).toContainText('Vous');
  await page.getByRole('link', { name: 'Inviter un super-administrateur' }).click();
  await expect(page.getByLabel('Langue de l’invitation')).toHaveValue('fr-FR');
});

for (const theme of ['light', 'dark'] as const) {
  test(`[A11Y]: the super-admin screens have no serious violation in the ${theme} theme`, async ({ page }) => {
    await signInWithToken(page, setup.arrange.token, { theme });
    for (const path of ['/settings/super-admins', '/settings/super-admins/invite']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[role="status"] svg.animate-spin')).toHaveCount(0);
      expect(await axeViolations(page), path).toEqual([]);
    }
  });
}
