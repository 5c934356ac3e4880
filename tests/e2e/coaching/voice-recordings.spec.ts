import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { startFakeRealtimeServer, type FakeRealtimeServer } from '../../src/fakes/openai-realtime-server.js';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { syntheticSpeechFrames } from '../../src/fakes/synthetic-speech.js';
import { builtinChatModel, coachingAuthor } from '../support/coaching.js';
import { launchWithFakeMicrophone, signedInPage } from '../support/fake-microphone.js';
import { startMailSink } from '../support/mail-sink.js';
import { apiToken } from '../support/session.js';
import { arranger } from '../settings/arrange.js';

// Issue 14 item 7: with its organization recording voice sessions, a spoken session (Chromium's fake microphone, the
// fake OpenAI realtime provider, as voice-realtime.spec.ts) says "Recorded" while the learner speaks, and its result
// page replays both sides: the whole conversation, turn after turn with the turn heard highlighted, and each turn on
// its own; the audio comes through the API with the learner's token, played from blob URLs. With recording off,
// neither shows. E2E_SCREENSHOTS=<dir> keeps the screens at 360 and 1280 px, light and dark.
test.describe.configure({ mode: 'serial' });

const KEY = `sk-recordings-e2e-${Date.now()}`;
const stamp = Date.now();
const shots = process.env.E2E_SCREENSHOTS;
let sink: SmtpSink;
let api: APIRequestContext;
let fake: FakeRealtimeServer;
let browser: Browser;
let learnerToken = '';
let operatorToken = '';
let organizationId = '';
let scenarioId = '';

/** Mono PCM16 WAVE at 24 kHz: what `--use-file-for-fake-audio-capture` plays in a loop. */
const wavOf = (frames: Int16Array[]): Buffer => {
  const samples = frames.reduce((total, frame) => total + frame.length, 0);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(24_000, 24);
  wav.writeUInt32LE(48_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  let at = 44;
  for (const frame of frames)
    for (const sample of frame) {
      wav.writeInt16LE(sample, at);
      at += 2;
    }
  return wav;
};

/** The operator turns the organization's recording on or off, as the organization page does. */
const recordVoiceSessions = async (on: boolean) => {
  const response = await api.patch(`/v1/organizations/${organizationId}`, {
    data: { record_voice_sessions: on },
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { record_voice_sessions: boolean }).record_voice_sessions).toBe(on);
};

/** Speaks a session into the fake microphone until the persona agrees; answers the result page's URL. */
const playToWin = async (page: Page, { recorded }: { recorded: boolean }) => {
  fake.script({
    text: 'Fine, you have a deal. [[WIN]]',
    userTranscript: 'Shall we agree the deal today?',
    audioMs: 1200,
  });
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByTestId('voice-play')).toBeVisible({ timeout: 20_000 });
  const badge = page.getByTestId('voice-recorded');
  if (recorded) {
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('Recorded');
    await expect(badge).toHaveAccessibleDescription(
      'Both sides of this conversation are recorded for replay on the result page',
    );
    if (shots) await shootVoiceScreen(page);
  }
  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript).toContainText('Fine, you have a deal.', { timeout: 30_000 });
  await expect(page.getByText('The session has ended.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  if (!recorded) await expect(badge).toHaveCount(0);
  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
};

const setTheme = (page: Page, theme: 'light' | 'dark') =>
  page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');

const shootVoiceScreen = async (page: Page) => {
  for (const [width, theme] of [
    [1280, 'light'],
    [360, 'dark'],
    [360, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 800 });
    await setTheme(page, theme);
    await page.screenshot({ path: `${shots}/voice-${width}-${theme}.png` });
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 800 });
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const dir = process.env.E2E_REALTIME_TLS_DIR!;
  fake = await startFakeRealtimeServer({
    apiKey: KEY,
    certificate: {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    },
  });
  sink = await startMailSink();
  api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  const arrange = await arranger(api, sink);
  const provider = await arrange.call('POST', '/v1/ai_providers', {
    name: `Recorded realtime ${stamp}`,
    kind: 'openai',
    base_url: fake.baseUrl,
    enabled: true,
  });
  await arrange.call('POST', '/v1/ai_service_keys', { provider_id: provider.id, label: 'Voice', value: KEY });
  const model = await arrange.call('POST', '/v1/ai_models', {
    provider_id: provider.id,
    model_id: 'gpt-realtime',
    display_name: `Recorded realtime ${stamp}`,
    capabilities: ['chat', 'realtime'],
    credits_per_minute: 0,
  });
  organizationId = await arrange.organization(`Voice recordings ${stamp}`);
  const operator = { email: `recordings-operator-${stamp}@e2e.test`, password: 'Operator-Passw0rd!' };
  await arrange.account({
    ...operator,
    first_name: 'Oona',
    organization_id: organizationId,
    organization_role: 'operator',
  });
  operatorToken = await apiToken(api, operator.email, operator.password);
  const learner = { email: `recordings-learner-${stamp}@e2e.test`, password: 'Learner-Passw0rd!' };
  await arrange.account({ ...learner, first_name: 'Rhea', organization_id: organizationId, organization_role: 'user' });
  learnerToken = await apiToken(api, learner.email, learner.password);
  const author = coachingAuthor(arrange);
  scenarioId = await author.scenario({
    name: `Recorded deal on the phone ${stamp}`,
    mode: 'voice',
    persona_id: await author.persona({ name: `Remy ${stamp}` }),
    mission_id: await author.mission({
      title: `A recorded deal ${stamp}`,
      goal: 'Agree the deal.',
      success_criteria: ['deal'],
      turn_limit: 5,
    }),
    observer_ids: [
      await author.observer(
        `Coach ${stamp}`,
        await builtinChatModel(api, arrange, { displayName: `Observer ${stamp}`, creditsPerMinute: 0 }),
      ),
    ],
    model_id: model.id,
    time_limit_seconds: 300,
  });

  const wav = testInfo.outputPath('learner.wav');
  writeFileSync(wav, wavOf(syntheticSpeechFrames([{ silenceMs: 600 }, { voiceMs: 800 }, { silenceMs: 2600 }], 12_000)));
  browser = await launchWithFakeMicrophone(playwright, testInfo, wav);
});
test.afterAll(async () => {
  await browser?.close();
  await api?.dispose();
  await sink?.close();
  await fake?.close();
});

test('[VOICE]: a recorded session says so while it is played, and its result page replays both sides', async ({
  baseURL,
}) => {
  test.setTimeout(150_000);
  await recordVoiceSessions(true);
  const page = await signedInPage(browser, { baseURL: baseURL!, token: learnerToken, permissions: ['microphone'] });
  await playToWin(page, { recorded: true });

  const panel = page.getByRole('region', { name: 'Recording' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  const transcript = page.getByRole('list', { name: 'Conversation' });
  const learnerTurn = transcript.getByRole('listitem').filter({ hasText: 'Shall we agree the deal today?' });
  const personaTurn = transcript.getByRole('listitem').filter({ hasText: 'Fine, you have a deal.' });
  // Both sides of the turn were kept (the list is asked again for a moment after the end, as the last clip lands).
  await expect(learnerTurn.getByRole('button', { name: 'Play this turn' })).toBeVisible({ timeout: 20_000 });
  await expect(personaTurn.getByRole('button', { name: 'Play this turn' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('recording-position')).toHaveText(/^0:00 \/ 0:0[1-9]$/);
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="session-recording"]')
    .include('[aria-label="Conversation"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // The whole conversation: the learner's turn, then the persona's, each highlighted while it is heard.
  const audioFetched = page.waitForResponse(/\/v1\/coaching\/sessions\/[^/]+\/recordings\/[^/]+$/);
  await panel.getByRole('button', { name: 'Play', exact: true }).click();
  const audio = await audioFetched;
  expect(audio.status()).toBe(200);
  expect(audio.headers()['content-type']).toBe('audio/wav');
  expect(audio.request().headers()['authorization']).toBe(`Bearer ${learnerToken}`);
  await expect(panel).toHaveAttribute('data-status', 'playing');
  const element = page.getByTestId('recording-audio');
  expect(await element.evaluate((node: HTMLAudioElement) => node.src)).toMatch(/^blob:/);
  await expect.poll(() => element.evaluate((node: HTMLAudioElement) => node.paused)).toBe(false);
  await expect(learnerTurn).toHaveAttribute('aria-current', 'true');
  await expect
    .poll(async () => Number(await panel.getAttribute('data-position-ms')), { timeout: 10_000 })
    .toBeGreaterThan(0);
  await panel.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(panel).toHaveAttribute('data-status', 'paused');
  await expect.poll(() => element.evaluate((node: HTMLAudioElement) => node.paused)).toBe(true);
  if (shots) await shootResultPage(page);
  // Play goes on from where it stopped, into the persona's reply.
  const pausedAt = Number(await panel.getAttribute('data-position-ms'));
  await panel.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(personaTurn).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
  await expect(learnerTurn).not.toHaveAttribute('aria-current', 'true');
  expect(Number(await panel.getAttribute('data-position-ms'))).toBeGreaterThanOrEqual(pausedAt);
  await expect(panel).toHaveAttribute('data-status', 'idle', { timeout: 15_000 });

  // One turn on its own: it plays, its button becomes Pause, and the replay stops at its end.
  await learnerTurn.getByRole('button', { name: 'Play this turn' }).click();
  await expect(learnerTurn).toHaveAttribute('aria-current', 'true');
  await expect(learnerTurn.getByRole('button', { name: 'Pause this turn' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel).toHaveAttribute('data-status', 'playing');
  await expect.poll(() => element.evaluate((node: HTMLAudioElement) => node.paused)).toBe(false);
  await expect(panel).toHaveAttribute('data-status', 'idle', { timeout: 15_000 });
  await expect(transcript.locator('[aria-current="true"]')).toHaveCount(0);
  await expect(page.getByTestId('recording-position')).toHaveText(/^0:00 \//);

  // Keyboard: the panel's button plays from the keyboard too.
  await panel.getByRole('button', { name: 'Play', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-status', 'playing');
  await page.keyboard.press('Enter');
  await expect(panel).toHaveAttribute('data-status', 'paused');

  // In French.
  await page.context().addCookies([{ name: 'i18n_redirected', value: 'fr-FR', url: baseURL! }]);
  await page.reload();
  const panneau = page.getByRole('region', { name: 'Enregistrement' });
  await expect(panneau.getByRole('button', { name: 'Écouter', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Écouter cette intervention' })).toHaveCount(2);
  await expect(panneau.getByRole('progressbar', { name: 'Position dans la conversation' })).toHaveAttribute(
    'aria-valuetext',
    /^0:00 sur 0:0\d$/,
  );
  await page.context().close();
});

test('[VOICE]: with recording off, the voice screen says nothing of it and the result page has no Recording panel', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  await recordVoiceSessions(false);
  const page = await signedInPage(browser, { baseURL: baseURL!, token: learnerToken, permissions: ['microphone'] });
  const listed = page.waitForResponse(
    (response) => /\/v1\/coaching\/sessions\/[^/]+\/recordings$/.test(response.url()) && response.ok(),
  );
  await playToWin(page, { recorded: false });
  const recordings = (await (await listed).json()) as { items: unknown[] };
  expect(recordings.items).toEqual([]);
  await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('Fine, you have a deal.');
  await expect(page.getByRole('region', { name: 'Recording' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Play this turn' })).toHaveCount(0);
  await page.context().close();
});

const shootResultPage = async (page: Page) => {
  for (const [width, theme] of [
    [1280, 'light'],
    [360, 'dark'],
    [360, 'light'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await setTheme(page, theme);
    await page.getByRole('region', { name: 'Recording' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/result-${width}-${theme}.png` });
  }
  await setTheme(page, 'light');
  await page.setViewportSize({ width: 1280, height: 900 });
};
