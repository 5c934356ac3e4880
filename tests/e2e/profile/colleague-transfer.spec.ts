import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { axeViolations } from '../support/axe.js';
import { startMailSink } from '../support/mail-sink.js';
import { inviteAndActivate } from '../support/arrange.js';
import { ADMIN, apiToken, signInWithStoredToken } from '../support/session.js';

// Issue 9, item 1.2: "Transfer credits" was offered to learners, whose page then said their role could not see
// anyone to give to. A learner now finds a colleague by name or email (names only) and gives to the groups they
// belong to.

let sink: SmtpSink;
const stamp = Date.now();
const learner = { email: `colleague-lena-${stamp}@e2e.test`, password: 'Learner-Passw0rd!', name: 'Lena Learner' };
const colleague = {
  email: `colleague-marc-${stamp}@e2e.test`,
  password: 'Colleague-Passw0rd!',
  name: 'Marc Colleague',
};
/** The learner's token: the specs here are not about signing in (auth/ has the form). */
let learnerToken = '';
const ownGroup = `Study group ${stamp}`;
const otherGroup = `Other group ${stamp}`;

const invitedAndActivated = (
  api: APIRequestContext,
  headers: Record<string, string>,
  organizationId: string,
  { name, ...person }: { email: string; password: string; name: string },
  baseURL: string,
) => {
  const [firstName, lastName] = name.split(' ');
  return inviteAndActivate(api, sink, headers, baseURL, {
    ...person,
    first_name: firstName!,
    last_name: lastName!,
    organization_id: organizationId,
    organization_role: 'user',
  });
};

test.beforeAll(async ({ playwright }, testInfo) => {
  sink = await startMailSink();
  const baseURL = testInfo.project.use.baseURL!;
  const api = await playwright.request.newContext({ baseURL });
  const headers = { authorization: `Bearer ${await apiToken(api, ADMIN.email, ADMIN.password)}` };
  const ok = async (response: Awaited<ReturnType<APIRequestContext['post']>>) => {
    expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: string };
  };
  const organization = await ok(
    await api.post('/v1/organizations', { headers, data: { name: `Colleagues ${stamp}` } }),
  );
  await ok(
    await api.post(`/v1/organizations/allocate_credit/${organization.id}`, {
      headers: { ...headers, 'idempotency-key': `colleagues-${stamp}` },
      data: { nb_credits: 200 },
    }),
  );
  const learnerId = await invitedAndActivated(api, headers, organization.id, learner, baseURL);
  await invitedAndActivated(api, headers, organization.id, colleague, baseURL);
  await ok(
    await api.post(`/v1/users/allocate_credit/${learnerId}`, {
      headers: { ...headers, 'idempotency-key': `colleagues-lena-${stamp}` },
      data: { nb_credits: 100 },
    }),
  );
  const group = await ok(
    await api.post('/v1/user_groups', { headers, data: { name: ownGroup, organization_id: organization.id } }),
  );
  await ok(await api.post(`/v1/user_groups/add_member/${group.id}`, { headers, data: { user_id: learnerId } }));
  await ok(
    await api.post('/v1/user_groups', { headers, data: { name: otherGroup, organization_id: organization.id } }),
  );
  learnerToken = await apiToken(api, learner.email, learner.password);
  await api.dispose();
});

test.afterAll(async () => {
  await sink?.close();
});

const ownCredits = async (page: Page) => Number((await page.getByTestId('own-credits').textContent())!.trim());

// At a phone's width, where the picker could overflow (the laptop's layout: shell/accessibility-screens.spec.ts).
const width = 360;
test(`[PROFILE]: a learner gives credits to a colleague found by name, and to their own group (${width} px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width, height: 800 });
  await signInWithStoredToken(page, learnerToken);
  await page.goto('/profile/transfer-credits');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transfer credits');
  await expect(page.getByText('cannot see other users')).toHaveCount(0);
  const before = await ownCredits(page);

  // Nothing is chosen for the learner.
  await page.getByLabel('Number of credits').fill('5');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByText('Choose whom to give credits to.')).toBeVisible();

  await page.getByLabel('Give to').selectOption({ label: 'A colleague' });
  const picker = page.getByLabel('Colleague', { exact: true });
  await expect(picker).toBeDisabled();
  await page.getByLabel('Find a colleague').fill('colleague-marc');
  await expect(picker).toBeEnabled();
  await expect(picker.locator('option')).toHaveText(['Choose a colleague', colleague.name]);
  // Names only: no email address is shown to a learner.
  await expect(page.getByText(colleague.email)).toHaveCount(0);
  await picker.selectOption({ label: colleague.name });
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`5 credits transferred to ${colleague.name}`);
  await expect.poll(() => ownCredits(page)).toBe(before - 5);

  await page.getByLabel('Find a colleague').fill('nobody-like-this');
  await expect(page.getByText('No active colleague matches this search.')).toBeVisible();

  // Groups: the ones the learner belongs to, not every group of the organization.
  await page.getByLabel('Give to').selectOption({ label: 'A user group' });
  const groups = page.getByLabel('User group', { exact: true });
  await expect(groups.locator('option')).toHaveText(['Choose a group', ownGroup]);
  await groups.selectOption({ label: ownGroup });
  await page.getByLabel('Number of credits').fill('3');
  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByTestId('toast').last()).toContainText(`3 credits transferred to ${ownGroup}`);
  await expect.poll(() => ownCredits(page)).toBe(before - 8);

  // Nothing overflows the narrow screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
});

for (const theme of ['light', 'dark'] as const) {
  test(`[PROFILE]: the colleague picker has no serious accessibility violation in the ${theme} theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
    await signInWithStoredToken(page, learnerToken);
    await page.goto('/profile/transfer-credits');
    await page.getByLabel('Give to').selectOption({ label: 'A colleague' });
    await page.getByLabel('Find a colleague').fill('Marc');
    await expect(page.getByLabel('Colleague', { exact: true }).locator('option')).toHaveCount(2);
    // WCAG 2.1 A and AA, serious or critical, run in the page (support/axe.ts).
    expect(await axeViolations(page)).toEqual([]);
  });
}
