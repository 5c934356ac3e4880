import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServerOn,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
} from '@ai-coaching/contracts';
import { createOpenAiAdapter, newId } from '@ai-coaching/platform';
import { expect } from 'vitest';
import { moveCredits } from '../credits/credit-test-client.js';
import { startFakeRealtimeServer, type FakeRealtimeServer } from '../fakes/openai-realtime-server.js';
import { syntheticSpeechFrames } from '../fakes/synthetic-speech.js';
import { publishedScenario, unique } from './session-fixtures.js';
import type { GatewaySocket, recorder, voiceSockets } from './voice-gateway-client.js';

// What the realtime voice specs arrange: a test server whose OpenAI adapter trusts the fake realtime server's
// throw-away certificate, an OpenAI provider at the fake with its key and a `realtime` model, and organizations with
// a funded learner and a published voice scenario on that model.

export type RealtimeVoiceServer = {
  server: TestServer;
  fake: FakeRealtimeServer;
  superAdmin: string;
  modelId: string;
  close(): Promise<void>;
};

export const startRealtimeVoiceServer = async (engine: 'pglite' | 'postgres'): Promise<RealtimeVoiceServer> => {
  const apiKey = `sk-realtime-${newId().replace(/-/g, '')}`;
  const fake = await startFakeRealtimeServer({ apiKey });
  const server = await startTestServerOn(
    engine,
    { AI_ALLOW_PRIVATE_NETWORK: 'true' },
    {
      // Only this adapter trusts the fake's certificate; no deployment setting turns certificate checks off.
      aiAdapters: {
        openai: (connection) =>
          createOpenAiAdapter(connection, { allowPrivateNetwork: true, realtime: { tlsInsecureForTests: true } }),
      },
    },
  );
  const superAdmin = (await signInAs(server, { role: 'super-admin' })).token;
  const admin = apiClient(server, superAdmin);
  const provider = await admin.call(providers.create, {
    body: { name: unique('OpenAI'), kind: 'openai', base_url: fake.baseUrl, enabled: true },
  });
  await admin.call(keys.create, { body: { provider_id: provider.body.id!, label: 'Voice', value: apiKey } });
  const model = await admin.call(models.create, {
    body: {
      provider_id: provider.body.id!,
      model_id: 'gpt-realtime',
      display_name: unique('Realtime'),
      capabilities: ['chat', 'realtime'],
      credits_per_minute: 1,
    },
  });
  expect(model.status).toBe(201);
  return {
    server,
    fake,
    superAdmin,
    modelId: model.body.id!,
    async close() {
      await server.close();
      await fake.close();
    },
  };
};

export type VoiceOrganization = {
  organizationId: string;
  learner: { token: string; userId: string };
  operator: string;
  scenario: string;
};

/** An organization with a learner and 100 credits each, its operator, and a five-minute voice scenario on the model. */
export const voiceOrganization = async ({
  server,
  superAdmin,
  modelId,
}: RealtimeVoiceServer): Promise<VoiceOrganization> => {
  const organizationId = await createTestOrganization(server, unique('Acme'));
  const editor = (await signInAs(server, { role: 'editor', organizationId })).token;
  const learner = await signInAs(server, { role: 'user', organizationId });
  const operator = (await signInAs(server, { role: 'operator', organizationId })).token;
  await moveCredits(server, superAdmin, 'organizations', 'allocate_credit', organizationId, { nb_credits: 100 });
  await moveCredits(server, operator, 'users', 'allocate_credit', learner.userId, { nb_credits: 100 });
  const scenario = await publishedScenario(server, editor, { modelId, timeLimitSeconds: 300, mode: 'voice' });
  return { organizationId, learner: { token: learner.token, userId: learner.userId }, operator, scenario };
};

/**
 * A barge-in, as a browser and a learner make it: the learner speaks, the persona's reply streams, the browser has
 * played 400 ms of it when the learner speaks over it, then falls silent. Answers the cut reply's response id once
 * both exchanges are recorded (each sends its final transcripts once its turns are). The fake must have two replies
 * scripted, the first long enough to be cut.
 */
export const bargeIn = async (
  speak: ReturnType<typeof voiceSockets>['speak'],
  socket: GatewaySocket,
  heard: ReturnType<typeof recorder>,
  sessionId: string,
): Promise<string> => {
  speak(socket, sessionId, syntheticSpeechFrames([{ voiceMs: 400 }, { silenceMs: 700 }]));
  await heard.until(() => heard.chunks.length >= 3);
  const responseId = heard.chunks[0]!.header.response_id;
  socket.emit('voice.playback', { session_id: sessionId, response_id: responseId, played_ms: 400 });
  await new Promise((resolve) => setTimeout(resolve, 50));
  // Real speech lasts longer than a barge-in takes: the silence that ends the turn comes once the persona has stopped.
  speak(socket, sessionId, syntheticSpeechFrames([{ voiceMs: 400 }]));
  await heard.until(() => heard.playbackStops.length === 1);
  speak(socket, sessionId, syntheticSpeechFrames([{ silenceMs: 700 }]));
  await heard.until(() => heard.transcripts.filter((line) => line.final && line.role === 'persona').length === 2);
  return responseId;
};
