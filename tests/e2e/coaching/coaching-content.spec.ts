import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';
import { screenshots } from '../support/screenshots.js';

// Issue 11, "Done when": an editor builds a role-play from its parts, copies, forks library content, publishes a new
// version and is told what still uses a persona it tries to delete. Then the same screens at 360 px and under axe.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let editorToken = '';
const stamp = Date.now();
const editor = { email: `author-${stamp}@e2e.test`, password: 'Author-Passw0rd!' };
const names = {
  persona: `Alex Martin ${stamp}`,
  mission: `Win the renewal ${stamp}`,
  observer: `Negotiation coach ${stamp}`,
  scenario: `Renewal with Alex ${stamp}`,
  playlist: `Sales basics ${stamp}`,
  program: `Sales onboarding ${stamp}`,
  library: `Library Lou ${stamp}`,
};
const ids = { library: '', secondObserver: '' };

const png = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Authors ${stamp}`);
  editorToken = (
    await setup.arrange.member(organizationId, 'editor', { ...editor, first_name: 'Edda', last_name: 'Editor' })
  ).token;
  // Platform library content, as super-admins publish it.
  ids.library = (
    await setup.arrange.call('POST', '/v1/coaching/personas', {
      name: names.library,
      language: 'en-GB',
      job_title: 'Procurement lead',
      company: 'Nordwind',
    })
  ).id;
  await setup.arrange.call('POST', `/v1/coaching/personas/${ids.library}/publish`);
});

/** Chooses a picture for an image field, confirms the crop and waits for the upload. */
const uploadImage = async (page: Page, field: string, file: Buffer) => {
  const group = page.getByRole('group', { name: field, exact: true });
  const chooser = page.waitForEvent('filechooser');
  await group.getByRole('button', { name: 'Choose an image' }).click();
  await (await chooser).setFiles({ name: 'picture.png', mimeType: 'image/png', buffer: file });
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Use this image' }).click();
  await expect(dialog).toBeHidden();
  await expect(group.getByRole('img', { name: `Current image: ${field}` })).toHaveAttribute(
    'src',
    /\/api\/image\/uploads\//,
  );
};

const created = async (page: Page, title: string) => {
  await expect(page).toHaveURL(/\/edit\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  return page.url().split('/').at(-1)!;
};

test('[COACHING]: an editor builds a persona, a mission, an observer, a scenario and a playlist', async ({ page }) => {
  test.setTimeout(120_000);
  await signInWithToken(page, editorToken);
  await page.goto('/apps/ai-coaching');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('AI coaching');
  await page.getByRole('link', { name: 'Personas' }).click();
  await page.getByRole('link', { name: 'New persona' }).first().click();

  // Persona, with an uploaded avatar; the preview says how it will introduce itself.
  await page.getByLabel('Name', { exact: true }).fill(names.persona);
  await page.getByLabel('Job title').fill('Head of Procurement');
  await page.getByLabel('Company').fill('Nordwind');
  await page.getByLabel('Mood').selectOption('sceptical');
  await uploadImage(page, 'Avatar', await png(800, 600, '#3b82f6'));
  await expect(page.getByTestId('persona-greeting')).toHaveText(
    `${names.persona}, Head of Procurement at Nordwind. I've heard a lot of pitches this week, so tell me why this one is different.`,
  );
  await page.getByRole('button', { name: 'Create draft' }).click();
  await created(page, names.persona);
  await expect(toast(page)).toContainText('created as a draft');

  // Mission, with an uploaded image and a success criterion.
  await page.goto('/apps/ai-coaching/mission/create');
  await page.getByLabel('Title').fill(names.mission);
  await page.getByLabel('Goal', { exact: true }).fill('Renew the contract at the current price.');
  await page.getByRole('button', { name: 'Add a success criterion' }).click();
  await page.getByLabel('Success criteria, item 1').fill('agree to renew');
  await page.getByLabel('Time limit (minutes)').fill('10');
  await uploadImage(page, 'Image', await png(1800, 1200, '#16a34a'));
  await page.getByRole('button', { name: 'Create draft' }).click();
  await created(page, names.mission);

  // Observer with a three-criterion rubric; its preview shows each criterion's share of the score.
  await page.goto('/apps/ai-coaching/observer/create');
  await page.getByLabel('Name', { exact: true }).fill(names.observer);
  const criteria = [
    ['Opening', '1_5', '1'],
    ['Handling objections', '1_10', '2'],
    ['Closing', 'pass_fail', '1'],
  ] as const;
  for (const [index, [name, scale, weight]] of criteria.entries()) {
    if (index > 0) await page.getByRole('button', { name: 'Add a criterion' }).click();
    const criterion = page.getByRole('listitem').filter({ hasText: `Criterion ${index + 1}` });
    await criterion.getByLabel('Criterion', { exact: true }).fill(name);
    await criterion.getByLabel('Scale').selectOption(scale);
    await criterion.getByLabel('Weight').fill(weight);
  }
  await expect(page.getByRole('row', { name: /Handling objections/ })).toContainText('50%');
  // A new observer runs on the built-in model: the editor says it judges by rules.
  await expect(page.getByTestId('scripted-practice')).toContainText('judges by rules');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await created(page, names.observer);

  // A second observer, arranged through the API.
  ids.secondObserver = (
    await setup.arrange.call(
      'POST',
      '/v1/coaching/observers',
      {
        name: `Listening coach ${stamp}`,
        rubric: [{ name: 'Listens', description: '', scale: '1_5', weight: 1, not_relevant_when: null }],
        model_id: (await builtinModelId()).id,
      },
      editorToken,
    )
  ).id;

  // The scenario combines them, with both observers; the preview shows the price before a learner starts.
  await page.goto('/apps/ai-coaching/scenario/create');
  await page.getByLabel('Name', { exact: true }).fill(names.scenario);
  await page.getByLabel('Persona', { exact: true }).selectOption({ label: `${names.persona} (draft)` });
  await page.getByLabel('Mission', { exact: true }).selectOption({ label: `${names.mission} (draft)` });
  await page.getByLabel('Add an observer').selectOption({ label: `${names.observer} (draft)` });
  await page.getByLabel('Add an observer').selectOption({ label: `Listening coach ${stamp} (draft)` });
  // The built-in model costs nothing: the price says so before anyone starts.
  await expect(page.getByTestId('scenario-price')).toHaveText('Free');
  // It plays by rules, the editor says; in live voice, that learners type their turns and hear the answers.
  await expect(page.getByTestId('scripted-practice')).toContainText('Scripted practice (offline)');
  await page.getByLabel('Mode', { exact: true }).selectOption('voice');
  await expect(page.getByTestId('scripted-practice')).toContainText('They type their turns');
  await page.getByLabel('Mode', { exact: true }).selectOption('text');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await created(page, names.scenario);
  await expect(page.getByText(`1. ${names.observer} (draft)`)).toBeVisible();
  await expect(page.getByText(`2. Listening coach ${stamp} (draft)`)).toBeVisible();

  // The playlist orders scenarios.
  await page.goto('/apps/ai-coaching/playlist/create');
  await page.getByLabel('Name', { exact: true }).fill(names.playlist);
  await page.getByLabel('Add a scenario').selectOption({ label: `${names.scenario} (draft)` });
  await page.getByRole('button', { name: 'Create draft' }).click();
  await created(page, names.playlist);
});

test('[PROGRAM]: an editor builds a program of a library playlist and scenario, with its pass rule, and publishes it', async ({
  page,
}) => {
  await signInWithToken(page, editorToken);
  await page.goto('/apps/ai-coaching');
  await page.getByRole('link', { name: 'New program' }).click();
  await expect(page).toHaveURL(/\/program\/create$/);
  await page.getByLabel('Name', { exact: true }).fill(names.program);
  await page.getByLabel('Add a scenario or a playlist').selectOption({
    label: 'Scenario: Price negotiation: the sceptical buyer',
  });
  await page.getByLabel('Add a scenario or a playlist').selectOption({
    label: 'Playlist: Difficult conversations: first steps',
  });
  // The playlist first: learners play the items in this order.
  await page.getByRole('button', { name: 'Move up Playlist: Difficult conversations: first steps' }).click();
  const items = page.getByRole('group', { name: 'Scenarios and playlists' }).getByRole('listitem');
  await expect(items.nth(0)).toContainText('1. Playlist: Difficult conversations: first steps');
  await expect(items.nth(1)).toContainText('2. Scenario: Price negotiation: the sceptical buyer');
  // Out of bounds, said next to the rule.
  await page.getByLabel('Minimum score (0–100)').fill('120');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByRole('group', { name: 'Pass rule' }).getByRole('alert')).toContainText('at most 100');
  await page.getByLabel('Minimum score (0–100)').fill('80');
  await page.getByLabel('Attempts per item').fill('3');
  await page.getByLabel('Attempt that counts').selectOption({ label: 'The last one' });
  await page.getByLabel('Unlock items in order').check();
  await expect(page.getByText('Each item is passed with a score of at least 80.')).toBeVisible();
  await expect(page.getByText('3 attempts per item; the last attempt counts. Items unlock in order.')).toBeVisible();
  await screenshots(page, 'program-editor');
  await page.getByRole('button', { name: 'Create draft' }).click();
  const id = await created(page, names.program);
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(toast(page)).toContainText('published as version 1');

  const stored = (await (
    await setup.api.get(`/v1/coaching/programs/${id}`, { headers: { authorization: `Bearer ${editorToken}` } })
  ).json()) as { items: unknown[]; pass_rule: unknown; published_version: number };
  expect(stored.published_version).toBe(1);
  expect(stored.items).toHaveLength(2);
  expect(stored.items[0]).toHaveProperty('playlist_id');
  expect(stored.pass_rule).toEqual({ min_score: 80, attempts: 3, counts: 'last', in_order: true });
  await page.goto(`/apps/ai-coaching/program/list?q=${encodeURIComponent(names.program)}`);
  await expect(page.getByText('2 items')).toBeVisible();
});

const builtinModelId = async () => {
  const response = await setup.api.get('/v1/ai_models?capability=chat&page_size=48', {
    headers: { authorization: `Bearer ${editorToken}` },
  });
  const page = (await response.json()) as { items: { id: string; model_id: string }[] };
  return page.items.find((model) => model.model_id === 'builtin-coach')!;
};

test('[COACHING]: copies a persona, forks a library persona and edits the fork', async ({ page }) => {
  await signInWithToken(page, editorToken);
  await page.goto(`/apps/ai-coaching/persona/list?q=${encodeURIComponent(names.persona)}`);
  await page.getByRole('link', { name: `Copy ${names.persona}` }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${names.persona} (copy)`);
  await expect(page.getByLabel('Company')).toHaveValue('Nordwind');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await created(page, `${names.persona} (copy)`);
  await expect(page.getByText(`Copied from “${names.persona}”`)).toBeVisible();

  // The search in the address, as above: a link clicked while the typed search re-renders the list can be lost.
  await page.goto(`/apps/ai-coaching/persona/list?source=library&q=${encodeURIComponent(names.library)}`);
  await page.getByRole('link', { name: `Fork ${names.library}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fork “${names.library}”`);
  await page.getByRole('button', { name: 'Fork into my organization' }).click();
  // Named apart from its source, so pickers never list two alike.
  await created(page, `${names.library} (fork)`);
  await expect(page.getByText(`Forked from “${names.library}”, version 1`)).toBeVisible();
  await page.getByLabel('Company').fill('Nordwind Retail');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toast(page)).toContainText('Changes saved.');
  await expect(page.getByLabel('Company')).toHaveValue('Nordwind Retail');
  // The library item itself is unchanged.
  const library = (await (
    await setup.api.get(`/v1/coaching/personas/${ids.library}`, { headers: { authorization: `Bearer ${editorToken}` } })
  ).json()) as { company: string };
  expect(library.company).toBe('Nordwind');
});

test('[COACHING]: publishing a new version keeps the older one; a persona in use is not deleted', async ({ page }) => {
  await signInWithToken(page, editorToken);
  await page.goto(`/apps/ai-coaching/persona/list?q=${encodeURIComponent(names.persona)}&source=own`);
  await page.getByRole('link', { name: names.persona, exact: true }).click();
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(toast(page)).toContainText('published as version 1');

  await page.getByLabel('Job title').fill('Chief Procurement Officer');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Version 2 is not published yet')).toBeVisible();
  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await expect(toast(page)).toContainText('published as version 2');

  const versions = page.getByRole('list', { name: 'Versions' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions.getByRole('listitem').first()).toContainText('Version 2 · current');
  await versions.getByRole('button', { name: 'View Version 1' }).click();
  await expect(versions.getByText('Head of Procurement · Nordwind')).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Still used by' })).toContainText(names.scenario);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.persona);
});

for (const theme of ['light', 'dark'] as const) {
  // The dark run is in French: both languages' texts must fit too.
  const locale = theme === 'dark' ? 'fr-FR' : 'en-GB';
  test(`[COACHING]: the coaching screens fit 360 px and pass axe in the ${theme} theme (${locale})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await signInWithToken(page, editorToken, { theme, locale });
    const persona = (await (
      await setup.api.get(`/v1/coaching/personas?q=${encodeURIComponent(names.persona)}&source=own&sort=name`, {
        headers: { authorization: `Bearer ${editorToken}` },
      })
    ).json()) as { items: { id: string }[] };
    const personaId = persona.items[0]!.id;
    for (const path of [
      '/apps/ai-coaching',
      '/apps/ai-coaching/persona/list',
      '/apps/ai-coaching/persona/create',
      `/apps/ai-coaching/persona/edit/${personaId}`,
      `/apps/ai-coaching/persona/fork/${ids.library}`,
      '/apps/ai-coaching/mission/create',
      '/apps/ai-coaching/observer/create',
      '/apps/ai-coaching/scenario/list',
      '/apps/ai-coaching/scenario/create',
      '/apps/ai-coaching/playlist/create',
      '/apps/ai-coaching/program/create',
    ]) {
      await test.step(path, async () => {
        await page.goto(path);
        await page.locator('html[data-app-ready="true"]').waitFor();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expectAxeClean(page);
        await expectNoSidewaysScroll(page);
      });
    }
  });
}
