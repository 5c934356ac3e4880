import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeElevenLabsServer, type FakeElevenLabsServer } from '../../src/fakes/elevenlabs-server.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../src/fakes/openai-server.js';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { arranger, expectNoSidewaysScroll, signInWithToken, toast } from '../support/arrange.js';
import { startMailSink } from '../support/mail-sink.js';
import { ADMIN, apiToken } from '../support/session.js';

// Issue 10, item 2 and the first "Done when" line: a super-admin connects an OpenAI-compatible provider (the fake Chat
// Completions server on 127.0.0.1: scripts/e2e-server.mjs sets AI_ALLOW_PRIVATE_NETWORK=true), adds its key, tests the
// connection, adds a model and a voice; a wrong key is named as such, in the user's language.
test.describe.configure({ mode: 'serial' });

const KEY = 'sk-test-e2e-0123456789abcdef';
const WRONG_KEY = 'sk-test-e2e-wrong-000000';
const stamp = Date.now();

let fake: FakeOpenAiServer;
let elevenLabs: FakeElevenLabsServer;
let sink: SmtpSink;
let api: APIRequestContext;
let token = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  fake = await startFakeOpenAiServer({ apiKey: KEY, models: ['gpt-4o-mini'] });
  elevenLabs = await startFakeElevenLabsServer({ apiKey: KEY });
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  token = await apiToken(api, ADMIN.email, ADMIN.password);
});
test.afterAll(async () => {
  await api?.dispose();
  await fake?.close();
  await elevenLabs?.close();
  await sink?.close();
});

/** Fills the create form and lands on the new provider's page. */
const createProvider = async (page: Page, name: string, kind: string, baseUrl: string) => {
  await page.goto('/ai-providers/list');
  await page.getByRole('link', { name: 'Add a provider' }).click();
  await expect(page).toHaveURL(/\/ai-providers\/create$/);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Kind').selectOption({ label: kind });
  await page.getByLabel('Base URL').fill(baseUrl);
  await expect(page.getByLabel('Who may use it')).toHaveValue('platform');
  await page.getByRole('button', { name: 'Add the provider' }).click();
  await expect(page).toHaveURL(/\/ai-providers\/edit\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`AI provider: ${name}`);
};

const addKey = async (page: Page, label: string, value: string) => {
  await page.getByLabel('Label').fill(label);
  await page.getByLabel('Key', { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Add the key' }).click();
  await expect(toast(page)).toContainText(`Key ${label} added`);
};

const testConnection = (page: Page) => page.getByRole('button', { name: 'Test connection' }).click();
const connectionResult = (page: Page) => page.getByTestId('connection-result');

// At a laptop's width; the voices' test below is at a phone's.
test(`[AI-PROVIDERS]: a super-admin connects an OpenAI-compatible provider, tests it, adds a model and a voice (1280 px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithToken(page, token);
  const name = `Fake LLM 1280 ${stamp}`;

  // What the kind requires is the API's to say (ai_provider_base_url_required), next to its field.
  await page.goto('/ai-providers/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Kind').selectOption({ label: 'OpenAI-compatible server' });
  await expect(page.getByText('Any server speaking Chat Completions at a base URL')).toBeVisible();
  await page.getByRole('button', { name: 'Add the provider' }).click();
  await expect(page.getByLabel('Base URL')).toHaveAccessibleDescription(/This kind of provider needs its base URL\./);
  await expect(page).toHaveURL(/\/ai-providers\/create$/);
  await createProvider(page, name, 'OpenAI-compatible server', fake.baseUrl);
  await expect(toast(page)).toContainText(`Provider ${name} added`);
  await expect(page.getByText('No key yet')).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The key goes in once and never comes back: only its last 4 characters are shown.
  await addKey(page, 'E2E key', KEY);
  const keyRow = page.getByTestId('ai-key-row');
  await expect(keyRow).toHaveCount(1);
  await expect(keyRow).toContainText(`ending in ${KEY.slice(-4)}`);
  await expect(keyRow).toContainText('In use');
  await expect(page.locator('input[type="password"]')).toHaveValue('');
  await expect(page.getByText(KEY)).toHaveCount(0);

  await testConnection(page);
  await expect(connectionResult(page)).toHaveAttribute('data-ok', 'true');
  await expect(connectionResult(page)).toHaveText(/^Connected in \d[\d,]* ms$/);

  await page.getByRole('button', { name: 'Add a model' }).click();
  const modelForm = page.getByRole('form', { name: 'New model' });
  await modelForm.getByLabel('Model or deployment id').fill('gpt-4o-mini');
  await modelForm.getByLabel('Display name').fill('GPT-4o mini');
  await modelForm.getByLabel('Credits per minute').fill('3');
  await modelForm.getByLabel('Temperature').fill('0.7');
  await modelForm.getByRole('button', { name: 'Add the model' }).click();
  await expect(toast(page)).toContainText('Model GPT-4o mini added.');
  const modelRow = page.getByTestId('ai-model-row');
  await expect(modelRow).toHaveCount(1);
  await expect(modelRow).toContainText('GPT-4o mini');
  await expect(modelRow).toContainText('gpt-4o-mini · Chat · 3 credits/min');
  await modelRow.getByRole('button', { name: 'Edit GPT-4o mini' }).click();
  const editForm = page.getByRole('form', { name: 'Edit GPT-4o mini' });
  await expect(editForm.getByLabel('Temperature')).toHaveValue('0.7');
  await editForm.getByLabel('Credits per minute').fill('5');
  await editForm.getByLabel('Transcription').check();
  await editForm.getByRole('button', { name: 'Save the model' }).click();
  await expect(toast(page)).toContainText('Model GPT-4o mini saved.');
  await expect(modelRow).toContainText('gpt-4o-mini · Chat, Transcription · 5 credits/min');
  // A self-hosted OpenAI-compatible server may speak too: its voices are added by hand.
  await page.getByRole('button', { name: 'Add a voice' }).click();
  const voiceForm = page.getByRole('form', { name: 'New voice' });
  await voiceForm.getByLabel('Voice id').fill('alloy');
  await voiceForm.getByLabel('Display name').fill('Alloy');
  await voiceForm.getByRole('button', { name: 'Add the voice' }).click();
  await expect(voiceForm.getByText('Choose at least one language.')).toBeVisible();
  await voiceForm.getByLabel('English (UK)').check();
  await voiceForm.getByLabel('French').check();
  await voiceForm.getByLabel('Gender').selectOption({ label: 'Neutral' });
  await voiceForm.getByRole('button', { name: 'Add the voice' }).click();
  await expect(toast(page)).toContainText('Voice Alloy added.');
  const voiceRow = page.getByTestId('ai-voice-row');
  await expect(voiceRow).toHaveCount(1);
  await expect(voiceRow).toContainText('alloy · English (UK), French · Neutral');
  await expectNoSidewaysScroll(page);

  // Its model still uses it: the API refuses the deletion (409 ai_provider_in_use) and says why.
  await page.getByRole('button', { name: 'Delete the provider' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete the provider' })
    .click();
  await expect(toast(page)).toContainText('This provider is still used by');
  await expect(page).toHaveURL(/\/ai-providers\/edit\//);

  // The list shows it: kind, scope, model count, enabled.
  await page.getByRole('link', { name: 'Back to providers' }).click();
  await page.getByRole('searchbox').fill(name);
  const row = page.getByTestId('ai-provider-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-kind', 'openai_compatible');
  await expect(row).toContainText('1 model');
  await expect(row).toContainText('Platform-wide');
  await expect(row).toContainText('Enabled');
  await expectNoSidewaysScroll(page);

  await expectNoSidewaysScroll(page);
});

// At a phone's width; the test above is at a laptop's.
test(`[AI-PROVIDERS]: voices are imported from the provider's own list, and each plays its sample (360 px)`, async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 900 });
  await signInWithToken(page, token);
  const name = `ElevenLabs 360 ${stamp}`;
  await createProvider(page, name, 'ElevenLabs', elevenLabs.origin);

  // No key yet: the test says to add one, not that a key is wrong.
  await testConnection(page);
  await expect(connectionResult(page)).toHaveAttribute('data-code', 'no_key');
  await expect(connectionResult(page)).toContainText('Connection failed: no key yet');
  await addKey(page, 'E2E key', KEY);

  await page.getByRole('button', { name: 'Add a model' }).click();
  const modelForm = page.getByRole('form', { name: 'New model' });
  await modelForm.getByLabel('Model or deployment id').fill('eleven_multilingual_v2');
  await modelForm.getByLabel('Display name').fill('Multilingual v2');
  await modelForm.getByLabel('Chat').uncheck();
  await modelForm.getByLabel('Speech').check();
  await modelForm.getByLabel('Credits per minute').fill('1');
  await modelForm.getByRole('button', { name: 'Add the model' }).click();
  await expect(toast(page)).toContainText('Model Multilingual v2 added.');

  // The provider's list: voices speaking a session language only (Dieter speaks German).
  await page.getByRole('button', { name: 'Import from the provider' }).click();
  const panel = page.getByRole('region', { name: 'Import voices from the provider' });
  const offered = panel.getByTestId('available-voice');
  // The first call to this provider loads its SDK on the server: on a busy 2-core machine, seconds.
  await expect(offered.filter({ hasText: 'Alice' })).toContainText('el-alice · English (UK) · Female', {
    timeout: 20_000,
  });
  await expect(offered.filter({ hasText: 'Dieter' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Import 0 voices' })).toBeDisabled();
  await panel.getByLabel('Search by name or id').fill('cam');
  await expect(offered).toHaveCount(1);
  await panel.getByLabel('Camille').check();
  await panel.getByLabel('Search by name or id').fill('');
  await panel.getByLabel('Alice').check();
  await expectNoSidewaysScroll(page);
  await panel.getByRole('button', { name: 'Import 2 voices' }).click();
  await expect(toast(page)).toContainText('2 voices imported.');
  const voiceRows = page.getByTestId('ai-voice-row');
  await expect(voiceRows).toHaveCount(2);
  await expect(voiceRows.filter({ hasText: 'Camille' })).toContainText('el-camille · English (US), French');

  // Imported once: the panel shows them as already added, not offered again.
  await page.getByRole('button', { name: 'Import from the provider' }).click();
  await expect(panel.getByLabel('Alice')).toBeDisabled();
  await expect(offered.filter({ hasText: 'Alice' })).toContainText('already added');
  await panel.getByRole('button', { name: 'Cancel' }).click();

  // "Listen" asks the provider once; the player under the voice replays it without asking again.
  const before = elevenLabs.syntheses().length;
  const alice = voiceRows.filter({ hasText: 'Alice' });
  await alice.getByRole('button', { name: 'Listen Alice' }).click();
  const player = alice.getByLabel('Sample of Alice');
  await expect(player).toHaveAttribute('src', /^blob:/);
  expect(elevenLabs.syntheses().length).toBe(before + 1);
  await alice.getByRole('button', { name: 'Listen Alice' }).click();
  await expect(player).toHaveAttribute('src', /^blob:/);
  expect(elevenLabs.syntheses().length).toBe(before + 1);
  await expectNoSidewaysScroll(page);
});

test('[AI-PROVIDERS]: "OpenAI Realtime" is one click away in the model list of an OpenAI provider', async ({
  page,
}) => {
  await signInWithToken(page, token);
  await createProvider(page, `OpenAI ${stamp}`, 'OpenAI', fake.baseUrl);
  await page.getByRole('button', { name: 'Add a model' }).click();
  const modelForm = page.getByRole('form', { name: 'New model' });
  await modelForm.getByRole('button', { name: 'Fill in OpenAI Realtime' }).click();
  await expect(modelForm.getByLabel('Model or deployment id')).toHaveValue('gpt-realtime');
  await expect(modelForm.getByLabel('Display name')).toHaveValue('OpenAI Realtime');
  await expect(modelForm.getByLabel('Realtime voice')).toBeChecked();
  await expect(modelForm.getByLabel('Chat')).not.toBeChecked();
  await modelForm.getByLabel('Credits per minute').fill('10');
  await modelForm.getByRole('button', { name: 'Add the model' }).click();
  await expect(page.getByTestId('ai-model-row')).toContainText('OpenAI Realtime');
  await expect(page.getByTestId('ai-model-row')).toContainText('gpt-realtime · Realtime voice · 10 credits/min');
});

test('[AI-PROVIDERS]: a newer wrong key is named as such; revoking it brings the right key back', async ({ page }) => {
  await signInWithToken(page, token);
  const name = `Rotated ${stamp}`;
  await createProvider(page, name, 'OpenAI-compatible server', fake.baseUrl);
  await addKey(page, 'Right key', KEY);
  await addKey(page, 'Wrong key', WRONG_KEY);
  // The newest active key is the one in use.
  const current = page.getByTestId('ai-key-row').and(page.locator('[data-current="true"]'));
  await expect(current).toContainText('Wrong key');

  await testConnection(page);
  await expect(connectionResult(page)).toHaveAttribute('data-code', 'wrong_key');
  await expect(connectionResult(page)).toContainText('Connection failed: wrong key');
  await expect(connectionResult(page)).toContainText('Add the right key under Service keys');

  await page.getByTestId('ai-key-row').filter({ hasText: 'Wrong key' }).getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: 'Revoke the key Wrong key?' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page)).toContainText('Key Wrong key revoked.');
  await expect(current).toContainText('Right key');
  await testConnection(page);
  await expect(connectionResult(page)).toHaveAttribute('data-ok', 'true');
});

test('[AI-PROVIDERS]: a wrong key is said in French to a French user', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 900 });
  const response = await api.post('/v1/ai_providers', {
    data: { name: `Mauvaise clé ${stamp}`, kind: 'openai_compatible', base_url: fake.baseUrl, enabled: true },
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `ai-e2e-fr-${stamp}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  await signInWithToken(page, token, { locale: 'fr-FR' });
  await page.goto(`/ai-providers/edit/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Fournisseur d’IA : Mauvaise clé ${stamp}`);

  await page.getByLabel('Libellé').fill('Clé erronée');
  await page.getByLabel('Clé', { exact: true }).fill(WRONG_KEY);
  await page.getByRole('button', { name: 'Ajouter la clé' }).click();
  await expect(toast(page)).toContainText('Clé Clé erronée ajoutée');

  await page.getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(connectionResult(page)).toHaveAttribute('data-code', 'wrong_key');
  await expect(connectionResult(page)).toContainText('La connexion a échoué : clé refusée');
  await expect(connectionResult(page)).toContainText('Ajoutez la bonne clé sous Clés de service');
  await expectNoSidewaysScroll(page);
});

test('[AI-PROVIDERS]: an operator adds a provider for their own organization and only reads the platform-wide ones', async ({
  page,
}) => {
  sink = await startMailSink();
  const arrange = await arranger(api, sink);
  const organizationId = await arrange.organization(`AI operators ${stamp}`);
  await signInWithToken(page, (await arrange.member(organizationId, 'operator', { first_name: 'Olga' })).token);

  await page.goto('/ai-providers/create');
  // No choice of scope: an operator's providers are their organization's own.
  await expect(page.getByLabel('Who may use it')).toHaveCount(0);
  await expect(page.getByText('Your organization only.')).toBeVisible();
  const name = `Team Ollama ${stamp}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Kind').selectOption({ label: 'OpenAI-compatible server' });
  await page.getByLabel('Base URL').fill(fake.baseUrl);
  await page.getByRole('button', { name: 'Add the provider' }).click();
  await expect(page).toHaveURL(/\/ai-providers\/edit\/[\w-]+$/);
  await page.goto('/ai-providers/list');
  const own = page.getByTestId('ai-provider-row').filter({ hasText: name });
  await expect(own).toContainText('Your organization');
  await own.getByRole('link', { name: /^Edit/ }).click();
  await page.getByRole('button', { name: 'Delete the provider' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete the provider' })
    .click();
  await expect(toast(page)).toContainText(`Provider ${name} deleted.`);
  await expect(page).toHaveURL(/\/ai-providers\/list$/);
  await expect(own).toHaveCount(0);
  const builtin = page.getByTestId('ai-provider-row').and(page.locator('[data-kind="builtin"]'));
  await expect(builtin).toContainText('Platform-wide');

  // The built-in provider is platform-wide: shown, tested, but not changed by an operator; it needs no key.
  await builtin.getByRole('link', { name: /^Edit/ }).click();
  await expect(page.getByText('The built-in provider is always there, needs no key')).toBeVisible();
  await expect(page.getByText('This provider is platform-wide: only super-admins change it.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete the provider' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add a model' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(connectionResult(page)).toHaveAttribute('data-ok', 'true');
});
