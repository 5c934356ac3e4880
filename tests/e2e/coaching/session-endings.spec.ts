import { expect, test, type Page } from '@playwright/test';
import { coachingAuthor, freeBuiltinChatModelId } from '../support/coaching.js';
import { setUpArranger, signInWithToken } from '../support/arrange.js';

// Issue 12, "Done when": the time limit and an [[END]] each give the status end, on the built-in provider. Abort, the
// refusal without credits and the operator's read are in coaching-sessions.spec.ts.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learnerToken = '';
const stamp = Date.now();
/** The shortest time limit a scenario takes. */
const TIME_LIMIT_SECONDS = 30;
let timedScenarioId = '';
let oneTurnScenarioId = '';

type SessionAnswer = { status: string; end_reason: string | null; ends_at: string; ended_at?: string };

const readSession = async (id: string): Promise<SessionAnswer> =>
  (await (
    await setup.api.get(`/v1/coaching/sessions/${id}`, { headers: { authorization: `Bearer ${learnerToken}` } })
  ).json()) as SessionAnswer;

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Endings ${stamp}`);
  const editorToken = (await setup.arrange.member(organizationId, 'editor')).token;
  learnerToken = (await setup.arrange.member(organizationId, 'user')).token;

  // Two scenarios on the free built-in model: one with a 30 s limit, one whose mission allows a single learner turn,
  // after which the built-in persona closes with [[END]] (docs/ai-builtin-provider.md).
  const builtinModelId = await freeBuiltinChatModelId(setup.api, editorToken);
  const author = coachingAuthor(setup.arrange, editorToken);
  const personaId = await author.persona({ name: `Robin ${stamp}` });
  const observerId = await author.observer(`Listening coach ${stamp}`, builtinModelId);
  const missionId = await author.mission({
    title: `One question ${stamp}`,
    goal: 'Get the order in one question.',
    success_criteria: ['signed order'],
    turn_limit: 1,
  });
  const scenario = (name: string, fields: Record<string, unknown>) =>
    author.scenario({ name, persona_id: personaId, observer_ids: [observerId], model_id: builtinModelId, ...fields });
  timedScenarioId = await scenario(`Half a minute ${stamp}`, { time_limit_seconds: TIME_LIMIT_SECONDS });
  oneTurnScenarioId = await scenario(`One question ${stamp}`, { mission_id: missionId });
});

const say = async (page: Page, text: string) => {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

const startFromInfo = async (page: Page, scenarioId: string) => {
  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);
  return page.url().split('play-')[1]!;
};

test('[SESSION]: the time limit ends a session with the end status, even once the learner has left it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = await startFromInfo(page, timedScenarioId);
  await expect(page.getByTestId('time-left')).toBeVisible();
  await say(page, 'Hello Robin, how is your week going?');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  // The learner walks away: no screen is left to end the session when its clock reaches zero, the server's timer is.
  await page.goto('/apps/ai-coaching/session/list');
  expect((await readSession(id)).status).toBe('free-speech');
  await expect
    .poll(async () => (await readSession(id)).status, { timeout: (TIME_LIMIT_SECONDS + 30) * 1000, intervals: [1000] })
    .toBe('end');
  const ended = await readSession(id);
  expect(ended).toMatchObject({ end_reason: 'time_limit', ended_at: ended.ends_at });

  await page.goto(`/apps/ai-coaching/session/result-${id}`);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'end');
  await expect(page.getByTestId('session-status')).toHaveText('Ended');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(3);
  // An ending by the time limit is reported like any other.
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
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
