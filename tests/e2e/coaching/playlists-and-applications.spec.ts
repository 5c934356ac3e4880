import { expect, test, type Page } from '@playwright/test';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';
import { WINNING_PRICE_LINES } from '../support/coaching.js';

// Issue 13 §6 and §7: a learner plays the library playlist's first scenario to an outcome and sees their progress;
// a super-admin removes AI coaching from the learner's organization, and the learner no longer sees it.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learnerToken = '';
let organizationId = '';
const stamp = Date.now();
const learner = { email: `player-${stamp}@e2e.test`, password: 'Player-Passw0rd!' };
const PLAYLIST = 'Difficult conversations: first steps';
const FIRST = 'Price negotiation: the sceptical buyer';
const SECOND = 'Complaint: the customer at the end of his tether';

test.beforeAll(async () => {
  organizationId = await setup.arrange.organization(`Players ${stamp}`);
  learnerToken = (
    await setup.arrange.member(organizationId, 'user', { ...learner, first_name: 'Pia', last_name: 'Player' })
  ).token;
});

const say = async (page: Page, text: string) => {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

const steps = (page: Page) => page.getByRole('list', { name: 'Playlist' }).getByTestId('playlist-scenario');

test('[PLAYLIST]: a learner opens a playlist, plays its first scenario to a win and sees their progress', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInWithToken(page, learnerToken);
  await page.goto('/apps');
  const card = page.getByRole('link', { name: /AI coaching/ }).filter({ hasText: 'Practise conversations' });
  await expect(card).toBeVisible();
  await expectAxeClean(page);
  await page.goto('/apps/ai-coaching/playlist/list');
  await page.getByRole('link', { name: `Play ${PLAYLIST}` }).click();
  await expect(page).toHaveURL(/\/playlist\/play-/);
  const playlistUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(PLAYLIST);
  await expect(page.getByText('0 of 6 scenarios played')).toBeVisible();
  await expect(steps(page)).toHaveCount(6);
  await expect(steps(page).nth(0)).toHaveAttribute('data-next', 'true');
  await expect(steps(page).nth(0)).toContainText(FIRST);
  await expect(steps(page).nth(0)).toContainText('Not played yet');
  await expectAxeClean(page);

  await steps(page)
    .nth(0)
    .getByRole('link', { name: `Play — ${FIRST}` })
    .click();
  await expect(page).toHaveURL(/\/scenario\/info-/);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  // A strong conversation of the starter corpus (as in coaching-sessions.spec.ts) wins it.
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  for (const [index, line] of WINNING_PRICE_LINES.entries()) {
    await say(page, line);
    if (index < WINNING_PRICE_LINES.length - 1) {
      await expect(transcript.getByRole('listitem')).toHaveCount(3 + 2 * index);
    }
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');

  await page.goto(playlistUrl);
  await expect(page.getByText('1 of 6 scenarios played')).toBeVisible();
  const first = steps(page).nth(0);
  await expect(first.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await expect(first).toContainText('1 session');
  await expect(first.getByRole('link', { name: `Play again — ${FIRST}` })).toBeVisible();
  await expect(steps(page).nth(1)).toHaveAttribute('data-next', 'true');
  await expect(steps(page).nth(1)).toContainText(SECOND);
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
  // The observers' reports arrive after the session: the best score shows once they are in.
  await expect(async () => {
    await page.reload();
    await expect(steps(page).nth(0)).toContainText(/Best score \d+\/100/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expectAxeClean(page);
  await first.getByRole('link', { name: `Last result — ${FIRST}` }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
});

test('[PLAYLIST]: the playlist at 360 px in the dark theme, in French', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learnerToken, { theme: 'dark', locale: 'fr-FR' });
  await page.goto('/apps/ai-coaching/playlist/list');
  // The French library's own playlist, not played yet.
  await page.getByRole('link', { name: /^Jouer Conversations difficiles/ }).click();
  await expect(page).toHaveURL(/\/playlist\/play-/);
  await expect(page.getByText(/^0 scénario joué sur 6$/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
});

test('[APPS]: a super-admin removes AI coaching from the organization; its user no longer sees it', async ({
  page,
}) => {
  await signInWithToken(page, setup.arrange.token);
  await page.goto(`/settings/organization/edit/${organizationId}`);
  const section = page.getByRole('list', { name: 'Applications' });
  await expect(section).toContainText('Installed');
  await expectAxeClean(page);
  await section.getByRole('button', { name: 'Remove AI coaching' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('AI coaching is removed.')).toBeVisible();
  await expect(section).toContainText('Not installed');

  await signInWithToken(page, learnerToken);
  await page.goto('/apps');
  await expect(page.getByText('Your organization has no application installed yet.')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'AI coaching' })).toHaveCount(0);
  await expectAxeClean(page);
  await page.goto('/apps/ai-coaching/playlist/list');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application not installed');
  await expect(page.getByText('AI coaching is not installed for your organization.')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);

  await page.setViewportSize({ width: 1280, height: 720 });
  await signInWithToken(page, setup.arrange.token);
  await page.goto(`/settings/organization/edit/${organizationId}`);
  await page.getByRole('button', { name: 'Install AI coaching' }).click();
  await expect(page.getByText('AI coaching is installed.')).toBeVisible();
  await signInWithToken(page, learnerToken);
  await page.goto('/apps');
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'AI coaching' }),
  ).toBeVisible();
});
