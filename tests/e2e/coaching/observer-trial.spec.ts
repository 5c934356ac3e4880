import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken } from '../support/arrange.js';
import { expectAxeCleanInBothThemes } from '../support/axe.js';
import { WINNING_PRICE_LINES } from '../support/coaching.js';
import { screenshots } from '../support/screenshots.js';

// Issue 25 item 9: an editor tries an observer, never saved, on a pasted transcript before publishing it, and reads
// the scores it would give with the learner's words as evidence (docs/coaching-content.md, "Trying an observer").

const setup = setUpArranger();

const stamp = Date.now();
/** A strong conversation of the starter corpus, as an editor would paste it: the learner's lines and Margaret's. */
const PASTED = WINNING_PRICE_LINES.flatMap((line, index) => [
  `Me: ${line}`,
  `Margaret: ${['Fine, thank you.', 'The price, frankly.', 'Much the same, for less.', 'I see.', 'Hmm.', 'Agreed.', 'Thursday works.'][index] ?? 'I see.'}`,
]).join('\n');
const WEAK = STARTER_CORPUS.price['en-GB'].weak[0]!.map((line) => `You: ${line}`).join('\nMargaret: Really?\n');
let editorToken = '';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Trial ${stamp}`);
  editorToken = (await setup.arrange.member(organizationId, 'editor', { first_name: 'Edith' })).token;
});

test('[COACHING]: an editor tries an unsaved observer on a pasted transcript and reads its scores with evidence', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, editorToken);
  await page.goto('/apps/ai-coaching/observer/create');
  await page.getByLabel('Name', { exact: true }).fill(`Negotiation coach ${stamp}`);
  const criteria = [
    ['Discovery', 'Asks open questions about the buyer’s needs before pitching.', '1_5'],
    ['Objection handling', 'Acknowledges each objection and answers it with value.', '1_10'],
    ['Next step', 'Agrees a concrete next step.', 'pass_fail'],
  ] as const;
  for (const [index, [name, good, scale]] of criteria.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a criterion' }).click();
    const criterion = page.getByRole('listitem').filter({ hasText: `Criterion ${index + 1}` });
    await criterion.getByLabel('Criterion', { exact: true }).fill(name);
    await criterion.getByLabel('What good looks like').fill(good);
    await criterion.getByLabel('Scale').selectOption(scale);
  }
  await page.getByLabel('AI model').selectOption({ label: 'Built-in coach' });

  // Collapsed until asked for.
  const trial = page.getByTestId('observer-trial');
  await expect(trial.getByLabel('Transcript')).toHaveCount(0);
  await trial.getByRole('button', { name: 'Try it on a transcript' }).click();
  await expect(trial.getByText('You have no ended sessions yet: paste a transcript.')).toBeVisible();

  // Nothing pasted: said next to the field, nothing sent.
  await trial.getByRole('button', { name: 'Try the observer' }).click();
  await expect(trial.getByLabel('Transcript')).toHaveAccessibleDescription(/Paste a transcript first\./);
  await trial.getByLabel('Transcript').fill('Hello there\nMe: Hi');
  await trial.getByRole('button', { name: 'Try the observer' }).click();
  await expect(trial.getByRole('alert')).toHaveText(
    'Line 1 does not say who speaks: start it with “Me:” or the persona’s name.',
  );

  // Judged against the library's price renewal (its persona's objections): a weak conversation first, then a strong
  // one, which scores higher.
  await trial.getByLabel('Judged against (optional)').selectOption({ label: 'Price negotiation: the sceptical buyer' });
  await trial.getByLabel('Transcript').fill(WEAK);
  await trial.getByRole('button', { name: 'Try the observer' }).click();
  const overall = trial.getByTestId('observer-trial-overall');
  await expect(overall).toHaveText(/^\d+\/100$/, { timeout: 20_000 });
  const weakScore = Number((await overall.textContent())!.split('/')[0]);

  await trial.getByLabel('Transcript').fill(PASTED);
  await trial.getByRole('button', { name: 'Try the observer' }).click();
  await expect(trial.getByRole('button', { name: 'Try the observer' })).toBeEnabled({ timeout: 20_000 });
  await expect(overall).toHaveText(/^\d+\/100$/);
  const strongScore = Number((await overall.textContent())!.split('/')[0]);
  expect(strongScore).toBeGreaterThan(weakScore);

  // The observer runs on the built-in model: the editor says it judges by rules.
  await expect(page.getByTestId('scripted-practice')).toContainText('judges by rules');
  // Each criterion has its score, and the learner's own words as evidence, with the turn they come from.
  const result = trial.getByTestId('observer-trial-result');
  for (const [name] of criteria) {
    const evidence = result.getByRole('list', { name: `Evidence for ${name}` });
    const quotes = await evidence.locator('q').allTextContents();
    expect(quotes.length, name).toBeGreaterThan(0);
    for (const quote of quotes) {
      expect(
        WINNING_PRICE_LINES.some((line) => line.includes(quote.replace(/[.?!…]+$/, ''))),
        quote,
      ).toBe(true);
    }
    await expect(evidence.getByText(/^Turn \d+$/).first()).toBeVisible();
  }
  await expect(result.getByText(/^(\d+\/(5|10)|Passed|Failed)$/)).toHaveCount(3);

  // Nothing was saved: the observer is still a form to create.
  await expect(page).toHaveURL(/\/observer\/create$/);
  await expectAxeCleanInBothThemes(page);
  await screenshots(page, 'observer-trial', page.getByTestId('observer-trial'));
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSidewaysScroll(page);
});

test('[COACHING]: in French at 360 px, an editor tries an observer on one of their ended sessions', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A session of the library's price renewal, played to a win through the API.
  const library = (await (
    await setup.api.get('/v1/coaching/scenarios?source=library&page_size=48&status=published', {
      headers: { authorization: `Bearer ${editorToken}` },
    })
  ).json()) as { items: { id: string; name: string }[] };
  const price = library.items.find((item) => item.name === 'Price negotiation: the sceptical buyer')!;
  const session = await setup.arrange.call('POST', '/v1/coaching/sessions', { scenario_id: price.id }, editorToken);
  for (const text of WINNING_PRICE_LINES) {
    await setup.arrange.call('POST', `/v1/coaching/sessions/${session.id}/turns`, { text }, editorToken);
  }

  await page.setViewportSize({ width: 360, height: 800 });
  await signInWithToken(page, editorToken, { locale: 'fr-FR' });
  await page.goto('/apps/ai-coaching/observer/create');
  await page.getByLabel('Nom', { exact: true }).fill(`Coach d’écoute ${stamp}`);
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Critère 1' })
    .getByLabel('Critère', { exact: true })
    .fill('Découverte');
  const trial = page.getByTestId('observer-trial');
  await trial.getByRole('button', { name: 'L’essayer sur une transcription' }).click();
  const source = trial.getByLabel('Ce qu’il faut juger');
  await expect(source.locator('option')).toHaveCount(2);
  await source.selectOption({ index: 1 });
  await expect(source.locator('option').nth(1)).toContainText('gagnée');
  // A session is judged against its own scenario: neither the pasted transcript nor a scenario is asked for.
  await expect(trial.getByLabel('Transcription')).toHaveCount(0);
  await expect(trial.getByLabel('Jugée d’après (facultatif)')).toHaveCount(0);
  await trial.getByRole('button', { name: 'Essayer l’observateur' }).click();
  await expect(trial.getByTestId('observer-trial-overall')).toHaveText(/^\d+\/100$/, { timeout: 20_000 });
  await expect(page.getByTestId('scripted-practice')).toContainText('Entraînement scénarisé (hors ligne)');
  const quotes = await trial.getByRole('list', { name: 'Preuves pour Découverte' }).locator('q').allTextContents();
  expect(quotes.length).toBeGreaterThan(0);
  await expectNoSidewaysScroll(page);
  await screenshots(page, 'observer-trial-session-fr', page.getByTestId('observer-trial'));
});
