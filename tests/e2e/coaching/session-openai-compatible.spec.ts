import { expect, test, type Page } from '@playwright/test';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../src/fakes/openai-server.js';
import { setUpArranger, signInWithToken, toast } from '../support/arrange.js';
import { freeBuiltinChatModelId } from '../support/coaching.js';

// Issue 12, "Done when", with the fake OpenAI-compatible server (tests/src/fakes/openai-server.ts, started here on
// 127.0.0.1, which scripts/e2e-server.mjs lets providers reach with AI_ALLOW_PRIVATE_NETWORK=true), in the browser: a
// super-admin registers the provider, its key and a chat model; an editor makes a scenario on that model; a learner
// plays it to the persona's scripted [[WIN]] and reads the result with its report.
test.describe.configure({ mode: 'serial' });

const KEY = 'sk-test-e2e-sessions-0123456789';
const MODEL = 'llama3.1';
const stamp = Date.now();
const names = {
  provider: `Fake LLM sessions ${stamp}`,
  model: `Llama sessions ${stamp}`,
  persona: `Morgan ${stamp}`,
  scenario: `Supplier call ${stamp}`,
};

let fake: FakeOpenAiServer;
const setup = setUpArranger();
let editorToken = '';
let learnerToken = '';
let modelId = '';
let personaId = '';
let missionId = '';
let observerId = '';
let scenarioId = '';

test.beforeAll(async () => {
  fake = await startFakeOpenAiServer({ apiKey: KEY, models: [MODEL] });

  const organizationId = await setup.arrange.organization(`Fake LLM learners ${stamp}`);
  editorToken = (await setup.arrange.member(organizationId, 'editor')).token;
  learnerToken = (await setup.arrange.member(organizationId, 'user')).token;

  // What the scenario combines, published by the editor. The observer reads on the built-in model, so the report
  // never takes one of the fake's scripted replies.
  const builtinModelId = await freeBuiltinChatModelId(setup.api, editorToken);
  const as = (path: string, data?: unknown) => setup.arrange.call('POST', path, data, editorToken);
  personaId = (await as('/v1/coaching/personas', { name: names.persona, language: 'en-GB', mood: 'sceptical' })).id;
  missionId = (
    await as('/v1/coaching/missions', {
      title: `Win the supplier ${stamp}`,
      goal: 'Get a yes to a pilot.',
      success_criteria: ['pilot'],
      failure_conditions: ['take it or leave it'],
    })
  ).id;
  observerId = (
    await as('/v1/coaching/observers', {
      name: `Discovery coach ${stamp}`,
      rubric: [{ name: 'Asks questions', description: '', scale: '1_5', weight: 1, not_relevant_when: null }],
      model_id: builtinModelId,
    })
  ).id;
  for (const [plural, id] of [
    ['personas', personaId],
    ['missions', missionId],
    ['observers', observerId],
  ] as const) {
    await as(`/v1/coaching/${plural}/${id}/publish`);
  }
});
test.afterAll(async () => {
  await fake?.close();
});

const say = async (page: Page, text: string) => {
  await page.getByLabel('Your message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
};

test('[SESSION]: a super-admin connects the fake OpenAI-compatible server and adds a chat model', async ({ page }) => {
  await signInWithToken(page, setup.arrange.token);
  await page.goto('/ai-providers/create');
  await page.getByLabel('Name').fill(names.provider);
  await page.getByLabel('Kind').selectOption({ label: 'OpenAI-compatible server' });
  await page.getByLabel('Base URL').fill(fake.baseUrl);
  await page.getByRole('button', { name: 'Add the provider' }).click();
  await expect(page).toHaveURL(/\/ai-providers\/edit\/[\w-]+$/);
  await page.getByLabel('Label').fill('Production');
  await page.getByLabel('Key', { exact: true }).fill(KEY);
  await page.getByRole('button', { name: 'Add the key' }).click();
  await expect(toast(page)).toContainText('Key Production added');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toHaveAttribute('data-ok', 'true');

  await page.getByRole('button', { name: 'Add a model' }).click();
  const modelForm = page.getByRole('form', { name: 'New model' });
  await modelForm.getByLabel('Model or deployment id').fill(MODEL);
  await modelForm.getByLabel('Display name').fill(names.model);
  await modelForm.getByLabel('Credits per minute').fill('0');
  await modelForm.getByRole('button', { name: 'Add the model' }).click();
  await expect(toast(page)).toContainText(`Model ${names.model} added.`);
  await expect(page.getByTestId('ai-model-row')).toContainText(`${MODEL} · Chat · 0 credits/min`);

  const models = (await (
    await setup.api.get(`/v1/ai_models?capability=chat&page_size=48&q=${encodeURIComponent(names.model)}`, {
      headers: { authorization: `Bearer ${editorToken}` },
    })
  ).json()) as { items: { id: string; display_name: string }[] };
  modelId = models.items.find((model) => model.display_name === names.model)!.id;
});

test('[SESSION]: an editor makes a scenario on the OpenAI-compatible model and publishes it', async ({ page }) => {
  expect(modelId, 'the super-admin’s model').not.toBe('');
  await signInWithToken(page, editorToken);
  await page.goto('/apps/ai-coaching/scenario/create');
  await page.getByLabel('Name', { exact: true }).fill(names.scenario);
  await page.getByLabel('Persona', { exact: true }).selectOption({ label: names.persona });
  await page.getByLabel('Mission', { exact: true }).selectOption(missionId);
  await page.getByLabel('Add an observer').selectOption(observerId);
  await page.getByLabel('AI model').selectOption(modelId);
  await expect(page.getByTestId('scenario-price')).toHaveText('Free');
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/edit\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.scenario);
  scenarioId = page.url().split('/').at(-1)!;
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(toast(page)).toContainText('published as version 1');
});

test('[SESSION]: a learner plays it to the persona’s [[WIN]], then reads the transcript and the report', async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(scenarioId, 'the editor’s scenario').not.toBe('');
  fake.reset();
  fake.script(
    { kind: 'reply', text: 'Fair enough. And what would a first step with you look like?' },
    { kind: 'reply', text: 'A pilot on one site works for me. Deal. [[WIN]]' },
  );
  await signInWithToken(page, learnerToken);
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(names.scenario);
  await expect(page.getByTestId('session-price')).toHaveText('Free');
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page).toHaveURL(/\/session\/play-/);

  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript.getByRole('listitem')).toHaveCount(1);
  await say(page, 'What is slowing your deliveries down today?');
  await expect(transcript.getByRole('listitem')).toHaveCount(3);
  await expect(transcript.getByRole('listitem').nth(2)).toHaveText(/what would a first step with you look like\?/);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'in-progress');
  await say(page, 'Let us start with a pilot on one site.');
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await expect(page.getByTestId('session-status')).toHaveText('Won');
  await expect(transcript.getByRole('listitem')).toHaveCount(5);
  await expect(transcript.getByRole('listitem').nth(4)).toContainText('A pilot on one site works for me. Deal.');
  await expect(transcript).not.toContainText('[[WIN]]');

  // The persona was the fake's: it was asked twice, with the persona's brief and the learner's words.
  const asked = fake.completions();
  expect(asked).toHaveLength(2);
  expect(asked[1]!.body?.['model']).toBe(MODEL);
  const messages = JSON.stringify(asked[1]!.body?.['messages']);
  expect(messages).toContain(names.persona);
  expect(messages).toContain('What is slowing your deliveries down today?');

  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  await expect(page.getByRole('list', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(5);
  await expect(page.getByTestId('session-cost')).toHaveText('0 credits');
  await expect(page.getByTestId('report-progress')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await expect(page.locator('[data-testid="observer-report"][data-status="done"]')).toHaveCount(1);
  await expect(page.getByTestId('report-progress')).toContainText(/Overall score: \d+ \/ 100/);
});
