import {
  AiCallError,
  pcm16Rms,
  toWav,
  type AiAdapter,
  type AiConnection,
  type TranscribeRequest,
} from '@ai-coaching/domain';
import {
  azureRecognitionHost,
  createAzureSpeechAdapter,
  createOpenAiAdapter,
  createOpenAiAudioAdapter,
  espeakSpeak,
  type ProviderCallOptions,
} from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, fakeCallOptions, providerConnection } from './adapter-fixtures.js';
import { startFakeAzureSpeechServer, type FakeAzureSpeechServer } from '../fakes/azure-speech-server.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { syntheticSpeechFrames, type SpeechPart } from '../fakes/synthetic-speech.js';

// Cascade recognition (docs/voice.md, "Cascade recognition and streamed synthesis"): each adapter through its
// vendor's real SDK (the `openai` SDK's multipart upload, the Azure Speech SDK's USP WebSocket) against a fake on
// 127.0.0.1 that speaks the same wire protocol. The utterance is what the cascade hands over: a 24 kHz PCM16 WAV.

const OPENAI_KEY = 'sk-audio-recognition-7d1f0c';
const AZURE_KEY = 'azure-recognition-key-51a9e2';
const WRONG_KEY = 'wrong-key-0f3b6a99';
let openAi: FakeOpenAiServer;
let azure: FakeAzureSpeechServer;

/** One learner utterance as the cascade makes it: voiced bursts between silences, as a 24 kHz WAV. */
const utterance = (parts: SpeechPart[]): TranscribeRequest['audio'] => {
  const frames = syntheticSpeechFrames(parts);
  const samples = new Int16Array(frames.length * frames[0]!.length);
  frames.forEach((frame, index) => samples.set(frame, index * frame.length));
  return toWav({ sampleRate: 24_000, samples });
};

const SPOKEN: SpeechPart[] = [
  { silenceMs: 200 },
  { voiceMs: 1200 },
  { silenceMs: 300 },
  { voiceMs: 600 },
  { silenceMs: 200 },
];

const request = (modelId: string, audio = utterance(SPOKEN), language: 'en-GB' | 'fr-FR' = 'en-GB') => ({
  model: { modelId },
  audio,
  mimeType: 'audio/wav',
  language,
});

const context = { organizationId: 'org-1', sessionId: 'session-1' };

/** The 20 ms frames of an utterance as the gateway hears them (24 kHz). */
const framesOf = (parts: SpeechPart[] = SPOKEN) => syntheticSpeechFrames(parts);

/** A streaming recognition of the cascade's 24 kHz frames, with the partials it told. */
const listen = (adapter: AiAdapter, modelId: string, signal?: AbortSignal) => {
  const partials: string[] = [];
  const stream = adapter.transcribeStream!(
    { model: { modelId }, sampleRate: 24_000, language: 'en-GB', onPartial: ({ text }) => partials.push(text) },
    { ...context, ...(signal ? { signal } : {}) },
  );
  return { stream, partials };
};

const failure = async (promise: Promise<unknown>): Promise<AiCallError> => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AiCallError);
  return error as AiCallError;
};

beforeAll(async () => {
  openAi = await startFakeOpenAiServer({ apiKey: OPENAI_KEY, models: ['gpt-4o-mini-transcribe', 'whisper-1'] });
  azure = await startFakeAzureSpeechServer({ apiKey: AZURE_KEY });
});
afterAll(async () => {
  await openAi?.close();
  await azure?.close();
});

describe('[AI]: recognition of one utterance over OpenAI audio (the openai SDK, multipart)', () => {
  const adapterOf = (extra: Partial<AiConnection> = {}, kind: AiConnection['kind'] = 'openai_audio'): AiAdapter =>
    kind === 'openai_audio'
      ? createOpenAiAudioAdapter(
          providerConnection(kind, { baseUrl: openAi.baseUrl, apiKey: OPENAI_KEY, ...extra }),
          fakeCallOptions(),
        )
      : createOpenAiAdapter(providerConnection(kind, { apiKey: OPENAI_KEY, ...extra }), fakeCallOptions());

  it('uploads the WAV with the model and the language, and answers the text with the seconds heard', async () => {
    openAi.scriptTranscription('I can deliver on Tuesday.');
    const answer = await adapterOf().transcribe!(request('gpt-4o-mini-transcribe'), context);
    expect(answer).toEqual({
      text: 'I can deliver on Tuesday.',
      usage: { inputTokens: 0, outputTokens: 0, audioSeconds: 2.5 },
    });
    const sent = openAi.transcriptions().at(-1)!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(sent.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent.body).toMatchObject({
      model: 'gpt-4o-mini-transcribe',
      language: 'en',
      response_format: 'json',
      file: { filename: 'speech.wav', type: 'audio/wav', sampleRate: 24_000 },
    });
    const file = (sent.body as { file: { samples: Int16Array } }).file;
    expect(file.samples.length).toBe(2.5 * 24_000);
    expect(pcm16Rms(file.samples)).toBeGreaterThan(2000);
  });

  it('hears what the audio holds when nothing is scripted (a French utterance spoken by eSpeak NG)', async () => {
    const spoken = await espeakSpeak('Bonjour, je vous appelle au sujet de la livraison.', 'fr-FR');
    const answer = await adapterOf().transcribe!(request('whisper-1', toWav(spoken), 'fr-FR'), context);
    const seconds = Math.round((spoken.samples.length / spoken.sampleRate) * 10) / 10;
    expect(answer.text).toBe(`${seconds} seconds of speech`);
    expect(answer.usage.audioSeconds).toBe(seconds);
    expect(openAi.transcriptions().at(-1)!.body).toMatchObject({ model: 'whisper-1', language: 'fr' });
  });

  it('recognises through Azure OpenAI’s deployment path with its API version and key header', async () => {
    openAi.scriptTranscription('Bonjour.');
    const answer = await adapterOf({ baseUrl: openAi.origin, apiVersion: '2024-10-21' }, 'openai_azure').transcribe!(
      request('gpt-4o-mini-transcribe', undefined, 'fr-FR'),
      context,
    );
    expect(answer.text).toBe('Bonjour.');
    const sent = openAi.transcriptions().at(-1)!;
    expect(sent.path).toBe('/openai/deployments/gpt-4o-mini-transcribe/audio/transcriptions');
    expect(sent.query['api-version']).toBe('2024-10-21');
    expect(sent.headers['api-key']).toBe(OPENAI_KEY);
    expect(sent.body).toMatchObject({ language: 'fr' });
  });

  it('names what went wrong: a wrong key, an unknown model, a provider failure, no server, an unreadable format', async () => {
    const wrong = await failure(adapterOf({ apiKey: WRONG_KEY }).transcribe!(request('whisper-1'), context));
    expect(wrong.code).toBe('wrong_key');
    expect(wrong.message).not.toContain(WRONG_KEY.slice(-4));

    expect((await failure(adapterOf().transcribe!(request('no-such-model'), context))).code).toBe('unknown_model');

    openAi.scriptTranscription({ status: 500 });
    const failed = await failure(adapterOf().transcribe!(request('whisper-1'), context));
    expect(failed).toMatchObject({ code: 'provider_error', details: { status: 500 } });

    const port = await closedPort();
    const unreachable = await failure(
      adapterOf({ baseUrl: `http://127.0.0.1:${port}/v1` }).transcribe!(request('whisper-1'), context),
    );
    expect(unreachable.code).toBe('unreachable');

    const mp4 = { ...request('whisper-1'), mimeType: 'video/mp4' };
    expect((await failure(adapterOf().transcribe!(mp4, context))).code).toBe('not_supported');
  });

  it('streaming: the utterance is sent once it has ended, and a gpt-4o transcription model’s deltas are partials', async () => {
    openAi.scriptTranscription('I can deliver on Tuesday.');
    const { stream, partials } = listen(adapterOf(), 'gpt-4o-mini-transcribe');
    const before = openAi.transcriptions().length;
    for (const frame of framesOf()) stream.write(frame);
    // The HTTP API hears whole files: nothing is sent while the learner speaks.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(openAi.transcriptions()).toHaveLength(before);
    expect(partials).toEqual([]);
    const answer = await stream.end();
    expect(answer).toEqual({
      text: 'I can deliver on Tuesday.',
      usage: { inputTokens: 0, outputTokens: 0, audioSeconds: 2.5 },
    });
    // Server-sent `transcript.text.delta` events, told as the text so far, before the final text.
    expect(partials).toEqual(['I', 'I can', 'I can deliver', 'I can deliver on', 'I can deliver on Tuesday.']);
    const sent = openAi.transcriptions().at(-1)!;
    expect(sent.body).toMatchObject({
      model: 'gpt-4o-mini-transcribe',
      stream: 'true',
      language: 'en',
      file: { filename: 'speech.wav', type: 'audio/wav', sampleRate: 24_000 },
    });
    expect((sent.body as { file: { samples: Int16Array } }).file.samples.length).toBe(2.5 * 24_000);
  });

  it('streaming: whisper-1 is not asked to stream and tells no partials; Azure OpenAI’s deployment streams too', async () => {
    openAi.scriptTranscription('Whole at once.');
    const whisper = listen(adapterOf(), 'whisper-1');
    for (const frame of framesOf()) whisper.stream.write(frame);
    expect((await whisper.stream.end()).text).toBe('Whole at once.');
    expect(whisper.partials).toEqual([]);
    expect(openAi.transcriptions().at(-1)!.body).not.toHaveProperty('stream');

    openAi.scriptTranscription('Bonjour à vous.');
    const azureOpenAi = listen(
      adapterOf({ baseUrl: openAi.origin, apiVersion: '2024-10-21' }, 'openai_azure'),
      'gpt-4o-mini-transcribe',
    );
    for (const frame of framesOf()) azureOpenAi.stream.write(frame);
    expect((await azureOpenAi.stream.end()).text).toBe('Bonjour à vous.');
    expect(azureOpenAi.partials).toEqual(['Bonjour', 'Bonjour à', 'Bonjour à vous.']);
    expect(openAi.transcriptions().at(-1)!.path).toBe(
      '/openai/deployments/gpt-4o-mini-transcribe/audio/transcriptions',
    );
  });

  it('streaming: a failure is told at the end, and a cancelled one says so', async () => {
    openAi.scriptTranscription({ status: 500 });
    const failing = listen(adapterOf(), 'gpt-4o-mini-transcribe');
    for (const frame of framesOf()) failing.stream.write(frame);
    expect(await failure(failing.stream.end())).toMatchObject({ code: 'provider_error', details: { status: 500 } });

    const controller = new AbortController();
    const cancelled = listen(adapterOf(), 'gpt-4o-mini-transcribe', controller.signal);
    for (const frame of framesOf()) cancelled.stream.write(frame);
    controller.abort();
    expect((await failure(cancelled.stream.end())).code).toBe('cancelled');
  });

  it('retries a provider failure and answers the next attempt', async () => {
    const adapter = createOpenAiAudioAdapter(
      providerConnection('openai_audio', { baseUrl: openAi.baseUrl, apiKey: OPENAI_KEY }),
      fakeCallOptions({ maxRetries: 1, retryBaseDelayMs: 10 }),
    );
    openAi.scriptTranscription({ status: 503 }, 'Second time lucky.');
    expect((await adapter.transcribe!(request('whisper-1'), context)).text).toBe('Second time lucky.');
  });
});

describe('[AI]: recognition of one utterance over Azure Speech (the Speech SDK, USP over WebSocket)', () => {
  const adapterOf = (extra: Partial<AiConnection> = {}, callOptions: ProviderCallOptions = {}) =>
    createAzureSpeechAdapter(
      providerConnection('azure_microsoft', { baseUrl: azure.origin, apiKey: AZURE_KEY, ...extra }),
      fakeCallOptions(callOptions),
    );

  it('derives the recognition host from the region or the endpoint', () => {
    expect(azureRecognitionHost({ region: 'westeurope' })?.href).toBe('wss://westeurope.stt.speech.microsoft.com/');
    expect(azureRecognitionHost({ baseUrl: 'https://westeurope.tts.speech.microsoft.com' })?.href).toBe(
      'wss://westeurope.stt.speech.microsoft.com/',
    );
    expect(azureRecognitionHost({ baseUrl: 'https://acme.cognitiveservices.azure.com/' })?.href).toBe(
      'wss://acme.cognitiveservices.azure.com/',
    );
    expect(azureRecognitionHost({ baseUrl: 'http://127.0.0.1:5000' })?.href).toBe('ws://127.0.0.1:5000/');
  });

  it('streams the utterance at 16 kHz in the session language and joins the phrases it recognises', async () => {
    azure.script({ phrases: ['I can deliver on Tuesday.', 'At the latest.'] });
    const answer = await adapterOf().transcribe!(request('azure-stt'), context);
    expect(answer).toEqual({
      text: 'I can deliver on Tuesday. At the latest.',
      usage: { inputTokens: 0, outputTokens: 0, audioSeconds: 2.5 },
    });
    const heard = azure.recognitions.at(-1)!;
    expect(heard.path).toBe('/speech/recognition/conversation/cognitiveservices/v1');
    expect(heard.query.language).toBe('en-GB');
    expect(heard.headers['ocp-apim-subscription-key']).toBe(AZURE_KEY);
    expect(heard.config.map((message) => message.path)).toContain('speech.config');
    expect(heard.ended).toBe(true);
    expect(heard.sampleRate).toBe(16_000);
    // 24 kHz resampled to 16 kHz: the same 2.5 s, still audible.
    expect(heard.samples.length).toBe(2.5 * 16_000);
    expect(pcm16Rms(heard.samples)).toBeGreaterThan(2000);
  });

  it('recognises a French utterance spoken by eSpeak NG with the French language', async () => {
    const spoken = await espeakSpeak('Bonjour, la livraison est prévue pour mardi.', 'fr-FR');
    const answer = await adapterOf().transcribe!(request('azure-stt', toWav(spoken), 'fr-FR'), context);
    const seconds = Math.round((spoken.samples.length / spoken.sampleRate) * 10) / 10;
    expect(answer.text).toBe(`${seconds} seconds of speech`);
    expect(azure.recognitions.at(-1)!.query.language).toBe('fr-FR');
  });

  it('answers an empty text when the utterance holds no speech', async () => {
    const silence = utterance([{ silenceMs: 800 }]);
    expect((await adapterOf().transcribe!(request('azure-stt', silence), context)).text).toBe('');
  });

  it('maps the SDK’s cancellations: a wrong key, a provider failure, no server, a refused address', async () => {
    const wrong = await failure(adapterOf({ apiKey: WRONG_KEY }).transcribe!(request('azure-stt'), context));
    expect(wrong.code).toBe('wrong_key');
    expect(wrong.message).not.toContain(WRONG_KEY);

    const before = azure.recognitions.length;
    azure.script({ status: 500 });
    const failed = await failure(adapterOf().transcribe!(request('azure-stt'), context));
    expect(failed).toMatchObject({ code: 'provider_error', details: { status: 500 } });
    // One attempt: the SDK's own reconnection is off, the caller's retries (none here) decide.
    expect(azure.recognitions.length).toBe(before + 1);
    // One attempt: the SDK's own reconnection is off, the caller's retries (none here) decide.
    expect(azure.recognitions.length).toBe(before + 1);

    const port = await closedPort();
    const unreachable = await failure(
      adapterOf({ baseUrl: `http://127.0.0.1:${port}` }).transcribe!(request('azure-stt'), context),
    );
    expect(unreachable.code).toBe('unreachable');

    const attempts = azure.recognitions.length;
    const refused = createAzureSpeechAdapter(
      providerConnection('azure_microsoft', { baseUrl: azure.origin, apiKey: AZURE_KEY }),
      fakeCallOptions({ allowPrivateNetwork: false }),
    );
    expect((await failure(refused.transcribe!(request('azure-stt'), context))).code).toBe('address_refused');
    expect(azure.recognitions.length).toBe(attempts);
  });

  it('retries a refused connection as any provider failure, and answers the next attempt', async () => {
    azure.script({ status: 503 }, { phrases: ['Second time lucky.'] });
    const answer = await adapterOf({}, { maxRetries: 1, retryBaseDelayMs: 10 }).transcribe!(
      request('azure-stt'),
      context,
    );
    expect(answer.text).toBe('Second time lucky.');
  });

  it('stops when the caller cancels', async () => {
    const controller = new AbortController();
    controller.abort();
    const cancelled = await failure(
      adapterOf().transcribe!(request('azure-stt'), { ...context, signal: controller.signal }),
    );
    expect(cancelled.code).toBe('cancelled');
  });

  it('streaming: hears the utterance while it is spoken, its hypotheses as partials before the end, then the phrases', async () => {
    azure.script({ phrases: ['I can deliver on Tuesday.', 'At the latest.'] });
    const { stream, partials } = listen(adapterOf(), 'azure-stt');
    const frames = framesOf();
    // The first second and a half: the service hears it and answers hypotheses while the rest is still to come.
    for (const frame of frames.slice(0, 75)) stream.write(frame);
    await expect.poll(() => partials.length, { timeout: 5000 }).toBeGreaterThan(1);
    const heard = azure.recognitions.at(-1)!;
    expect(heard.ended).toBe(false);
    expect(partials.slice(0, 2)).toEqual(['i', 'i can']);
    for (const frame of frames.slice(75)) stream.write(frame);
    const answer = await stream.end();
    expect(answer).toEqual({
      text: 'I can deliver on Tuesday. At the latest.',
      usage: { inputTokens: 0, outputTokens: 0, audioSeconds: 2.5 },
    });
    // The second phrase's hypothesis comes after the first phrase, which it follows.
    expect(partials.at(-1)).toBe('I can deliver on Tuesday. at the latest');
    expect(heard.ended).toBe(true);
    expect(heard.query.language).toBe('en-GB');
    expect(heard.sampleRate).toBe(16_000);
    // Every frame, resampled block by block to 16 kHz: the same 2.5 s, still audible.
    expect(heard.samples.length).toBe(2.5 * 16_000);
    expect(pcm16Rms(heard.samples)).toBeGreaterThan(2000);
  });

  it('streaming: silence is an empty text; a cancelled recognition, a wrong key, no server and a refused address fail', async () => {
    const silent = listen(adapterOf(), 'azure-stt');
    for (const frame of framesOf([{ silenceMs: 800 }])) silent.stream.write(frame);
    expect((await silent.stream.end()).text).toBe('');
    expect(silent.partials).toEqual([]);

    const controller = new AbortController();
    const cancelled = listen(adapterOf(), 'azure-stt', controller.signal);
    for (const frame of framesOf().slice(0, 40)) cancelled.stream.write(frame);
    await expect.poll(() => cancelled.partials.length, { timeout: 5000 }).toBeGreaterThan(0);
    controller.abort();
    expect((await failure(cancelled.stream.end())).code).toBe('cancelled');

    const wrong = listen(adapterOf({ apiKey: WRONG_KEY }), 'azure-stt');
    for (const frame of framesOf()) wrong.stream.write(frame);
    const refusedKey = await failure(wrong.stream.end());
    expect(refusedKey.code).toBe('wrong_key');
    expect(refusedKey.message).not.toContain(WRONG_KEY);

    const port = await closedPort();
    const nowhere = listen(adapterOf({ baseUrl: `http://127.0.0.1:${port}` }), 'azure-stt');
    nowhere.stream.write(framesOf()[0]!);
    expect((await failure(nowhere.stream.end())).code).toBe('unreachable');

    const attempts = azure.recognitions.length;
    const guarded = createAzureSpeechAdapter(
      providerConnection('azure_microsoft', { baseUrl: azure.origin, apiKey: AZURE_KEY }),
      fakeCallOptions({ allowPrivateNetwork: false }),
    );
    const refused = listen(guarded, 'azure-stt');
    refused.stream.write(framesOf()[0]!);
    expect((await failure(refused.stream.end())).code).toBe('address_refused');
    expect(azure.recognitions.length).toBe(attempts);
  });

  it('streaming: the time limit runs from the end, not while the learner speaks', async () => {
    azure.script({ phrases: ['Take your time.'] });
    const { stream } = listen(adapterOf({}, { timeoutMs: 300 }), 'azure-stt');
    const frames = framesOf();
    for (const frame of frames.slice(0, 40)) stream.write(frame);
    // Longer than the call's timeout: the learner is still speaking, which is no provider's delay.
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const frame of frames.slice(40)) stream.write(frame);
    expect((await stream.end()).text).toBe('Take your time.');
  });
});
