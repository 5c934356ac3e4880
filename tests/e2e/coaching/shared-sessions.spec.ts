import { expect, test, type Browser, type Page } from '@playwright/test';
import { builtinChatModel, coachingAuthor } from '../support/coaching.js';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, type Member } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';

// Issue 13: a user shares a scenario; a signed-out visitor and a visitor signed in as someone else each play it as a
// guest over the gateway, in browser contexts of their own; the sharer sees both sessions and what they cost; a
// revoked link refuses the next visitor (docs/shared-sessions.md).
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
let sharer: Member;
let other: Member;
const SCENARIO = `Guest call ${stamp}`;
let scenarioId = '';
let shareUrl = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Sharing ${stamp}`);
  sharer = await setup.arrange.member(organizationId, 'user', { first_name: 'Sasha', last_name: 'Sharer' });
  other = await setup.arrange.member(organizationId, 'user', { first_name: 'Otto', last_name: 'Other' });
  await setup.arrange.call('POST', `/v1/organizations/allocate_credit/${organizationId}`, { nb_credits: 20 });
  await setup.arrange.call('POST', `/v1/users/allocate_credit/${sharer.id}`, { nb_credits: 10 });

  // A scenario on the built-in model at 1 credit a minute, won by asking for the deal.
  const modelId = await builtinChatModel(setup.api, setup.arrange, {
    displayName: `Guest coach ${stamp}`,
    creditsPerMinute: 1,
  });
  const author = coachingAuthor(setup.arrange);
  scenarioId = await author.scenario({
    name: SCENARIO,
    persona_id: await author.persona({ name: `Gale ${stamp}` }),
    mission_id: await author.mission({
      title: `Close ${stamp}`,
      goal: 'Ask for the deal',
      success_criteria: ['deal'],
      failure_conditions: ['take it or leave it'],
      // The built-in persona agrees when asked for the deal (docs/ai-builtin-provider.md).
      success_behaviours: ['agreed_next_step'],
      failure_behaviours: ['pressure', 'rudeness'],
      difficulty: 1,
      turn_limit: 6,
    }),
    observer_ids: [await author.observer(`Coach ${stamp}`, modelId)],
    model_id: modelId,
    time_limit_seconds: 120,
  });
});

/** A visitor on the link: a name, the terms, Start; then the chat to a win and the result with its report. */
const playAsGuest = async (page: Page, name: string) => {
  await page.goto(shareUrl);
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'web-empty');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCENARIO);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByText('Enter the name to show with your session.')).toBeVisible();
  await expect(page.getByText('Accept the terms of use to start.')).toBeVisible();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('I accept the terms of use').check();
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/apps\/ai-coaching\/session\/play-/, { timeout: 20_000 });
  await page.getByLabel('Your message').fill('Thank you for your time. Do we have a deal?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win', { timeout: 20_000 });
  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
};

const newContextPage = async (browser: Browser) => (await browser.newContext()).newPage();

test('[SHARED]: a user shares a scenario through a link, from its page', async ({ page }) => {
  await signInWithToken(page, sharer.token);
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await page.getByRole('button', { name: 'Share with guests' }).click();
  await page.getByLabel('Label').fill(`Workshop ${stamp}`);
  await page.getByLabel('Number of guests').fill('0');
  await page.getByRole('button', { name: 'Create the link' }).click();
  await expect(page.getByText('Allow 1 to 10,000 guests.')).toBeVisible();
  await page.getByLabel('Number of guests').fill('5');
  await page.getByRole('button', { name: 'Create the link' }).click();
  await expect(page.getByTestId('share-link-made')).toContainText(`Workshop ${stamp}`);
  shareUrl = await page.getByLabel('Link to share').inputValue();
  expect(shareUrl).toMatch(/\/shared\/ai-coaching-session\/[\w-]{43}$/);
  await expectAxeClean(page);
});

test('[SHARED]: a signed-out visitor plays to a win over the gateway as a guest and reads the report', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newContextPage(browser);
  const turns: string[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => {
      turns.push(String(frame.payload));
    }),
  );
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(shareUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SCENARIO);
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await playAsGuest(page, 'Ada Visitor');
  expect(turns.some((frame) => frame.includes('"session.turn"'))).toBe(true);
  // A guest without an account of their own leaves signed out, onto a page of their own (issue 23).
  await page.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/shared\/end$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  await page.context().close();
});

test('[SHARED]: a visitor signed in as another user plays as a guest, then gets their own session back', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await newContextPage(browser);
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('accessToken', token), other.token);
  await playAsGuest(page, 'Otto as guest');
  // Spec §4: the own token waited aside as the guest backup, and comes back.
  expect(await page.evaluate(() => localStorage.getItem('guestAccessToken'))).toBe(other.token);
  await page.getByRole('button', { name: 'Back to my account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(other.token);
  expect(await page.evaluate(() => localStorage.getItem('guestAccessToken'))).toBeNull();
  const me = (await (
    await setup.api.get('/v1/me', { headers: { authorization: `Bearer ${other.token}` } })
  ).json()) as {
    email: string;
  };
  expect(me.email).toBe(other.email);
  await page.context().close();
});

test('[SHARED]: the sharer sees both guests’ sessions and their cost, and a revoked link refuses the next visitor', async ({
  page,
  browser,
}) => {
  await signInWithToken(page, sharer.token);
  await page.goto('/apps/ai-coaching/session/list');
  const guests = page.getByTestId('session-guest');
  await expect(guests).toHaveCount(2);
  await expect(guests.filter({ hasText: 'Guest: Ada Visitor' })).toHaveCount(1);
  await expect(guests.filter({ hasText: 'Guest: Otto as guest' })).toHaveCount(1);
  // Each guest's minute was captured from the sharer's wallet: 10 credits less 2.
  const wallet = (await (
    await setup.api.get(`/v1/users/${sharer.id}`, { headers: { authorization: `Bearer ${setup.arrange.token}` } })
  ).json()) as { credit_wallet: number; credit_pending: number };
  expect(wallet).toMatchObject({ credit_wallet: 8, credit_pending: 0 });

  await page.goto('/apps/ai-coaching/shared-session/list');
  const row = page.getByTestId('share-link-row').filter({ hasText: `Workshop ${stamp}` });
  await expect(row).toContainText('2 of 5');
  await row.getByRole('button', { name: /Revoke/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toHaveAttribute('data-status', 'revoked');

  const late = await newContextPage(browser);
  await late.goto(shareUrl);
  await expect(late.getByRole('heading', { level: 1 })).toHaveText('This link does not work');
  await expect(late.getByRole('button', { name: 'Start the session' })).toHaveCount(0);
  await late.context().close();
});
