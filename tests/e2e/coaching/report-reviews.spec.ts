import { expect, test, type Page } from '@playwright/test';
import { setUpArranger, signInWithToken } from '../support/arrange.js';
import { axeViolations } from '../support/axe.js';
import { WINNING_PRICE_LINES } from '../support/coaching.js';

// Issue 12 §5: a reviewer corrects a criterion of a learner's report on the result page, everyone sees the correction
// beside the observer's score; an operator re-runs the reports of a scenario from the sessions list and follows the
// job to the end.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learnerToken = '';
let operatorToken = '';
let sessionId = '';
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';

const axe = async (page: Page) => {
  expect(await axeViolations(page)).toEqual([]);
};

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const organizationId = await setup.arrange.organization(`Reviews ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Lea', last_name: 'Reviewer' }))
    .token;
  operatorToken = (
    await setup.arrange.member(organizationId, 'operator', { first_name: 'Olga', last_name: 'Reviewer' })
  ).token;
  // The learner plays the library scenario to a win over the API; its report is then written in the background.
  const as = { authorization: `Bearer ${learnerToken}` };
  const library = (await (
    await setup.api.get(`/v1/coaching/scenarios?source=library&q=${encodeURIComponent(LIBRARY_SCENARIO)}`, {
      headers: as,
    })
  ).json()) as { items: { id: string }[] };
  const started = (await (
    await setup.api.post('/v1/coaching/sessions', { headers: as, data: { scenario_id: library.items[0]!.id } })
  ).json()) as { id: string };
  sessionId = started.id;
  for (const text of WINNING_PRICE_LINES) {
    expect(
      (await setup.api.post(`/v1/coaching/sessions/${sessionId}/turns`, { headers: as, data: { text } })).status(),
    ).toBe(200);
  }
  await expect
    .poll(
      async () => {
        const report = await setup.api.get(`/v1/coaching/sessions/${sessionId}/analysis`, { headers: as });
        return report.status() === 200 ? ((await report.json()) as { status: string }).status : 'none';
      },
      { timeout: 30_000 },
    )
    .toBe('done');
});

test('[SESSION]: a reviewer corrects a criterion with a comment, and the learner sees it beside the original', async ({
  page,
}) => {
  await signInWithToken(page, operatorToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Correct the score of Discovery' }).click();
  const form = page.getByTestId('correction-form');
  await form.getByLabel('Corrected score').selectOption('1');
  await form.getByRole('button', { name: 'Save the correction' }).click();
  // The comment is required, and said next to its field.
  await expect(form.getByRole('alert')).toHaveText('Say why the score is corrected.');
  await axe(page);
  await form.getByLabel('Comment').fill('Only one open question, and no follow-up.');
  await form.getByRole('button', { name: 'Save the correction' }).click();
  await expect(form).toHaveCount(0);
  const correction = page.getByTestId('criterion-correction');
  await expect(correction).toHaveCount(1);
  await expect(correction).toContainText('Corrected by Olga Reviewer on');
  await expect(correction).toContainText('Only one open question, and no follow-up.');
  const row = page.getByTestId('report-criterion').filter({ has: correction });
  await expect(row.getByTestId('corrected-score')).toContainText('→ 1 / 5');
  await expect(row).toContainText(/Scored \d \/ 5 by the observer, corrected to 1 \/ 5/);
  await axe(page);

  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByTestId('criterion-correction')).toContainText('Only one open question');
  // A learner holds no correction right.
  await expect(page.getByRole('button', { name: /^Correct the score of/ })).toHaveCount(0);
});

test('[SESSION]: an operator re-runs the reports of a scenario and follows the job to 100 %', async ({ page }) => {
  await signInWithToken(page, operatorToken);
  await page.goto('/apps/ai-coaching/session/list?scope=organization');
  await page.getByRole('button', { name: 'Re-run reports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-run analysis reports' });
  await dialog.getByLabel('Scenario').selectOption({ label: LIBRARY_SCENARIO });
  await axe(page);
  await dialog.getByRole('button', { name: 'Re-run', exact: true }).click();
  await expect(dialog.getByTestId('rerun-job')).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(dialog).toContainText('Done: 1 session re-run, 0 left as they were');
  await expect(dialog.getByRole('progressbar')).toHaveAttribute('value', '100');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The session's report has a version 2; version 1 and its correction stay readable.
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByLabel('Report version')).toHaveValue('2', { timeout: 30_000 });
  await page.getByLabel('Report version').selectOption('1');
  await expect(page.getByTestId('criterion-correction')).toContainText('Only one open question');
});
