import { BUILTIN_AI_MODEL_ID } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
  aiSpeechVoiceOperations as voices,
  coachingSessionOperations as sessions,
  coachingSessionRecordingOperations as recordings,
  organizationOperations as organizations,
} from '@ai-coaching/contracts';
import { pcm16Rms } from '@ai-coaching/domain';
import { aiUsageOf, newId, voiceTurnTimingsOf } from '@ai-coaching/platform';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { moveCredits } from '../credits/credit-test-client.js';
import { startFakeAzureSpeechServer, type FakeAzureSpeechServer } from '../fakes/azure-speech-server.js';
import { startFakeElevenLabsServer, type FakeElevenLabsServer } from '../fakes/elevenlabs-server.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { syntheticSpeechFrames } from '../fakes/synthetic-speech.js';
import { publishedScenario, unique } from './session-fixtures.js';
import { recorder, voiceSockets } from './voice-gateway-client.js';

// A cascade over the gateway (docs/voice.md, "Cascade turns"): the gateway cuts the learner's microphone frames into
// utterances by voice activity, an `openai_audio` transcription model (the fake speaking OpenAI's multipart
// `/v1/audio/transcriptions`) hears each one, the persona answers, and an ElevenLabs voice (the fake streaming
// `pcm_24000`) speaks the reply sentence by sentence as it streams, to the outcome marker.

const OPENAI_KEY = `sk-audio-${newId().replace(/-/g, '')}`;
const ELEVENLABS_KEY = `xi-${newId().replace(/-/g, '')}`;
const AZURE_KEY = `azure-${newId().replace(/-/g, '')}`;

await describeApi(
  '[VOICE]: a cascade over the gateway (OpenAI audio recognition, ElevenLabs speech),',
  (context) => {
    let openAi: FakeOpenAiServer;
    let elevenLabs: FakeElevenLabsServer;
    let azure: FakeAzureSpeechServer;
    let azureScenario = '';
    let openAiScenario = '';
    let learner = { token: '', userId: '' };
    let organization = '';
    let handsFree = '';
    let pushToTalk = '';
    const { api } = context;
    const { socketOf, start, speak, closeAll } = voiceSockets(() => context.server.url);
    const startSession = async (scenarioId: string) => {
      const started = await api(learner.token).call(sessions.create, { body: { scenario_id: scenarioId } });
      expect(started.status).toBe(201);
      return started.body.id!;
    };

    beforeAll(async () => {
      openAi = await startFakeOpenAiServer({
        apiKey: OPENAI_KEY,
        models: ['gpt-4o-mini-transcribe', 'gpt-4o-mini-tts'],
      });
      elevenLabs = await startFakeElevenLabsServer({ apiKey: ELEVENLABS_KEY });
      azure = await startFakeAzureSpeechServer({ apiKey: AZURE_KEY });
      const superAdmin = context.superAdmin.token;
      const admin = api(superAdmin);
      const provider = async (
        kind: 'openai_audio' | 'elevenlabs' | 'azure_microsoft',
        baseUrl: string,
        key: string,
      ) => {
        const created = await admin.call(providers.create, {
          body: { name: unique(kind), kind, base_url: baseUrl, enabled: true },
        });
        await admin.call(keys.create, { body: { provider_id: created.body.id!, label: 'Voice', value: key } });
        return created.body.id!;
      };
      const model = async (providerId: string, modelId: string, capability: 'speech' | 'transcription') => {
        const created = await admin.call(models.create, {
          body: {
            provider_id: providerId,
            model_id: modelId,
            display_name: unique(modelId),
            capabilities: [capability],
            credits_per_minute: 0,
          },
        });
        expect(created.status).toBe(201);
        return created.body.id!;
      };
      const openAiAudio = await provider('openai_audio', openAi.baseUrl, OPENAI_KEY);
      const recognition = await model(openAiAudio, 'gpt-4o-mini-transcribe', 'transcription');
      await model(openAiAudio, 'gpt-4o-mini-tts', 'speech');
      const speaker = await provider('elevenlabs', elevenLabs.origin, ELEVENLABS_KEY);
      await model(speaker, 'eleven_flash_v2_5', 'speech');
      const voiceOf = async (providerId: string, voiceId: string) => {
        const created = await admin.call(voices.create, {
          body: { provider_id: providerId, voice_id: voiceId, display_name: unique('Voice'), languages: ['en-GB'] },
        });
        expect(created.status).toBe(201);
        return created.body.id!;
      };
      const alice = await voiceOf(speaker, 'el-alice');
      const azureProvider = await provider('azure_microsoft', azure.origin, AZURE_KEY);
      const azureRecognition = await model(azureProvider, 'azure-stt', 'transcription');
      await model(azureProvider, 'azure-tts', 'speech');
      const sonia = await voiceOf(azureProvider, 'en-GB-SoniaNeural');
      const alloy = await voiceOf(openAiAudio, 'alloy');

      const organizationId = await createTestOrganization(context.server, unique('Acme'));
      organization = organizationId;
      const editor = (await signInAs(context.server, { role: 'editor', organizationId })).token;
      learner = await signInAs(context.server, { role: 'user', organizationId });
      const operator = (await signInAs(context.server, { role: 'operator', organizationId })).token;
      await moveCredits(context.server, superAdmin, 'organizations', 'allocate_credit', organizationId, {
        nb_credits: 100,
      });
      await moveCredits(context.server, operator, 'users', 'allocate_credit', learner.userId, { nb_credits: 100 });
      // Recorded: a cascade keeps each utterance as recognition heard it and each reply as it was spoken.
      await api(operator).call(organizations.update, {
        params: { id: organizationId },
        body: { record_voice_sessions: true },
      });
      const scenario = (
        turnDetection: 'voice_activity' | 'push_to_talk',
        { voiceId = alice, recognitionModelId = recognition } = {},
      ) =>
        publishedScenario(context.server, editor, {
          modelId: BUILTIN_AI_MODEL_ID,
          timeLimitSeconds: 300,
          mode: 'voice',
          scenarioFields: {
            voice_id: voiceId,
            voice_settings: {
              speed: 1,
              turn_detection: turnDetection,
              silence_ms: 400,
              recognition_model_id: recognitionModelId,
            },
          },
        });
      handsFree = await scenario('voice_activity');
      pushToTalk = await scenario('push_to_talk');
      openAiScenario = await scenario('voice_activity', { voiceId: alloy });
      azureScenario = await scenario('voice_activity', { voiceId: sonia, recognitionModelId: azureRecognition });
    }, 180_000);
    afterEach(() => {
      closeAll();
    });
    afterAll(async () => {
      await openAi?.close();
      await elevenLabs?.close();
      await azure?.close();
    });

    it('hears spoken turns by voice activity, recognises them, and speaks streamed replies to a win', async () => {
      const id = await startSession(handsFree);
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      expect(await start(socket, id)).toMatchObject({
        ok: true,
        answer: { capabilities: { recognition: 'audio', turn_detection: 'voice_activity', audio_in: true } },
      });
      openAi.scriptTranscription('Hello, what do you think of our offer?', 'So we have a deal?');
      speak(socket, id, syntheticSpeechFrames([{ silenceMs: 200 }, { voiceMs: 600 }, { silenceMs: 600 }]));
      await heard.until(() => heard.done.length === 1);
      speak(socket, id, syntheticSpeechFrames([{ voiceMs: 500 }, { silenceMs: 600 }]));
      await heard.until(() => heard.outcomes.length === 1);

      expect(heard.outcomes).toEqual(['win']);
      expect(heard.speech).toEqual(['started', 'stopped', 'started', 'stopped']);
      // Each utterance went to recognition as a WAVE file of about its length (speech, hangover and prefix).
      const files = openAi.transcriptions();
      expect(files).toHaveLength(2);
      expect(files[0]!.headers['content-type']).toContain('multipart/form-data');
      // The replies were spoken by the ElevenLabs voice, streamed, as audible 24 kHz speech.
      expect(elevenLabs.streams.length).toBeGreaterThanOrEqual(2);
      const samples = Int16Array.from(heard.chunks.flatMap((chunk) => [...chunk.samples]));
      expect(pcm16Rms(samples)).toBeGreaterThan(500);
      const turns = (await api(learner.token).call(sessions.read, { params: { id } })).body.turns!;
      expect(turns.filter((turn) => turn.role === 'learner').map((turn) => turn.text)).toEqual([
        'Hello, what do you think of our offer?',
        'So we have a deal?',
      ]);
      const timings = await voiceTurnTimingsOf(context.server.platform.db, id);
      expect(timings.map((timing) => timing.providerKind)).toEqual(['elevenlabs', 'elevenlabs']);

      // Both sides of both turns are recorded, each under its transcript turn; an utterance lasts about what was said.
      const list = () => api(learner.token).call(recordings.list, { params: { id } });
      await expect.poll(async () => (await list()).body.items?.length, { timeout: 10_000 }).toBe(4);
      const kept = (await list()).body.items!;
      expect(kept.map((item) => `${item.role}:${item.turn_id}`).sort()).toEqual(
        turns
          .map((turn) => `${turn.role}:${turn.id}`)
          .slice(-4)
          .sort(),
      );
      const utterances = kept.filter((item) => item.role === 'learner').map((item) => item.duration_ms);
      expect(utterances.every((ms) => ms >= 500 && ms < 2000)).toBe(true);
    });

    it('Azure Speech: utterances recognised through the Speech SDK (USP over WebSocket) and replies spoken by an Azure voice, to a win', async () => {
      const id = await startSession(azureScenario);
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      await start(socket, id);
      azure.script({ phrases: ['Hello, what do you think of our offer?'] }, { phrases: ['So we have a deal?'] });
      const first = syntheticSpeechFrames([{ voiceMs: 600 }, { silenceMs: 600 }]);
      // Streaming recognition: the learner's words show while they speak, before the silence ends the utterance.
      speak(socket, id, first.slice(0, 30));
      const learnerLines = () => heard.transcripts.filter((line) => line.role === 'learner');
      await heard.until(() => learnerLines().filter((line) => !line.final).length >= 2);
      expect(heard.speech).toEqual(['started']);
      expect(learnerLines().every((line) => !line.final)).toBe(true);
      speak(socket, id, first.slice(30));
      await heard.until(() => heard.done.length === 1);
      const lines = learnerLines();
      const final = lines.findIndex((line) => line.final);
      expect(final).toBeGreaterThanOrEqual(2);
      // Pieces that add up on screen (the words beyond those shown), under the turn the final text is recorded as.
      expect(
        lines
          .slice(0, final)
          .map((line) => line.text)
          .join(' '),
      ).toMatch(/^hello what\b/);
      expect(lines.every((line) => line.turn_id === lines[final]!.turn_id)).toBe(true);
      expect(lines[final]!.text).toBe('Hello, what do you think of our offer?');
      speak(socket, id, syntheticSpeechFrames([{ voiceMs: 500 }, { silenceMs: 600 }]));
      await heard.until(() => heard.outcomes.length === 1);

      expect(heard.outcomes).toEqual(['win']);
      // Two recognitions, at 16 kHz as Azure hears, in the session's language.
      expect(azure.recognitions).toHaveLength(2);
      expect(azure.recognitions.at(-1)!.query.language).toBe('en-GB');
      expect(azure.streams.length).toBeGreaterThanOrEqual(2);
      const turns = (await api(learner.token).call(sessions.read, { params: { id } })).body.turns!;
      expect(turns.filter((turn) => turn.role === 'learner').map((turn) => turn.text)).toEqual([
        'Hello, what do you think of our offer?',
        'So we have a deal?',
      ]);
      expect(turns.find((turn) => turn.role === 'learner')!.id).toBe(lines[final]!.turn_id);
      const timings = await voiceTurnTimingsOf(context.server.platform.db, id);
      expect(timings.map((timing) => timing.providerKind)).toEqual(['azure_microsoft', 'azure_microsoft']);
      // Each streamed recognition is charged as a transcription of the seconds heard.
      const usage = (await aiUsageOf(context.server.platform.db, organization)).filter(
        (row) => row.sessionId === id && row.operation === 'transcribe',
      );
      expect(usage).toHaveLength(2);
      expect(usage.every((row) => (row.audioSeconds ?? 0) >= 0.5)).toBe(true);
      // Both utterances are recorded as before, each under its turn.
      const kept = async () => (await api(learner.token).call(recordings.list, { params: { id } })).body.items ?? [];
      await expect
        .poll(async () => (await kept()).filter((item) => item.role === 'learner').length, { timeout: 10_000 })
        .toBe(2);
      expect((await kept()).filter((item) => item.role === 'learner').map((item) => item.turn_id)).toContain(
        lines[final]!.turn_id,
      );
    });

    it('OpenAI audio both ways: recognition, and the reply streamed as raw PCM by /v1/audio/speech', async () => {
      const id = await startSession(openAiScenario);
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      await start(socket, id);
      openAi.scriptTranscription('So we have a deal?');
      speak(socket, id, syntheticSpeechFrames([{ voiceMs: 500 }, { silenceMs: 600 }]));
      await heard.until(() => heard.outcomes.length === 1);
      expect(heard.outcomes).toEqual(['win']);
      // gpt-4o-mini-transcribe streams its answer: its deltas show as pieces before the final text.
      expect(openAi.transcriptions().at(-1)!.body).toMatchObject({ stream: 'true' });
      expect(
        heard.transcripts.filter((line) => line.role === 'learner').map((line) => `${line.final}:${line.text}`),
      ).toEqual(['false:So', 'false:we', 'false:have', 'false:a', 'false:deal?', 'true:So we have a deal?']);
      expect(openAi.streams.length).toBeGreaterThanOrEqual(1);
      expect(pcm16Rms(Int16Array.from(heard.chunks.flatMap((chunk) => [...chunk.samples])))).toBeGreaterThan(500);
      const timings = await voiceTurnTimingsOf(context.server.platform.db, id);
      expect(timings.map((timing) => timing.providerKind)).toEqual(['openai_audio']);
    });

    it('push-to-talk: the frames between the key and its release are one turn, whatever their pauses', async () => {
      const id = await startSession(pushToTalk);
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      expect(await start(socket, id)).toMatchObject({
        ok: true,
        answer: { capabilities: { recognition: 'audio', turn_detection: 'manual', audio_in: true } },
      });
      openAi.scriptTranscription('So we have a deal?');
      speak(socket, id, syntheticSpeechFrames([{ voiceMs: 300 }, { silenceMs: 800 }, { voiceMs: 300 }]));
      socket.emit('voice.commit', { session_id: id });
      await heard.until(() => heard.outcomes.length === 1);
      expect(heard.outcomes).toEqual(['win']);
      expect(heard.speech).toEqual(['started', 'stopped']);
    });

    it('an utterance recognition cannot hear is no turn, and a failing recognition says so in the socket’s language', async () => {
      const id = await startSession(handsFree);
      const socket = await socketOf(learner.token);
      const heard = recorder(socket);
      await start(socket, id);
      // A 400 is not retried (a 500 would be, by the SDK).
      openAi.scriptTranscription('', { status: 400 });
      speak(socket, id, syntheticSpeechFrames([{ voiceMs: 300 }, { silenceMs: 600 }]));
      speak(socket, id, syntheticSpeechFrames([{ voiceMs: 300 }, { silenceMs: 600 }]));
      await heard.until(() => heard.errors.length === 1);
      expect(heard.errors).toEqual(['coaching_voice_recognition_failed']);
      const turns = (await api(learner.token).call(sessions.read, { params: { id } })).body.turns!;
      expect(turns.filter((turn) => turn.role === 'learner')).toEqual([]);
    });
  },
  { engines: 'one', env: { AI_ALLOW_PRIVATE_NETWORK: 'true' } },
);
