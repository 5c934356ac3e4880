import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page, PlaywrightWorkerArgs, TestInfo } from '@playwright/test';
import { startFakeRealtimeServer, type FakeRealtimeServer } from '../../src/fakes/openai-realtime-server.js';
import type { SmtpSink } from '../../src/fakes/smtp-sink.js';
import { syntheticSpeechFrames } from '../../src/fakes/synthetic-speech.js';
import { arranger } from './arrange.js';
import { builtinChatModel, coachingAuthor } from './coaching.js';
import { launchWithFakeMicrophone, signedInPage } from './fake-microphone.js';
import { startMailSink } from './mail-sink.js';
import { apiToken } from './session.js';

// What the realtime voice specs arrange: the fake OpenAI realtime provider with the run's certificate (which the e2e
// server trusts, tests/playwright.config.ts), a provider, key and realtime model at it, an organization with a
// learner and an operator, a voice scenario won by agreeing a deal, and a Chromium whose fake microphone plays a burst
// of voiced sound then quiet, in a loop.

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

export type RealtimeVoiceArrangement = {
  fake: FakeRealtimeServer;
  api: APIRequestContext;
  browser: Browser;
  organizationId: string;
  scenarioId: string;
  learnerToken: string;
  operatorToken: string;
  /** A page of the fake-microphone browser, signed in as the learner, with the microphone allowed. */
  learnerPage(baseURL: string): Promise<Page>;
  close(): Promise<void>;
};

/** `label` names what the spec arranges (and its persona, Remy or Rory), each with the run's stamp. */
export const arrangeRealtimeVoice = async (
  playwright: PlaywrightWorkerArgs['playwright'],
  testInfo: TestInfo,
  { label, persona }: { label: string; persona: string },
): Promise<RealtimeVoiceArrangement> => {
  const stamp = Date.now();
  const key = `sk-realtime-e2e-${stamp}`;
  const dir = process.env.E2E_REALTIME_TLS_DIR!;
  const fake = await startFakeRealtimeServer({
    apiKey: key,
    certificate: {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    },
  });
  const sink: SmtpSink = await startMailSink();
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL! });
  const arrange = await arranger(api, sink);
  const provider = await arrange.call('POST', '/v1/ai_providers', {
    name: `${label} ${stamp}`,
    kind: 'openai',
    base_url: fake.baseUrl,
    enabled: true,
  });
  await arrange.call('POST', '/v1/ai_service_keys', { provider_id: provider.id, label: 'Voice', value: key });
  const model = await arrange.call('POST', '/v1/ai_models', {
    provider_id: provider.id,
    model_id: 'gpt-realtime',
    display_name: `${label} ${stamp}`,
    capabilities: ['chat', 'realtime'],
    credits_per_minute: 0,
  });
  const organizationId = await arrange.organization(`${label} ${stamp}`);
  const tokenOf = async (role: 'user' | 'operator', firstName: string) => {
    const account = {
      email: `${role}-${label.replace(/\W+/g, '-').toLowerCase()}-${stamp}@e2e.test`,
      password: 'Voice-Passw0rd!',
    };
    await arrange.account({
      ...account,
      first_name: firstName,
      organization_id: organizationId,
      organization_role: role,
    });
    return apiToken(api, account.email, account.password);
  };
  const learnerToken = await tokenOf('user', 'Rita');
  const operatorToken = await tokenOf('operator', 'Oona');
  const author = coachingAuthor(arrange);
  const scenarioId = await author.scenario({
    name: `${label}: a deal on the phone ${stamp}`,
    mode: 'voice',
    persona_id: await author.persona({ name: `${persona} ${stamp}` }),
    mission_id: await author.mission({
      title: `${label}: a deal by phone ${stamp}`,
      goal: 'Agree the deal.',
      success_criteria: ['deal'],
      turn_limit: 5,
    }),
    // The observer reads on the built-in model: the report is not these specs' concern.
    observer_ids: [
      await author.observer(
        `Coach ${stamp}`,
        await builtinChatModel(api, arrange, { displayName: `Observer ${label} ${stamp}`, creditsPerMinute: 0 }),
      ),
    ],
    model_id: model.id,
    time_limit_seconds: 300,
  });

  const wav = testInfo.outputPath('learner.wav');
  writeFileSync(wav, wavOf(syntheticSpeechFrames([{ silenceMs: 600 }, { voiceMs: 800 }, { silenceMs: 2600 }], 12_000)));
  const browser = await launchWithFakeMicrophone(playwright, testInfo, wav);
  return {
    fake,
    api,
    browser,
    organizationId,
    scenarioId,
    learnerToken,
    operatorToken,
    learnerPage: (baseURL) => signedInPage(browser, { baseURL, token: learnerToken, permissions: ['microphone'] }),
    async close() {
      await browser.close();
      await api.dispose();
      await sink.close();
      await fake.close();
    },
  };
};
