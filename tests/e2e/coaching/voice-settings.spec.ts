import { expect, test } from '@playwright/test';
import { coachingAuthor } from '../support/coaching.js';
import { setUpArranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { expectAxeClean } from '../support/axe.js';

// Issue 14 item 3 (docs/voice.md, "Voice settings"): an author sets how a voice scenario's sessions speak and
// listen in the scenario editor, shown in voice mode only, and finds them as saved.
test.describe.configure({ mode: 'serial' });

const setup = setUpArranger();
let editorToken = '';
const stamp = Date.now();
const editor = { email: `voice-author-${stamp}@e2e.test`, password: 'Author-Passw0rd!' };
const names = { persona: `Vera Voice ${stamp}`, observer: `Voice coach ${stamp}`, scenario: `Voice call ${stamp}` };

test.beforeAll(async () => {
  const organizationId = await setup.arrange.organization(`Voice authors ${stamp}`);
  editorToken = (
    await setup.arrange.member(organizationId, 'editor', { ...editor, first_name: 'Vic', last_name: 'Editor' })
  ).token;
  const models = (await (
    await setup.api.get('/v1/ai_models?page_size=48&capability=chat', {
      headers: { authorization: `Bearer ${editorToken}` },
    })
  ).json()) as { items: { id: string }[] };
  const author = coachingAuthor(setup.arrange, editorToken);
  await author.persona({ name: names.persona });
  await author.observer(names.observer, models.items[0]!.id);
});

test('[VOICE]: an editor sets a voice scenario’s speed, turn detection and end-of-turn silence', async ({ page }) => {
  await signInWithToken(page, editorToken);
  await page.goto('/apps/ai-coaching/scenario/create');
  await page.getByLabel('Name', { exact: true }).fill(names.scenario);
  await page.getByLabel('Persona', { exact: true }).selectOption({ label: names.persona });
  await page.getByLabel('Add an observer').selectOption({ label: names.observer });
  const settings = page.getByRole('group', { name: 'Voice settings' });
  // Text scenarios have no voice to set.
  await expect(settings).toHaveCount(0);
  await page.getByLabel('Mode', { exact: true }).selectOption({ label: 'Live voice' });
  await expect(settings).toBeVisible();
  await expect(settings.getByLabel('Speed')).toHaveValue('1');
  await expect(settings.getByLabel('Speech recognition')).toHaveValue('');

  await settings.getByLabel('Speed').selectOption({ label: '×1.25' });
  // Push-to-talk needs no silence to end a turn: its field goes.
  await settings.getByLabel('End of the learner’s turn').selectOption({ label: 'Push-to-talk' });
  await expect(settings.getByLabel('Silence that ends a turn (ms)')).toHaveCount(0);
  await settings.getByLabel('End of the learner’s turn').selectOption({ label: 'When they stop speaking' });
  const silence = settings.getByLabel('Silence that ends a turn (ms)');
  await expect(silence).toHaveValue('500');
  // Out of its range, the field says so and nothing is saved.
  await silence.fill('100');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(silence).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/scenario\/create$/);
  await silence.fill('800');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/edit\/[A-Za-z0-9_-]+$/);
  await expect(toast(page)).toContainText('created as a draft');

  // As saved, after a reload.
  await page.reload();
  const saved = page.getByRole('group', { name: 'Voice settings' });
  await expect(saved.getByLabel('Speed')).toHaveValue('1.25');
  await expect(saved.getByLabel('End of the learner’s turn')).toHaveValue('voice_activity');
  await expect(saved.getByLabel('Silence that ends a turn (ms)')).toHaveValue('800');
  const scenarioId = page.url().split('/').at(-1)!;
  const stored = (await (
    await setup.api.get(`/v1/coaching/scenarios/${scenarioId}`, { headers: { authorization: `Bearer ${editorToken}` } })
  ).json()) as { voice_settings: unknown };
  expect(stored.voice_settings).toEqual({
    speed: 1.25,
    turn_detection: 'voice_activity',
    silence_ms: 800,
    recognition_model_id: null,
  });
});

for (const locale of ['en-GB', 'fr-FR'] as const) {
  test(`[VOICE]: the scenario editor's voice settings fit 360 px and pass axe (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await signInWithToken(page, editorToken, { locale, theme: locale === 'fr-FR' ? 'dark' : 'light' });
    await page.goto('/apps/ai-coaching/scenario/create');
    await page.locator('html[data-app-ready="true"]').waitFor();
    await page
      .locator('select')
      .filter({ has: page.locator('option[value="voice"]') })
      .selectOption('voice');
    await expect(
      page.getByRole('group', { name: locale === 'fr-FR' ? 'Réglages de la voix' : 'Voice settings' }),
    ).toBeVisible();
    await expectAxeClean(page);
    await expectNoSidewaysScroll(page);
  });
}
