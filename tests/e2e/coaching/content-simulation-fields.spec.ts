import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, setUpArranger, signInWithToken, toast } from '../support/arrange.js';
import { expectAxeCleanInBothThemes } from '../support/axe.js';
import { screenshots } from '../support/screenshots.js';

// Issue 25, item 1: the persona and mission editors show the fields the practice engine plays from (what the persona
// knows, its motivations, patience and openness; the mission's objections, success and failure behaviours and
// difficulty). An editor sets them, saves, reloads and finds them kept; a wrong item is told next to its field; the
// learner's preview of the mission keeps the rules to itself.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
const stamp = Date.now();
const names = { persona: `Nadia Keller ${stamp}`, mission: `Keep the Keller account ${stamp}` };
const ids = { persona: '', mission: '' };
let editorToken = '';

const KNOWLEDGE = {
  topic: 'budget',
  keywords: ['money', 'spend', 'cost'],
  says: 'We have forty thousand for the year, and finance wants it to go down.',
  gate: 'open_question',
};
const OBJECTION = 'Your competitor offered us ten percent less.';

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Simulation ${stamp}`);
  editorToken = (await setup.arrange.member(organizationId, 'editor', { first_name: 'Simone' })).token;
});

const read = async (plural: string, id: string) =>
  (await (
    await setup.api.get(`/v1/coaching/${plural}/${id}`, { headers: { authorization: `Bearer ${editorToken}` } })
  ).json()) as Record<string, unknown>;

const createdId = async (page: Page, title: string) => {
  await expect(page).toHaveURL(/\/edit\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(toast(page)).toContainText('created as a draft');
  return page.url().split('/').at(-1)!;
};

test.describe('1280 px', () => {
  test('[COACHING]: an editor sets what a persona knows, wants and bears; a fact without its words is refused', async ({
    page,
  }) => {
    await signInWithToken(page, editorToken);
    await page.goto('/apps/ai-coaching/persona/create');
    await page.getByLabel('Name', { exact: true }).fill(names.persona);

    const section = page.getByRole('group', { name: 'How they converse' });
    await section.getByRole('button', { name: 'Add something they know' }).click();
    const fact = section.getByRole('group', { name: 'Fact 1' });
    await fact.getByLabel('Topic').fill(KNOWLEDGE.topic);
    // Typed as people type lists: the spaces after the commas stay while typing.
    await fact.getByLabel('Keywords').fill('money, spend, cost');
    await expect(fact.getByLabel('Keywords')).toHaveValue('money, spend, cost');
    await fact.getByLabel('What it takes').selectOption({ label: 'An open question' });

    // Nothing said for the fact: refused next to that field, and nothing is created.
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(fact.getByLabel('What they say')).toHaveAttribute('aria-invalid', 'true');
    await expect(fact.getByRole('alert')).toHaveText('Fill in this field.');
    await expect(page).toHaveURL(/\/persona\/create$/);
    await screenshots(page, 'persona-editor-refused');

    await fact.getByLabel('What they say').fill(KNOWLEDGE.says);
    await section.getByRole('button', { name: 'Add a motivation' }).click();
    await section.getByLabel('Hidden motivations, item 1').fill('Wants to look good to her new CFO');
    await section.getByLabel('Patience').selectOption({ label: '2 · Impatient' });
    await section.getByLabel('Openness').selectOption({ label: '2 · Guarded at first' });
    // The preview says the dials in words.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Soon tired of turns that lead nowhere.');
    await expect(preview).toContainText('Guarded at first.');
    await page.getByRole('button', { name: 'Create draft' }).click();
    ids.persona = await createdId(page, names.persona);

    await page.reload();
    await expect(fact.getByLabel('Topic')).toHaveValue(KNOWLEDGE.topic);
    await expect(fact.getByLabel('Keywords')).toHaveValue('money, spend, cost');
    await expect(fact.getByLabel('What they say')).toHaveValue(KNOWLEDGE.says);
    await expect(fact.getByLabel('What it takes')).toHaveValue('open_question');
    await expect(section.getByLabel('Hidden motivations, item 1')).toHaveValue('Wants to look good to her new CFO');
    await expect(section.getByLabel('Patience')).toHaveValue('2');
    await expect(section.getByLabel('Openness')).toHaveValue('2');
    expect(await read('personas', ids.persona)).toMatchObject({
      knowledge: [KNOWLEDGE],
      motivations: ['Wants to look good to her new CFO'],
      patience: 2,
      openness: 2,
    });
  });

  test('[COACHING]: an editor sets a mission’s objections, behaviours and difficulty; the briefing keeps the rules', async ({
    page,
  }) => {
    await signInWithToken(page, editorToken);
    await page.goto('/apps/ai-coaching/mission/create');
    await page.getByLabel('Title').fill(names.mission);
    await page.getByLabel('Goal', { exact: true }).fill('Renew the contract without giving margin away.');

    const rules = page.getByRole('group', { name: 'The conversation’s rules' });
    await rules.getByRole('button', { name: 'Add an objection' }).click();
    const objection = rules.getByRole('group', { name: 'Objection 1' });
    await objection.getByLabel('What the persona says').fill(OBJECTION);
    // A new objection is settled by acknowledging it; with no move at all it could never be settled.
    const moves = objection.getByRole('group', { name: 'Settled once it is' });
    await expect(moves.getByLabel('Acknowledged')).toBeChecked();
    await moves.getByLabel('Acknowledged').uncheck();
    await page.getByRole('button', { name: 'Create draft' }).click();
    await expect(moves.getByRole('alert')).toHaveText('Tick at least one move.');
    await expect(page).toHaveURL(/\/mission\/create$/);
    await screenshots(page, 'mission-editor-refused');

    await moves.getByLabel('Answered with value or evidence').check();
    await moves.getByLabel('Traded, not conceded').check();
    const success = rules.getByRole('group', { name: 'Success behaviours' });
    // The defaults: asked about needs, settled every objection, agreed a next step.
    await expect(success.getByLabel('Agreed a concrete next step')).toBeChecked();
    await success.getByLabel('Summarised what they heard').check();
    const failure = rules.getByRole('group', { name: 'Failure behaviours' });
    await failure.getByLabel('A concession with nothing asked in return').check();
    await expect(rules.getByLabel('Difficulty')).toHaveValue('');
    await rules.getByLabel('Difficulty').selectOption({ label: '4 · Hard' });

    // What the learner reads before starting: the goal, not the rules.
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview).toContainText('Renew the contract without giving margin away.');
    await expect(preview).not.toContainText(OBJECTION);
    await expect(preview).not.toContainText('Summarised');
    await expect(preview).not.toContainText('concession');

    await page.getByRole('button', { name: 'Create draft' }).click();
    ids.mission = await createdId(page, names.mission);

    await page.reload();
    await expect(objection.getByLabel('What the persona says')).toHaveValue(OBJECTION);
    await expect(moves.getByLabel('Acknowledged')).not.toBeChecked();
    await expect(moves.getByLabel('Answered with value or evidence')).toBeChecked();
    await expect(moves.getByLabel('Traded, not conceded')).toBeChecked();
    await expect(success.getByLabel('Summarised what they heard')).toBeChecked();
    await expect(failure.getByLabel('A concession with nothing asked in return')).toBeChecked();
    await expect(rules.getByLabel('Difficulty')).toHaveValue('4');
    expect(await read('missions', ids.mission)).toMatchObject({
      objections: [{ text: OBJECTION, resolved_by: ['value', 'trade'] }],
      success_behaviours: ['asked_about_needs', 'resolved_every_objection', 'agreed_next_step', 'summarised'],
      failure_behaviours: ['rudeness', 'unconditional_concession'],
      difficulty: 4,
    });

    // "The persona's own" difficulty is null again.
    await rules.getByLabel('Difficulty').selectOption({ label: 'The persona’s own' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page)).toContainText('Changes saved.');
    expect(await read('missions', ids.mission)).toMatchObject({ difficulty: null });
  });
});

test.describe('360 px', () => {
  for (const locale of ['en-GB', 'fr-FR'] as const) {
    test(`[COACHING]: both editors with their items fit 360 px and pass axe in both themes (${locale})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 360, height: 800 });
      await signInWithToken(page, editorToken, { locale });
      for (const [kind, id] of [
        ['persona', ids.persona],
        ['mission', ids.mission],
      ] as const) {
        await test.step(kind, async () => {
          await page.goto(`/apps/ai-coaching/${kind}/edit/${id}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expectAxeCleanInBothThemes(page);
          await expectNoSidewaysScroll(page);
          await screenshots(page, `${kind}-editor-${locale}`);
        });
      }
    });
  }
});
