import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { requestAs, setUpArranger, expectNoSidewaysScroll, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';

// Issue 12 §8: the dashboard's coaching figures. A learner who lost a library scenario (analysed by the built-in
// observers) sees their own figures, trend chart and criteria at 360 px and 1280 px, light and dark, in English and
// French; an operator sees the team's and downloads its CSV; the learner never sees the team's.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learnerToken = '';
let operatorToken = '';
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';
const shots = process.env.E2E_SCREENSHOTS;

const asLearner = (method: 'GET' | 'POST', path: string, data?: unknown) =>
  requestAs(setup.api, learnerToken, method, path, data);

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Dashboard ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Lea', last_name: 'Learner' }))
    .token;
  operatorToken = (
    await setup.arrange.member(organizationId, 'operator', { first_name: 'Olga', last_name: 'Operator' })
  ).token;
  const library = (await (
    await asLearner('GET', `/v1/coaching/scenarios?source=library&q=${encodeURIComponent(LIBRARY_SCENARIO)}`)
  ).json()) as { items: { id: string }[] };
  const { id } = (await (
    await asLearner('POST', '/v1/coaching/sessions', { scenario_id: library.items[0]!.id })
  ).json()) as { id: string };
  await asLearner('POST', `/v1/coaching/sessions/${id}/turns`, { text: 'Do you have a budget for this?' });
  await asLearner('POST', `/v1/coaching/sessions/${id}/turns`, {
    text: 'This is our final price, take it or leave it.',
  });
  // The built-in observers report in the background: the score counts once they all have.
  await expect
    .poll(
      async () =>
        ((await (await asLearner('GET', `/v1/coaching/sessions/${id}/analysis`)).json()) as { status?: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('done');
});

for (const view of [
  { width: 360, theme: 'light', locale: 'en-GB', title: 'My progress', score: 'Average score' },
  { width: 1280, theme: 'dark', locale: 'fr-FR', title: 'Ma progression', score: 'Score moyen' },
] as const) {
  test(`[DASHBOARD]: the learner's own figures, trend and criteria at ${view.width} px, ${view.theme}, ${view.locale}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: view.width, height: 900 });
    await signInWithToken(page, learnerToken, { theme: view.theme, locale: view.locale });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: view.title })).toBeVisible();
    await expect(page.getByTestId('coaching-mine-sessions')).toHaveText('1');
    await expect(page.getByTestId('coaching-mine-win-rate')).toHaveText(/^0\s?%$/);
    await expect(page.getByTestId('coaching-mine-average-score')).toHaveText(/^\d+([.,]\d)? \/ 100$/);
    await expect(page.getByTestId('coaching-trend').locator('svg path[d^="M"]')).toHaveCount(1);
    await expect(page.getByTestId('coaching-trend').getByRole('table')).toContainText(view.score);
    await expect(page.getByTestId('coaching-criteria').getByRole('meter').first()).toBeVisible();
    // The team's part is for coaching-session-check-other only.
    await expect(page.getByTestId('coaching-team-export')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectAxeClean(page);
    if (shots)
      await page.screenshot({ path: `${shots}/dashboard-learner-${view.width}-${view.theme}.png`, fullPage: true });
  });
}

test("[DASHBOARD]: the operator sees the team's figures by user and downloads them as CSV", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, operatorToken);
  await page.goto('/dashboard');
  const team = page.getByTestId('coaching-team');
  await expect(team).toBeVisible();
  await expect(page.getByTestId('coaching-team-sessions')).toHaveText('1');
  await expect(team.getByTestId('coaching-team-user-row')).toHaveCount(1);
  await expect(team.getByTestId('coaching-team-user-row')).toContainText('Lea Learner');
  await expect(page.getByTestId('coaching-team-scenario').locator('option')).toHaveCount(2);
  await expectAxeClean(page);
  if (shots) await page.screenshot({ path: `${shots}/dashboard-team-1280-light.png`, fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByTestId('coaching-team-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^coaching-dashboard-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const [header, total, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toBe(
    'Row type code,Row type,Id,Name,Sessions played,Sessions finished,Wins,Win rate,Average score,Credits used,Scale,Average on its scale',
  );
  expect(total).toMatch(/^total,Total,,All sessions,1,1,0,0,\d/);
  expect(rows.some((row) => row.startsWith('user,User,') && row.includes('Lea Learner'))).toBe(true);
});

test("[DASHBOARD]: the team's part fits 360 px in the dark theme, in French", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await signInWithToken(page, operatorToken, { theme: 'dark', locale: 'fr-FR' });
  await page.goto('/dashboard');
  // The team's part loads when the reader scrolls near it (WhenVisible): scroll as a reader would.
  const team = page.getByRole('heading', { name: 'Mon équipe' });
  await expect(async () => {
    await page.mouse.wheel(0, 1200);
    await expect(team).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByTestId('coaching-team')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  if (shots) await page.screenshot({ path: `${shots}/dashboard-team-360-dark.png`, fullPage: true });
});
