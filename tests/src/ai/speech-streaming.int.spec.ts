import { aiPort, type AppServices } from '@ai-coaching/application';
import { apiClient, createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  aiModelOperations as models,
  aiProviderOperations as providers,
  aiServiceKeyOperations as keys,
} from '@ai-coaching/contracts';
import { AiCallError, pcm16Rms, toWav, type AiAdapter, type Pcm16 } from '@ai-coaching/domain';
import {
  aiUsageOf,
  createAzureSpeechAdapter,
  createElevenLabsAdapter,
  createOpenAiAudioAdapter,
  newId,
} from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, fakeCallOptions, providerConnection } from './adapter-fixtures.js';
import { startFakeAzureSpeechServer, type FakeAzureSpeechServer } from '../fakes/azure-speech-server.js';
import { startFakeElevenLabsServer, type FakeElevenLabsServer } from '../fakes/elevenlabs-server.js';
import type { StreamRecord } from '../fakes/fake-audio.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { syntheticSpeechFrames } from '../fakes/synthetic-speech.js';

// Streamed synthesis of the cascades (docs/voice.md, "Cascade recognition and streamed synthesis"): each adapter
// through its vendor's SDK or REST API against a fake that sends raw 24 kHz PCM in several chunks (odd-sized, so
// samples straddle chunk boundaries) with pauses between them. The first chunk must reach the caller while the fake
// is still sending; then the AI port with an organization's provider, key and model, recording the usage.

const OPENAI_KEY = 'sk-audio-streaming-4b8e21';
const ELEVENLABS_KEY = 'xi-streaming-key-93d0c7';
const AZURE_KEY = 'azure-streaming-key-6f2a18';
const WRONG_KEY = 'wrong-streaming-key-11aa';
const TEXT = 'Our delivery dates have slipped twice this quarter, so I need a firm commitment.';

let openAi: FakeOpenAiServer;
let elevenLabs: FakeElevenLabsServer;
let azure: FakeAzureSpeechServer;

const speakRequest = (modelId: string, voiceId: string, text = TEXT) =>
  ({ model: { modelId }, voiceId, text, language: 'en-GB' }) as const;
const context = { organizationId: 'org-1', sessionId: 'session-1' };

/** Reads a stream to its end, noting whether the fake was still sending when the first chunk arrived. */
const collect = async (stream: AsyncIterable<Pcm16>, streams: () => StreamRecord[]) => {
  const chunks: Pcm16[] = [];
  let firstWhileSending: boolean | undefined;
  for await (const chunk of stream) {
    if (chunks.length === 0) firstWhileSending = streams().at(-1)?.ended === false;
    chunks.push(chunk);
  }
  const samples = new Int16Array(chunks.reduce((sum, chunk) => sum + chunk.samples.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    samples.set(chunk.samples, at);
    at += chunk.samples.length;
  }
  return { chunks, samples, firstWhileSending };
};

const failure = async (stream: AsyncIterable<Pcm16>): Promise<AiCallError> => {
  try {
    for await (const _chunk of stream) {
      // Reading on until the failure.
    }
  } catch (error) {
    expect(error).toBeInstanceOf(AiCallError);
    return error as AiCallError;
  }
  throw new Error('The stream did not fail.');
};

/** What the fakes synthesise: 60 ms of audio a character, as bytes, so the samples expected are known. */
const expectedSamples = (text: string) => Math.round((Math.max(400, text.length * 60) / 1000) * 24_000);

beforeAll(async () => {
  openAi = await startFakeOpenAiServer({ apiKey: OPENAI_KEY, models: ['gpt-4o-mini-tts'] });
  elevenLabs = await startFakeElevenLabsServer({ apiKey: ELEVENLABS_KEY });
  azure = await startFakeAzureSpeechServer({ apiKey: AZURE_KEY });
});
afterAll(async () => {
  await openAi?.close();
  await elevenLabs?.close();
  await azure?.close();
});

const cases: {
  name: string;
  adapter: (apiKey: string) => AiAdapter;
  modelId: string;
  voiceId: string;
  streams: () => StreamRecord[];
  sent: () => void;
}[] = [
  {
    name: 'ElevenLabs (textToSpeech.stream, pcm_24000)',
    adapter: (apiKey) =>
      createElevenLabsAdapter(
        providerConnection('elevenlabs', { baseUrl: elevenLabs.origin, apiKey }),
        fakeCallOptions(),
      ),
    modelId: 'eleven_flash_v2_5',
    voiceId: 'el-alice',
    streams: () => elevenLabs.streams,
    sent: () => {
      const request = elevenLabs.syntheses().at(-1)!;
      expect(request.path).toBe('/v1/text-to-speech/el-alice/stream');
      expect(request.query.output_format).toBe('pcm_24000');
      expect(JSON.parse(request.body)).toMatchObject({ text: TEXT, model_id: 'eleven_flash_v2_5' });
    },
  },
  {
    name: 'OpenAI audio (audio.speech.create, pcm)',
    adapter: (apiKey) =>
      createOpenAiAudioAdapter(
        providerConnection('openai_audio', { baseUrl: openAi.baseUrl, apiKey }),
        fakeCallOptions(),
      ),
    modelId: 'gpt-4o-mini-tts',
    voiceId: 'coral',
    streams: () => openAi.streams,
    sent: () => {
      expect(openAi.speeches().at(-1)!.body).toMatchObject({
        model: 'gpt-4o-mini-tts',
        voice: 'coral',
        input: TEXT,
        response_format: 'pcm',
      });
    },
  },
  {
    name: 'Azure Speech (REST synthesis, raw-24khz-16bit-mono-pcm)',
    adapter: (apiKey) =>
      createAzureSpeechAdapter(
        providerConnection('azure_microsoft', { baseUrl: azure.origin, apiKey }),
        fakeCallOptions(),
      ),
    modelId: 'azure-tts',
    voiceId: 'en-GB-SoniaNeural',
    streams: () => azure.streams,
    sent: () => {
      const request = azure.syntheses().at(-1)!;
      expect(request.headers['x-microsoft-outputformat']).toBe('raw-24khz-16bit-mono-pcm');
      expect(request.body).toContain('<voice name="en-GB-SoniaNeural">');
    },
  },
];

const keyOf: Record<string, string> = {
  'ElevenLabs (textToSpeech.stream, pcm_24000)': ELEVENLABS_KEY,
  'OpenAI audio (audio.speech.create, pcm)': OPENAI_KEY,
  'Azure Speech (REST synthesis, raw-24khz-16bit-mono-pcm)': AZURE_KEY,
};

describe.each(cases)('[AI]: streamed synthesis through $name', (streamCase) => {
  it('yields 24 kHz chunks of whole samples as they arrive, the first while the provider is still sending', async () => {
    const adapter = streamCase.adapter(keyOf[streamCase.name]!);
    const { chunks, samples, firstWhileSending } = await collect(
      adapter.speakStream!(speakRequest(streamCase.modelId, streamCase.voiceId), context),
      streamCase.streams,
    );
    streamCase.sent();
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    expect(firstWhileSending).toBe(true);
    expect(chunks.every((chunk) => chunk.sampleRate === 24_000)).toBe(true);
    // Every byte sent arrives as samples, none lost or doubled at the odd chunk boundaries.
    expect(samples.length).toBe(expectedSamples(TEXT));
    expect(streamCase.streams().at(-1)!.bytes).toBe(samples.length * 2);
    expect(pcm16Rms(samples)).toBeGreaterThan(2000);
    // Re-aligned, not shifted by a byte: the tone starts at 0 and rises.
    expect(Math.abs(samples[0]!)).toBeLessThan(50);
    expect(samples[5]!).toBeGreaterThan(samples[0]!);
  });

  it('stops the request when the caller stops reading (barge-in)', async () => {
    const adapter = streamCase.adapter(keyOf[streamCase.name]!);
    const long = `${TEXT} ${TEXT} ${TEXT}`;
    for await (const _chunk of adapter.speakStream!(
      speakRequest(streamCase.modelId, streamCase.voiceId, long),
      context,
    )) {
      break;
    }
    // The fake notices the closed connection and sends nothing more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const record = streamCase.streams().at(-1)!;
    expect(record.ended).toBe(false);
    expect(record.bytes).toBeLessThan(expectedSamples(long) * 2);
  });

  it('fails with wrong_key for a wrong key, never quoting it', async () => {
    const adapter = streamCase.adapter(WRONG_KEY);
    const error = await failure(adapter.speakStream!(speakRequest(streamCase.modelId, streamCase.voiceId), context));
    expect(error.code).toBe('wrong_key');
    expect(error.message).not.toContain(WRONG_KEY.slice(-4));
  });
});

describe('[AI]: streamed synthesis failures', () => {
  it('names a provider failure, retried first when the policy allows', async () => {
    const adapter = createElevenLabsAdapter(
      providerConnection('elevenlabs', { baseUrl: elevenLabs.origin, apiKey: ELEVENLABS_KEY }),
      fakeCallOptions(),
    );
    elevenLabs.failStreams(500);
    const error = await failure(adapter.speakStream!(speakRequest('eleven_flash_v2_5', 'el-alice'), context));
    expect(error).toMatchObject({ code: 'provider_error', details: { status: 500 } });

    const retrying = createElevenLabsAdapter(
      providerConnection('elevenlabs', { baseUrl: elevenLabs.origin, apiKey: ELEVENLABS_KEY }),
      fakeCallOptions({ maxRetries: 1, retryBaseDelayMs: 10 }),
    );
    elevenLabs.failStreams(503);
    const { chunks } = await collect(
      retrying.speakStream!(speakRequest('eleven_flash_v2_5', 'el-alice'), context),
      () => elevenLabs.streams,
    );
    expect(chunks.length).toBeGreaterThanOrEqual(2);
  });

  it('names an unknown model and an unreachable provider', async () => {
    const adapter = createOpenAiAudioAdapter(
      providerConnection('openai_audio', { baseUrl: openAi.baseUrl, apiKey: OPENAI_KEY }),
      fakeCallOptions(),
    );
    expect((await failure(adapter.speakStream!(speakRequest('no-such-tts', 'coral'), context))).code).toBe(
      'unknown_model',
    );
    const gone = createAzureSpeechAdapter(
      providerConnection('azure_microsoft', { baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: AZURE_KEY }),
      fakeCallOptions(),
    );
    expect((await failure(gone.speakStream!(speakRequest('azure-tts', 'en-GB-SoniaNeural'), context))).code).toBe(
      'unreachable',
    );
  });
});

// ---- through the AI port ----------------------------------------------------------------------------------------

const unique = (label: string) => `${label} ${newId().slice(-8)}`;

await describeApi(
  '[AI]: cascade speech through the AI port',
  (context) => {
    let services: AppServices;

    beforeAll(async () => {
      services = context.server.platform as unknown as AppServices;
    }, 120_000);

    /** An organization's provider of this kind, with its key and one model of these capabilities. */
    const provider = async (
      kind: 'elevenlabs' | 'openai_audio' | 'azure_microsoft',
      baseUrl: string,
      key: string,
      modelId: string,
      capability: 'speech' | 'transcription',
    ) => {
      const organizationId = await createTestOrganization(context.server, unique('Tenant'));
      const { token } = await signInAs(context.server, { role: 'operator', organizationId });
      const api = apiClient(context.server, token);
      const created = (
        await api.call(providers.create, {
          body: { name: unique(kind), kind, base_url: baseUrl, enabled: true },
        })
      ).body;
      await api.call(keys.create, { body: { provider_id: created.id, label: 'Voice', value: key } });
      const model = (
        await api.call(models.create, {
          body: {
            provider_id: created.id,
            model_id: modelId,
            display_name: unique('Model'),
            capabilities: [capability],
            credits_per_minute: 1,
          },
        })
      ).body;
      return { organizationId, ref: { providerId: created.id, modelId: model.id } };
    };

    it('streams an organization’s ElevenLabs voice and records the seconds received as speak usage', async () => {
      const { organizationId, ref } = await provider(
        'elevenlabs',
        elevenLabs.origin,
        ELEVENLABS_KEY,
        'eleven_flash_v2_5',
        'speech',
      );
      const { chunks, samples } = await collect(
        aiPort(services).speakStream(
          ref,
          { voiceId: 'el-alice', text: TEXT, language: 'en-GB' },
          { organizationId, sessionId: 'session-stream-1' },
        ),
        () => elevenLabs.streams,
      );
      expect(chunks.length).toBeGreaterThanOrEqual(2);
      expect(elevenLabs.requests.at(-1)!.headers['xi-api-key']).toBe(ELEVENLABS_KEY);
      await expect
        .poll(() => aiUsageOf(context.server.platform.db, organizationId))
        .toEqual([
          expect.objectContaining({
            providerId: ref.providerId,
            modelId: ref.modelId,
            sessionId: 'session-stream-1',
            operation: 'speak',
            audioSeconds: Math.round((samples.length / 24_000) * 10) / 10,
          }),
        ]);
    });

    it('records what was received when the caller stops early, and refuses a model without speech', async () => {
      const { organizationId, ref } = await provider(
        'openai_audio',
        openAi.baseUrl,
        OPENAI_KEY,
        'gpt-4o-mini-tts',
        'speech',
      );
      for await (const _chunk of aiPort(services).speakStream(
        ref,
        { voiceId: 'coral', text: TEXT, language: 'en-GB' },
        { organizationId },
      )) {
        break;
      }
      const usage = await aiUsageOf(context.server.platform.db, organizationId);
      expect(usage).toHaveLength(1);
      expect(usage[0]).toMatchObject({ operation: 'speak' });
      expect(usage[0]!.audioSeconds).toBeGreaterThan(0);
      expect(usage[0]!.audioSeconds).toBeLessThan(expectedSamples(TEXT) / 24_000);

      const recogniser = await provider('openai_audio', openAi.baseUrl, OPENAI_KEY, 'gpt-4o-mini-tts', 'transcription');
      await expect(
        (async () => {
          for await (const _chunk of aiPort(services).speakStream(
            recogniser.ref,
            { voiceId: 'coral', text: TEXT, language: 'en-GB' },
            { organizationId: recogniser.organizationId },
          )) {
            // Never reached.
          }
        })(),
      ).rejects.toMatchObject({ code: 'not_supported' });
    });

    it('transcribes with an organization’s Azure Speech provider and records the seconds heard', async () => {
      const { organizationId, ref } = await provider(
        'azure_microsoft',
        azure.origin,
        AZURE_KEY,
        'azure-stt',
        'transcription',
      );
      const frames = syntheticSpeechFrames([{ silenceMs: 100 }, { voiceMs: 800 }, { silenceMs: 100 }]);
      const samples = new Int16Array(frames.length * 480);
      frames.forEach((frame, index) => samples.set(frame, index * 480));
      azure.script({ phrases: ['Tuesday works for me.'] });
      const answer = await aiPort(services).transcribe(
        ref,
        { audio: toWav({ sampleRate: 24_000, samples }), mimeType: 'audio/wav', language: 'en-GB' },
        { organizationId, sessionId: 'session-stt-1' },
      );
      expect(answer.text).toBe('Tuesday works for me.');
      expect(azure.recognitions.at(-1)!.query.language).toBe('en-GB');
      await expect
        .poll(() => aiUsageOf(context.server.platform.db, organizationId))
        .toEqual([expect.objectContaining({ operation: 'transcribe', sessionId: 'session-stt-1', audioSeconds: 1 })]);
    });
  },
  { env: { AI_ALLOW_PRIVATE_NETWORK: 'true' } },
);
