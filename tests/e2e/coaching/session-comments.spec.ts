import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, requestAs, setUpArranger, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';
import { WINNING_PRICE_LINES } from '../support/coaching.js';
import { screenshots } from '../support/screenshots.js';

// Issue 27 §5, manager review: an operator comments on a turn of a learner's finished session (for the learner) and
// on the whole session (for the managers only), at 1280 px; the learner, mailed, reads the turn's comment on their
// result page at 360 px in the dark theme, not the managers' one, and replies; the operator reads the reply.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let learner = { token: '', email: '' };
let operatorToken = '';
let sessionId = '';
const stamp = Date.now();
const LIBRARY_SCENARIO = 'Price negotiation: the sceptical buyer';
const TURN_COMMENT = 'Good open question: you let the buyer talk first.';
const MANAGERS_COMMENT = 'Ready for the advanced scenario next month.';

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const organizationId = await setup.arrange.organization(`Review ${stamp}`);
  const member = await setup.arrange.member(organizationId, 'user', { first_name: 'Lina', last_name: 'Learner' });
  learner = { token: member.token, email: member.email };
  operatorToken = (await setup.arrange.member(organizationId, 'operator', { first_name: 'Mona', last_name: 'Manager' }))
    .token;
  // The learner plays the library scenario to a win over the API: the screens of play are another spec's.
  const asLearner = (method: string, path: string, data?: unknown) =>
    requestAs(setup.api, learner.token, method, path, data);
  const library = (await (
    await asLearner('GET', `/v1/coaching/scenarios?source=library&q=${encodeURIComponent(LIBRARY_SCENARIO)}`)
  ).json()) as { items: { id: string }[] };
  sessionId = (
    (await (await asLearner('POST', '/v1/coaching/sessions', { scenario_id: library.items[0]!.id })).json()) as {
      id: string;
    }
  ).id;
  for (const text of WINNING_PRICE_LINES) {
    expect((await asLearner('POST', `/v1/coaching/sessions/${sessionId}/turns`, { text })).status()).toBe(200);
  }
});

test('[SESSION]: a manager comments on a turn for the learner, and on the session for the managers only', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, operatorToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  const review = page.getByRole('region', { name: 'Review comments' });
  await expect(review).toContainText('No comment on the session as a whole yet.');

  // The learner's first turn is the transcript's second (the persona greets first).
  await page.getByRole('button', { name: 'Comment on turn 2' }).click();
  const turn = page.getByTestId('turn-comments').filter({ has: page.getByLabel('Your comment on turn 2') });
  await turn.getByLabel('Your comment on turn 2').fill(TURN_COMMENT);
  await expect(turn.getByRole('radio', { name: 'The learner and the managers' })).toBeChecked();
  await turn.getByRole('button', { name: 'Post the comment' }).click();
  const onTurn = page.getByRole('list', { name: 'Comments on turn 2' });
  await expect(onTurn).toContainText(TURN_COMMENT);
  await expect(onTurn).toContainText('You');

  await review.getByLabel('Your comment on the session').fill(MANAGERS_COMMENT);
  await review.getByRole('radio', { name: 'Managers only' }).check();
  await review.getByRole('button', { name: 'Post the comment' }).click();
  const onSession = review.getByRole('list', { name: 'Comments on the whole session' });
  await expect(onSession).toContainText(MANAGERS_COMMENT);
  await expect(onSession).toContainText('Managers only');
  await expect(review).toContainText('1 comment is about a turn');
  await expectAxeClean(page);
  await screenshots(page, 'session-comments-manager');

  // The learner is told by mail, with a link to the result page; the managers' comment is not theirs to hear of.
  const mail = await setup.sink.waitFor(
    (message) =>
      JSON.stringify(message.to).includes(learner.email) &&
      message.subject === 'Mona Manager commented on your practice session',
    15_000,
  );
  expect(mail.text).toContain(`/apps/ai-coaching/session/result-${sessionId}`);
});

test('[SESSION]: the learner reads the turn’s comment on their result page at 360 px, and replies', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learner.token, { theme: 'dark' });
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  const onTurn = page.getByRole('list', { name: 'Comments on turn 2' });
  await expect(onTurn).toContainText(TURN_COMMENT);
  await expect(onTurn).toContainText('Mona Manager');
  await expect(page.getByText(MANAGERS_COMMENT)).toHaveCount(0);
  // Learners reply; they neither start threads nor comment on turns.
  await expect(page.getByRole('button', { name: /^Comment on turn/ })).toHaveCount(0);
  await expect(page.getByLabel('Your comment on the session')).toHaveCount(0);

  await onTurn.getByRole('button', { name: 'Reply' }).click();
  await onTurn.getByLabel('Your reply').fill('Thanks, I will keep asking first.');
  await onTurn.getByRole('button', { name: 'Send the reply' }).click();
  const replies = onTurn.getByRole('list', { name: 'Replies' });
  await expect(replies).toContainText('Thanks, I will keep asking first.');
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
  await screenshots(page, 'session-comments-learner');

  await signInWithToken(page, operatorToken);
  await page.goto(`/apps/ai-coaching/session/result-${sessionId}`);
  await expect(page.getByRole('list', { name: 'Replies' })).toContainText('Lina Learner');
});
