import { expect, test } from '@playwright/test';
import { requestAs, setUpArranger, expectNoSidewaysScroll, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';

// Issue 12 §6, "Ask the coach": on the result page of an ended session, the learner asks the built-in coach what to
// say differently (at 360 px, in both themes' light one, and in French); an operator who checks others only reads.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learnerToken = '';
let operatorToken = '';
let sessionId = '';
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';

const asLearner = (method: 'GET' | 'POST', path: string, data?: unknown) =>
  requestAs(setup.api, learnerToken, method, path, data);

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Coached ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user')).token;
  operatorToken = (await setup.arrange.member(organizationId, 'operator')).token;
  // A session lost on its second turn, played through the API: the screens of play are another spec's.
  const library = (await (
    await asLearner('GET', `/v1/coaching/scenarios?source=library&q=${encodeURIComponent(LIBRARY_SCENARIO)}`)
  ).json()) as { items: { id: string }[] };
  const started = (await (
    await asLearner('POST', '/v1/coaching/sessions', { scenario_id: library.items[0]!.id })
  ).json()) as {
    id: string;
  };
  sessionId = started.id;
  await asLearner('POST', `/v1/coaching/sessions/${sessionId}/turns`, { text: 'Do you have a budget for this?' });
  const lost = await asLearner('POST', `/v1/coaching/sessions/${sessionId}/turns`, {
    text: 'This is our final price, take it or leave it.',
  });
  expect(((await lost.json()) as { status: string }).status).toBe('loose');
});

test('[COACH]: the learner asks the built-in coach what to say differently, at 360 px', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Ask the coach' })).toBeVisible();
  await expectNoSidewaysScroll(page);

  await page.getByRole('button', { name: 'What should I have said differently?' }).click();
  const conversation = page.getByTestId('coach-conversation');
  await expect(conversation).toContainText('The turn to change: in your turn 2 you said “This is our final price');
  await page.getByLabel('Your question').fill('How were my questions?');
  await page.getByLabel('Your question').press('Enter');
  await expect(conversation).toContainText('You asked 1 question: 0 open and 1 closed.');
  await expect(conversation.getByRole('listitem')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);

  // A reload shows the same conversation: it was recorded.
  await page.reload();
  await expect(page.getByTestId('coach-conversation').getByRole('listitem')).toHaveCount(2);
});

test('[COACH]: in French, a new conversation; the operator reads the learner’s conversations and cannot ask', async ({
  page,
}) => {
  await signInWithToken(page, learnerToken, { locale: 'fr-FR', theme: 'dark' });
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Demander au coach' })).toBeVisible();
  await page.getByRole('button', { name: 'Nouvelle conversation' }).click();
  await page.getByRole('button', { name: 'Ai-je trop parlé\u00a0?' }).click();
  // The session was played in English: the coach answers in its language.
  await expect(page.getByTestId('coach-conversation')).toContainText('You spoke');
  // Two conversations now: a choice of which one is shown.
  await expect(page.getByRole('combobox', { name: 'Conversation affichée' })).toBeVisible();
  await expectAxeClean(page);

  await signInWithToken(page, operatorToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByRole('heading', { name: 'Ask the coach' })).toBeVisible();
  await expect(page.getByTestId('coach-conversation')).toContainText('You spoke');
  await expect(page.getByLabel('Your question')).toHaveCount(0);
});

test('[COACH]: the learner deletes a conversation; the other stays', async ({ page }) => {
  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByTestId('coach-conversation')).toContainText('You spoke');
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('coach-conversation')).toContainText('The turn to change');
  await expect(page.getByRole('combobox', { name: 'Conversation shown' })).toHaveCount(0);
});
