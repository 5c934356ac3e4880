import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { startFakeRealtimeServer, type FakeRealtimeServer } from '../../src/fakes/openai-realtime-server.js';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { syntheticSpeechFrames } from '../../src/fakes/synthetic-speech.js';
import { builtinChatModel, coachingAuthor } from '../support/coaching.js';
import { launchWithFakeMicrophone, signedInPage } from '../support/fake-microphone.js';
import { startMailSink } from '../support/mail-sink.js';
import { apiToken } from '../support/session.js';
import { arranger } from '../settings/arrange.js';

// Issue 14, "Done when": a voice session on the fake OpenAI realtime provider, spoken into Chromium's fake microphone
// (a WAV this test makes: a burst of voiced sound, then quiet, looped by Chromium), reaches a win; the result page shows
// the session's voice-to-voice latency. The server trusts the fake's certificate as an extra root
// (tests/playwright.config.ts); the learner speaks hands-free, the provider hears the end of the turn.

const KEY = `sk-realtime-e2e-${Date.now()}`;
const stamp = Date.now();
let sink: SmtpSink;
let api: APIRequestContext;
let fake: FakeRealtimeServer;
let browser: Browser;
let token = '';
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
    name: `Realtime ${stamp}`,
    kind: 'openai',
    base_url: fake.baseUrl,
    enabled: true,
  });
  await arrange.call('POST', '/v1/ai_service_keys', { provider_id: provider.id, label: 'Voice', value: KEY });
  const model = await arrange.call('POST', '/v1/ai_models', {
    provider_id: provider.id,
    model_id: 'gpt-realtime',
    display_name: `Realtime ${stamp}`,
    capabilities: ['chat', 'realtime'],
    credits_per_minute: 0,
  });
  const organizationId = await arrange.organization(`Voice realtime ${stamp}`);
  const learner = { email: `voice-realtime-${stamp}@e2e.test`, password: 'Learner-Passw0rd!' };
  await arrange.account({ ...learner, first_name: 'Rita', organization_id: organizationId, organization_role: 'user' });
  token = await apiToken(api, learner.email, learner.password);
  const author = coachingAuthor(arrange);
  scenarioId = await author.scenario({
    name: `Spoken deal on the phone ${stamp}`,
    mode: 'voice',
    persona_id: await author.persona({ name: `Rory ${stamp}` }),
    mission_id: await author.mission({
      title: `A deal by phone ${stamp}`,
      goal: 'Agree the deal.',
      success_criteria: ['deal'],
      turn_limit: 5,
    }),
    // The observer reads on the built-in model: the report is not this test's concern.
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

test('[VOICE]: a spoken session on the fake realtime provider reaches a win, and the result shows its voice latency', async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  fake.script({
    text: 'Fine, you have a deal. [[WIN]]',
    userTranscript: 'Shall we agree the deal today?',
    audioMs: 1200,
  });
  const page = await signedInPage(browser, { baseURL: baseURL!, token, permissions: ['microphone'] });
  await page.goto(`/apps/ai-coaching/scenario/info-${scenarioId}`);
  await page.getByRole('button', { name: 'Start the session' }).click();
  await expect(page.getByTestId('voice-play')).toBeVisible({ timeout: 20_000 });

  const transcript = page.getByRole('list', { name: 'Conversation' });
  await expect(transcript).toContainText('Shall we agree the deal today?', { timeout: 30_000 });
  await expect(transcript).toContainText('Fine, you have a deal.', { timeout: 30_000 });
  await expect(page.getByText('The session has ended.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('session-status')).toHaveAttribute('data-status', 'win');
  // The provider heard the microphone: audio was appended and a turn detected.
  expect(fake.connections.at(-1)!.appendedSamples).toBeGreaterThan(24_000);
  await expect(transcript).not.toContainText('[[');

  await page.getByRole('link', { name: 'See the result' }).click();
  await expect(page).toHaveURL(/\/session\/result-/);
  await expect(page.getByTestId('voice-latency')).toContainText(/p50\s[\d,]+\s?ms\s·\sp95\s[\d,]+\s?ms/, {
    timeout: 20_000,
  });
  await page.context().close();
});
