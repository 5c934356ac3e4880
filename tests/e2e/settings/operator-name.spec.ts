import { expect, test } from '@playwright/test';
import { isMailTo } from '../support/mail-sink.js';
import { apiToken, signInWithStoredToken } from '../support/session.js';
import { setUpArranger, expectNoSidewaysScroll, toast } from '../support/arrange.js';

// Item 4 of issue 9: `operator-name-update`, from the organization screen to the invitation mail.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const operator = { email: `opname-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
let organizationId = '';
/** The operator's token: signing in is not what these specs check (auth/ has the form). */
let operatorToken = '';

test.beforeAll(async () => {
  organizationId = await setup.arrange.organization(`Opname ${stamp}`);
  await setup.arrange.account({
    email: operator.email,
    first_name: 'Olga',
    last_name: 'Operator',
    organization_id: organizationId,
    organization_role: 'operator',
    password: operator.password,
  });
  operatorToken = await apiToken(setup.api, operator.email, operator.password);
});

// At a phone's width, where the screen could scroll sideways (the laptop's layout: shell/accessibility-screens.spec.ts).
const width = 360;
test(`[SETTINGS]: an operator names their administrators on the organization screen, and invitations come from that name (${width} px)`, async ({
  page,
}) => {
  const displayName = `Acme HR ${width}`;
  await page.setViewportSize({ width, height: 900 });
  await signInWithStoredToken(page, operatorToken);
  await page.goto('/settings/my-organization');
  const field = page.getByLabel('Operator display name');
  await expect(field).toBeEditable();
  await field.fill(displayName);
  await page.getByRole('button', { name: 'Save the display name' }).click();
  await expect(toast(page)).toContainText(`Your administrators now appear as ${displayName}.`);
  await expectNoSidewaysScroll(page);
  await page.reload();
  await expect(page.getByLabel('Operator display name')).toHaveValue(displayName);

  // An invitation from this organization now comes from the display name, in its text and as its sender.
  const invitee = `opname-invitee-${width}-${stamp}@e2e.test`;
  const token = await apiToken(setup.api, operator.email, operator.password);
  await setup.arrange.call(
    'POST',
    '/v1/users',
    { email: invitee, first_name: 'Ines', last_name: '', organization_id: organizationId, organization_role: 'user' },
    token,
  );
  const mail = await setup.sink.waitFor((message) => isMailTo(message, invitee), 15_000);
  expect(mail.text).toContain(`${displayName} has invited you`);
  expect(mail.text).not.toContain('Olga Operator');
  expect(mail.from?.value[0]?.name).toBe(displayName);
});

test('[SETTINGS]: a cleared display name brings back the inviter’s own name', async ({ page }) => {
  await signInWithStoredToken(page, operatorToken);
  await page.goto('/settings/my-organization');
  await page.getByLabel('Operator display name').fill('');
  await page.getByRole('button', { name: 'Save the display name' }).click();
  await expect(toast(page)).toContainText('The operator display name is cleared');
  const invitee = `opname-cleared-${stamp}@e2e.test`;
  await setup.arrange.call(
    'POST',
    '/v1/users',
    { email: invitee, first_name: 'Ines', last_name: '', organization_id: organizationId, organization_role: 'user' },
    await apiToken(setup.api, operator.email, operator.password),
  );
  const mail = await setup.sink.waitFor((message) => isMailTo(message, invitee), 15_000);
  expect(mail.text).toContain('Olga Operator has invited you');
});

test('[SETTINGS]: a super-admin sets it on any organization’s edit screen', async ({ page }) => {
  await signInWithStoredToken(page, setup.arrange.token);
  await page.goto(`/settings/organization/edit/${organizationId}`);
  await page.getByLabel('Operator display name').fill('Set by the platform');
  await page.getByRole('button', { name: 'Save the display name' }).click();
  await expect(toast(page)).toContainText('Your administrators now appear as Set by the platform.');
});
