import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';
import { screenshots } from '../support/screenshots.js';

// Issue 25: the built-in practice engine as a learner meets it, in French on a phone. A starter scenario played to a
// win by a learner who never read its rules (a strong conversation of the starter corpus), a report whose every score
// rests on the learner's own words, and a coach who answers two questions two different ways.

const setup = setUpArranger();

const stamp = Date.now();
const SCENARIO = 'Négociation : l’acheteuse sceptique';
const LINES = STARTER_CORPUS.price['fr-FR'].strong[0]!;
let learnerToken = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Pratique ${stamp}`);
  learnerToken = (await setup.arrange.member(organizationId, 'user', { first_name: 'Léa' })).token;
});

test('[PRACTICE]: a learner wins a starter scenario in French at 360 px, reads the evidence and asks the coach twice', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, learnerToken, { locale: 'fr-FR' });
  await page.goto('/apps/ai-coaching');
  await page.getByRole('link', { name: new RegExp(SCENARIO) }).click();
  await expect(page).toHaveURL(/\/scenario\/info-/);
  // Said before starting: the built-in provider plays by rules.
  await expect(page.getByTestId('scripted-practice')).toContainText('Entraînement scénarisé (hors ligne)');
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'scenario-info');
  await page.getByRole('button', { name: 'Commencer la session' }).click();

  await expect(page).toHaveURL(/\/session\/play-/);
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  for (const [index, line] of LINES.entries()) {
    await page.getByLabel('Votre message').fill(line);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    if (index < LINES.length - 1) await expect(transcript.getByRole('listitem')).toHaveCount(3 + 2 * index);
  }
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win', { timeout: 20_000 });
  await screenshots(page, 'session-play');
  // No persona line said twice.
  const personaLines = await transcript
    .getByRole('listitem')
    .evaluateAll((items) => items.filter((_, index) => index % 2 === 0).map((item) => item.textContent ?? ''));
  expect(new Set(personaLines).size).toBe(personaLines.length);
  await expectNoSidewaysScroll(page);

  await page.getByRole('link', { name: 'Voir le résultat' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.getByTestId('scripted-practice').first()).toContainText('Entraînement scénarisé (hors ligne)');
  await expect(page.locator('[data-testid="observer-report"][data-status="done"]')).toHaveCount(2, {
    timeout: 30_000,
  });
  // The report says who judged it: the built-in observers, by rules.
  await expect(page.getByTestId('scripted-practice').filter({ hasText: 'a établi ce rapport' })).toBeVisible();
  // Every score rests on the learner's words: each criterion quotes at least one sentence the learner typed.
  const rows = page.getByTestId('report-criterion');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const quotes = await rows.nth(index).locator('q').allTextContents();
    expect(quotes.length, `criterion ${index}`).toBeGreaterThan(0);
    for (const quote of quotes)
      expect(
        LINES.some((line) => line.includes(quote)),
        quote,
      ).toBe(true);
  }
  await expectAxeClean(page);
  await screenshots(page, 'session-result');

  // Two questions, two different answers, each about what was asked.
  const conversation = page.getByTestId('coach-conversation');
  await page.getByRole('button', { name: 'Qu’aurais-je dû dire autrement ?' }).click();
  await expect(conversation.getByRole('listitem')).toHaveCount(1, { timeout: 20_000 });
  // Its answer in full before the next question (the question box waits while the coach answers).
  await expect(conversation.getByRole('listitem').nth(0)).toContainText('Le tour à changer', { timeout: 20_000 });
  await expect(page.getByLabel('Votre question')).toBeEnabled();
  await page.getByLabel('Votre question').fill('Que voulait-elle vraiment, sans le dire ?');
  await page.getByLabel('Votre question').press('Enter');
  await expect(conversation.getByRole('listitem')).toHaveCount(2, { timeout: 20_000 });
  await expect(conversation.getByRole('listitem').nth(1)).toContainText('voulait sans le dire');
  const answers = await conversation.getByRole('listitem').allTextContents();
  expect(answers[0]).not.toBe(answers[1]);
  await expectNoSidewaysScroll(page);
  await expectAxeClean(page);
});
