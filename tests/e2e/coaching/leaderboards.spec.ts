import { expect, test, type Page } from '@playwright/test';
import { WINNING_PRICE_LINES } from '../support/coaching.js';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken, toast } from '../support/arrange.js';
import { expectAxeCleanInBothThemes } from '../support/axe.js';

// Leaderboards (issue 27 §7, docs/programs.md "Leaderboards"): off until an operator turns them on in the
// organization's settings; a learner who practised then finds themself on the board, their line highlighted, and
// hides their name, which others read as "A learner".
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';
let learnerToken = '';
let operatorToken = '';
const SHOTS = process.env.LEADERBOARD_SHOTS;

/** With LEADERBOARD_SHOTS, the screen in both themes (the `dark` class on the root, as the theme switch sets it). */
const shoot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  for (const dark of [false, true]) {
    await page.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
    await page.screenshot({ path: `${SHOTS}/${name}-${dark ? 'dark' : 'light'}.png`, fullPage: true });
  }
};

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Leaderboards ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Lea', last_name: 'Learner' }))
    .token;
  operatorToken = (await setup.arrange.member(organizationId, 'operator', { first_name: 'Olga' })).token;
});

test('[SETTINGS]: leaderboards are off until an operator turns them on in the organization’s settings', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, operatorToken);
  await page.goto('/apps/ai-coaching/leaderboard');
  await expect(page.getByRole('status').filter({ hasText: 'Leaderboards are off' })).toContainText(
    'An administrator (an operator) can turn them on',
  );
  await shoot(page, 'off-1280');

  await page.goto('/settings/my-organization');
  const box = page.getByRole('checkbox', { name: 'Show leaderboards to the organization’s members' });
  await expect(box).not.toBeChecked();
  await expect(box).toHaveAccessibleDescription(/Private practice counts in time only/);
  await box.check();
  await page.getByRole('button', { name: 'Save leaderboard setting' }).click();
  await expect(toast(page)).toContainText('Leaderboards are now shown to the organization’s members.');
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Show leaderboards to the organization’s members' })).toBeChecked();
  await expectAxeCleanInBothThemes(page);
  await page.getByRole('heading', { name: 'Leaderboards' }).scrollIntoViewIfNeeded();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-1280.png` });
});

test('[COACHING]: a learner who practised finds their line on the board, and hides their name', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, learnerToken);
  await page.goto('/apps/ai-coaching');
  await page.getByRole('link', { name: new RegExp(LIBRARY_SCENARIO) }).click();
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  for (const line of WINNING_PRICE_LINES) {
    await page.getByLabel('Your message').fill(line);
    await page.getByRole('button', { name: 'Send' }).click();
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');

  await page.goto('/apps/ai-coaching');
  await page.getByRole('link', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/\/apps\/ai-coaching\/leaderboard$/);
  const table = page.getByRole('table', { name: 'Practice time: The whole organization, This month' });
  const own = table.getByRole('row').filter({ hasText: 'Lea Learner (you)' });
  await expect(own).toHaveAttribute('aria-current', 'true');
  await expect(own.getByRole('cell').first()).toHaveText('1');
  await expectAxeCleanInBothThemes(page);
  await shoot(page, 'board-1280');
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page);
  await shoot(page, 'board-360');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('Period').selectOption({ label: 'This week' });
  await expect(page.getByRole('table', { name: /This week/ })).toBeVisible();
  const hide = page.getByRole('checkbox', { name: 'Hide my name on leaderboards' });
  await expect(hide).toHaveAccessibleDescription(/Others then see “A learner” in its place/);
  await hide.check();
  await expect(hide).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Hide my name on leaderboards' })).toBeChecked();
  // Hidden from others, never from themself.
  await expect(page.getByRole('row').filter({ hasText: 'Lea Learner (you)' })).toBeVisible();
});

test('[COACHING]: others read a hidden learner as "Un apprenant", at 360 px, dark, in French', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, operatorToken, { theme: 'dark', locale: 'fr-FR' });
  await page.goto('/apps/ai-coaching/leaderboard');
  const table = page.getByRole('table', { name: 'Temps d’entraînement\u00a0: Toute l’organisation, Ce mois-ci' });
  await expect(table.getByRole('row').filter({ hasText: 'Un apprenant' })).toHaveCount(1);
  await expect(table).not.toContainText('Lea');
  await page.getByLabel('Période').selectOption({ label: 'Ce trimestre' });
  await expect(page.getByRole('table', { name: /Ce trimestre/ })).toContainText('Un apprenant');
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  await shoot(page, 'board-360-fr');
});
