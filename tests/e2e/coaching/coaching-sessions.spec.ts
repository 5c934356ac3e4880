import { expect, test, type Page } from '@playwright/test';
import { builtinChatModel, coachingAuthor, freeBuiltinChatModelId, WINNING_PRICE_LINES } from '../support/coaching.js';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';

// Issue 12 (first screens): a learner opens a library scenario, starts it, chats to a win on the built-in provider and
// reads the result; aborts another; and is refused before starting a paid scenario without the credits, with the price
// and the balance shown. Issue 12, "Done when": the time limit and an [[END]] each give the status end, on the
// built-in provider.
//
// The time limit is the server's timer on the real clock (the e2e server is the product as shipped; the integration
// spec tests/src/coaching/session-time-limit.int.spec.ts takes a shifted clock to the deadline instead), and the
// shortest limit a scenario takes is 30 s: the file's first test starts a 30 s session and walks away, its last one
// reads the ending, and the tests between run while the server's clock gets there instead of the run sitting it out.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learnerToken = '';
let operatorToken = '';
let colleagueToken = '';
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';
let paidScenarioId = '';
let organizationId = '';
let learnerId = '';

/** The endings' learner, in an organization of their own, and its two scenarios on the free built-in model. */
let endingsLearnerToken = '';
/** The shortest time limit a scenario takes. */
const TIME_LIMIT_SECONDS = 30;
let timedScenarioId = '';
let oneTurnScenarioId = '';
/** The session the first test starts on the timed scenario, which the last test finds ended. */
let timedSessionId = '';

type SessionAnswer = { status: string; end_reason: string | null; ends_at: string; ended_at?: string };

const readSession = async (id: string): Promise<SessionAnswer> =>
  (await (
    await setup.api.get(`/v1/coaching/sessions/${id}`, { headers: { authorization: `Bearer ${endingsLearnerToken}` } })
  ).json()) as SessionAnswer;

test.beforeAll(async () => {
  organizationId = await setup.arrange.organization(`Learners ${stamp}`);
  ({ id: learnerId, token: learnerToken } = await setup.arrange.member(organizationId, 'user', {
    first_name: 'Lea',
    last_name: 'Learner',
  }));
  operatorToken = (await setup.arrange.member(organizationId, 'operator', { first_name: 'Olga' })).token;
  colleagueToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Paul' })).token;

  // A scenario on a paid model (2 credits a minute, 2 minutes): the learner, with no credits, cannot start it.
  const modelId = await builtinChatModel(setup.api, setup.arrange, {
    displayName: `Paid coach ${stamp}`,
    creditsPerMinute: 2,
  });
  const author = coachingAuthor(setup.arrange);
  paidScenarioId = await author.scenario({
    name: `Paid talk ${stamp}`,
    persona_id: await author.persona({ name: `Pat ${stamp}` }),
    observer_ids: [await author.observer(`Coach ${stamp}`, modelId)],
    model_id: modelId,
    time_limit_seconds: 120,
  });
});

// Its own hook, so each arrangement has a hook's whole timeout on a loaded machine.
test.beforeAll(async () => {
  // The endings: two scenarios on the free built-in model, one with a 30 s limit, one whose mission allows a single
  // learner turn, after which the built-in persona closes with [[END]] (docs/ai-builtin-provider.md).
  const endingsOrganizationId = await setup.arrange.organization(`Endings ${stamp}`);
  const editorToken = (await setup.arrange.member(endingsOrganizationId, 'editor')).token;
  endingsLearnerToken = (await setup.arrange.member(endingsOrganizationId, 'user')).token;
  const builtinModelId = await freeBuiltinChatModelId(setup.api, editorToken);
  const endingsAuthor = coachingAuthor(setup.arrange, editorToken);
  const personaId = await endingsAuthor.persona({ name: `Robin ${stamp}` });
  const observerId = await endingsAuthor.observer(`Listening coach ${stamp}`, builtinModelId);
  const missionId = await endingsAuthor.mission({
    title: `One question ${stamp}`,
    goal: 'Get the order in one question.',
    success_criteria: ['signed order'],
    turn_limit: 1,
  });
  const scenario = (name: string, fields: Record<string, unknown>) =>
    endingsAuthor.scenario({
      name,
      persona_id: personaId,
      observer_ids: [observerId],
      model_id: builtinModelId,
      ...fields,
    });
  timedScenarioId = await scenario(`Half a minute ${stamp}`, { time_limit_seconds: TIME_LIMIT_SECONDS });
  oneTurnScenarioId = await scenario(`One question ${stamp}`, { mission_id: missionId });
});

const say = async (page: Page, text: string) => {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

const startFromInfo = async (page: Page, scenarioId: string) => {
  await signInWithToken(page, endingsLearnerToken);
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  return page.url().split('play-')[1]!;
};

test('[SESSION]: the time limit ends a session with the end status, even once the learner has left it (the learner starts it and leaves)', async ({
  page,
}) => {
  timedSessionId = await startFromInfo(page, timedScenarioId);
  await expect(page.getByTestId('time-left')).toBeVisible();
  await say(page, 'Hello Robin, how is your week going?');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  // The learner walks away: no screen is left to end the session when its clock reaches zero, the server's timer is
  // (the last test of the file reads the ending).
  await page.goto('/apps/ai-coaching/session/list');
  expect((await readSession(timedSessionId)).status).toBe('free-speech');
});

test('[SESSION]: a learner starts a library scenario, chats to a win and reads the result', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithToken(page, learnerToken);
  await page.goto('/apps/ai-coaching');
  await page.getByRole('link', { name: new RegExp(LIBRARY_SCENARIO) }).click();
  await expect(page).toHaveURL(/\/scenario\/info-/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(LIBRARY_SCENARIO);
  await expect(page.getByTestId('session-price')).toHaveText('Free');
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Start the session' }).click();

  await expect(page).toHaveURL(/\/session\/play-/);
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'coaching-app');
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'in-progress');
  for (const [index, line] of WINNING_PRICE_LINES.entries()) {
    await say(page, line);
    if (index < WINNING_PRICE_LINES.length - 1) {
      await expect(transcript.getByRole('listitem')).toHaveCount(3 + 2 * index);
    }
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await expect(page.getByTestId('session-status')).toHaveText('Won');
  // The markers never reach the learner.
  await expect(transcript).not.toContainText('[[WIN]]');
  await expectAxeClean(page);

  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.locator('[data-layout]')).toHaveAttribute('data-layout', 'coaching-no-sidebar');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await expect(page.getByTestId('session-cost')).toHaveText('0 credits');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(
    1 + 2 * WINNING_PRICE_LINES.length,
  );
  // The observers' reports arrive one by one, then the overall score.
  await expect(page.getByTestId('observer-report')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.getByTestId('report-progress')).toContainText(/Overall score: \d+ \/ 100/);
  await expect(page.locator('[data-testid="observer-report"][data-status="done"]')).toHaveCount(2);
  await expectAxeClean(page);
});

test('[SESSION]: aborting gives the abort status; 360 px in the dark theme, in French', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learnerToken, { theme: 'dark', locale: 'fr-FR' });
  const library = (await (
    await setup.api.get(`/v1/coaching/scenarios?source=library&q=${encodeURIComponent(LIBRARY_SCENARIO)}`, {
      headers: { authorization: `Bearer ${learnerToken}` },
    })
  ).json()) as { items: { id: string }[] };
  await page.goto(`/apps/ai-coaching/scenario/info-${library.items[0]!.id}`);
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Commencer la session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Abandonner' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Abandonner' }).click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'abort');
  await expect(page.getByTestId('session-status')).toHaveText('Abandonnée');
});

test('[SESSION]: without enough credits the learner is refused before starting, with the price and the balance', async ({
  page,
}) => {
  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/scenario/info-${paidScenarioId}`);
  await expect(page.getByTestId('session-price')).toHaveText('Up to 4 credits (2 per started minute)');
  await expect(page.getByTestId('session-balance')).toHaveText('0 credits');
  await expect(page.getByRole('alert')).toContainText('Starting reserves 4 credits and you have 0 credits.');
  await expect(page.getByRole('button', { name: 'Start the session' })).toBeDisabled();
});

test('[SESSION]: the learner lists their sessions; an operator of the organization sees them, a colleague gets 404', async ({
  page,
}) => {
  await signInWithToken(page, learnerToken);
  await page.goto('/apps/ai-coaching');
  // Exact: the recent sessions below end with "All my sessions".
  await page.getByRole('link', { name: 'My sessions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coaching sessions');
  await expectAxeClean(page);
  await page.getByLabel('Status').selectOption('win');
  const won = page.getByTestId('session-row');
  await expect(won).toHaveCount(1);
  await expect(won.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await won.getByRole('link', { name: LIBRARY_SCENARIO }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  const sessionId = page.url().split('result-')[1]!;

  await signInWithToken(page, operatorToken);
  await page.goto('/apps/ai-coaching/session/list?scope=organization&status=win');
  await expect(page.getByTestId('session-row').getByRole('link', { name: LIBRARY_SCENARIO })).toBeVisible();
  const asColleague = await setup.api.get(`/v1/coaching/sessions/${sessionId}`, {
    headers: { authorization: `Bearer ${colleagueToken}` },
  });
  expect(asColleague.status()).toBe(404);
});

test('[SESSION]: a paid session captures its started minutes: the wallet and the organization history show it', async ({
  page,
}) => {
  await setup.arrange.call('POST', `/v1/organizations/allocate_credit/${organizationId}`, { nb_credits: 10 });
  await setup.arrange.call('POST', `/v1/users/allocate_credit/${learnerId}`, { nb_credits: 10 }, operatorToken);
  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/scenario/info-${paidScenarioId}`);
  await expect(page.getByTestId('session-balance')).toHaveText('10 credits');
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'free-speech');
  await say(page, 'Hello Pat, how is your week going?');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: 'End the session' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End the session' }).click();
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'end');
  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page.getByTestId('session-cost')).toHaveText('2 credits');
  const me = (await (
    await setup.api.get('/v1/me', { headers: { authorization: `Bearer ${learnerToken}` } })
  ).json()) as {
    credit_wallet: number;
  };
  expect(me.credit_wallet).toBe(8);

  await signInWithToken(page, operatorToken);
  await page.goto(`/settings/organization/transaction/history/${organizationId}`);
  const consumed = page.locator('[data-testid="movement-row"][data-kind="captured"]');
  await expect(consumed).toHaveCount(1);
  await expect(consumed.getByTestId('movement-amount')).toContainText('2');
});

test('[SESSION]: the persona closing the conversation with [[END]] gives the end status', async ({ page }) => {
  const id = await startFromInfo(page, oneTurnScenarioId);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'in-progress');
  // The mission allows one learner turn: the built-in persona wraps up and writes [[END]].
  await say(page, 'Could we talk about your plans for next year?');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'end');
  await expect(page.getByTestId('session-status')).toHaveText('Ended');
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(3);
  await expect(transcript).not.toContainText('[[END]]');
  expect(await readSession(id)).toMatchObject({ status: 'end', end_reason: 'marker' });
});

test('[SESSION]: the time limit ends a session with the end status, even once the learner has left it (the server ends it)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = timedSessionId;
  expect(id, 'the session the first test started').not.toBe('');
  // Started by the file's first test: by now the tests between have usually taken longer than the limit.
  await expect
    .poll(async () => (await readSession(id)).status, { timeout: (TIME_LIMIT_SECONDS + 30) * 1000, intervals: [1000] })
    .toBe('end');
  const ended = await readSession(id);
  expect(ended).toMatchObject({ end_reason: 'time_limit', ended_at: ended.ends_at });

  await signInWithToken(page, endingsLearnerToken);
  await page.goto(`/apps/ai-coaching/session/result-${id}`);
  // A fresh page (the first test's is gone): the first screen loads the app cold, which a loaded machine may take
  // more than the default 5 s to show.
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'end', { timeout: 15_000 });
  await expect(page.getByTestId('session-status')).toHaveText('Ended');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  // An ending by the time limit is reported like any other.
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
});
