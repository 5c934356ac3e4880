import { expect, test, type Page } from '@playwright/test';
import { WINNING_PRICE_LINES } from '../support/coaching.js';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken } from '../support/arrange.js';
import { expectAxeCleanInBothThemes } from '../support/axe.js';

// Private practice (issue 27 §6, docs/programs.md): the learner chooses it before starting, told what managers see;
// the result page says the session was private; the manager's dashboard shows only how many and how long.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';
let learnerToken = '';
let operatorToken = '';
const SHOTS = process.env.PRIVATE_PRACTICE_SHOTS;

const shoot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Private ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Lea', last_name: 'Learner' }))
    .token;
  operatorToken = (await setup.arrange.member(organizationId, 'operator', { first_name: 'Olga' })).token;
});

test('[SESSION]: a learner practises privately, and the result page says so', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learnerToken);
  await page.goto('/apps/ai-coaching');
  await page.getByRole('link', { name: new RegExp(LIBRARY_SCENARIO) }).click();
  await expect(page).toHaveURL(/\/scenario\/info-/);
  const choice = page.getByRole('checkbox', { name: 'Private practice' });
  await expect(choice).not.toBeChecked();
  await expect(choice).toHaveAccessibleDescription(/Managers see only that you practised and for how long/);
  await choice.check();
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  await shoot(page, 'info-360');
  await page.getByRole('button', { name: 'Start the session' }).click();

  await expect(page).toHaveURL(/\/session\/play-/);
  for (const line of WINNING_PRICE_LINES) {
    await page.getByLabel('Your message').fill(line);
    await page.getByRole('button', { name: 'Send' }).click();
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.getByTestId('private-practice')).toContainText('Private practice');
  await expect(page.getByTestId('private-practice')).toContainText('Only you see this session.');
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  await shoot(page, 'result-360');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'result-1280');
});

test('[DASHBOARD]: the manager sees how many private sessions and how long, not the scores', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, operatorToken);
  await page.goto('/dashboard');
  const practice = page.getByTestId('coaching-team-private-practice');
  await expect(practice).toContainText('1 session');
  const row = practice.getByTestId('coaching-team-private-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Lea Learner');
  await expect(page.getByTestId('coaching-team-user-row')).toHaveCount(0);
  await expectAxeCleanInBothThemes(page);
  await shoot(page, 'dashboard-1280');
});
