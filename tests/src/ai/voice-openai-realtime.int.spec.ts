import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  AiCallError,
  type AiConnection,
  type VoiceProvider,
  type VoiceProviderEvent,
  type VoiceSessionRequest,
} from '@ai-coaching/domain';
import { createCircuitBreakerRegistry, createOpenAiAdapter, type OpenAiAdapterOptions } from '@ai-coaching/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeRealtimeServer, type FakeRealtimeServer } from '../fakes/openai-realtime-server.js';
import { rmsOf, syntheticSpeechFrames, type SpeechPart } from '../fakes/synthetic-speech.js';

// The real `openai` SDK's realtime WebSocket client, through the voice adapter, against the TLS fake on
// 127.0.0.1 (reachable because these adapters allow private networks; its certificate is trusted only
// because the tests say so).

const KEY = 'sk-realtime-right-key-3c9e1f';
let fake: FakeRealtimeServer;
let slowFake: FakeRealtimeServer;
let providerSequence = 0;
const opened: VoiceProvider[] = [];

const request: VoiceSessionRequest = {
  model: { modelId: 'gpt-realtime' },
  instructions: 'You are Alex, a purchasing manager who doubts the delivery dates.',
  language: 'en-GB',
  voiceId: 'marin',
  turnDetection: { type: 'server_vad', silenceDurationMs: 400 },
};

const voiceOf = (
  server: FakeRealtimeServer,
  connection: Partial<AiConnection> = {},
  options: OpenAiAdapterOptions = {},
  voiceRequest: VoiceSessionRequest = request,
) => {
  const adapter = createOpenAiAdapter(
    {
      providerId: `realtime-${++providerSequence}`,
      kind: 'openai',
      baseUrl: server.baseUrl,
      apiKey: KEY,
      ...connection,
    },
    {
      allowPrivateNetwork: true,
      breakers: createCircuitBreakerRegistry({ failureThreshold: 3 }),
      timeoutMs: 5000,
      realtime: { tlsInsecureForTests: true },
      ...options,
    },
  );
  const voice = adapter.voice!(voiceRequest, { organizationId: 'org-1', sessionId: 'session-1' });
  opened.push(voice);
  return voice;
};

/** Starts a conversation and keeps every event it tells, with a way to wait for one. */
const started = async (voice: VoiceProvider) => {
  const events: VoiceProviderEvent[] = [];
  const waiters: { test: (event: VoiceProviderEvent) => boolean; resolve: (event: VoiceProviderEvent) => void }[] = [];
  await voice.start((event) => {
    events.push(event);
    for (const waiter of [...waiters]) {
      if (waiter.test(event)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(event);
      }
    }
  });
  const next = <T extends VoiceProviderEvent['type']>(
    type: T,
    test: (event: Extract<VoiceProviderEvent, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ) =>
    new Promise<Extract<VoiceProviderEvent, { type: T }>>((resolve, reject) => {
      const found = events.find(
        (event) => event.type === type && test(event as Extract<VoiceProviderEvent, { type: T }>),
      );
      if (found) return resolve(found as Extract<VoiceProviderEvent, { type: T }>);
      const timer = setTimeout(() => reject(new Error(`no ${type} event within ${timeoutMs} ms`)), timeoutMs);
      waiters.push({
        test: (event) => event.type === type && test(event as Extract<VoiceProviderEvent, { type: T }>),
        resolve: (event) => {
          clearTimeout(timer);
          resolve(event as Extract<VoiceProviderEvent, { type: T }>);
        },
      });
    });
  return { events, next };
};

const speak = (voice: VoiceProvider, parts: SpeechPart[]) => {
  for (const data of syntheticSpeechFrames(parts)) voice.pushAudio({ sampleRate: 24_000, data });
};

const failure = async (promise: Promise<unknown>): Promise<AiCallError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AiCallError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

const ofResponse = (events: VoiceProviderEvent[], responseId: string) => ({
  audio: events.filter(
    (event): event is Extract<VoiceProviderEvent, { type: 'audio' }> =>
      event.type === 'audio' && event.responseId === responseId,
  ),
  transcript: events
    .filter(
      (event): event is Extract<VoiceProviderEvent, { type: 'assistant_transcript' }> =>
        event.type === 'assistant_transcript' && event.responseId === responseId,
    )
    .map((event) => event.delta)
    .join(''),
});

beforeAll(async () => {
  fake = await startFakeRealtimeServer({ apiKey: KEY });
  slowFake = await startFakeRealtimeServer({
    apiKey: KEY,
    deltaIntervalMs: 50,
    chunkMs: 100,
    lateDeltasAfterCancel: 2,
  });
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((voice) => voice.close()));
});

afterAll(async () => {
  await fake.close();
  await slowFake.close();
});

describe('a voice conversation with OpenAI realtime', () => {
  it('configures the session, hears a spoken turn end, and answers it in audio and transcript up to the outcome marker', async () => {
    fake.script({
      text: 'Friday works for us, you have convinced me. [[WIN]]',
      audioMs: 1500,
      userTranscript: 'We can deliver on Friday.',
    });
    const voice = voiceOf(fake);
    expect(voice.capabilities).toEqual({
      kind: 'speech_to_speech',
      serverVad: true,
      userTranscripts: true,
      assistantTranscripts: true,
      truncation: 'server',
    });
    const { events, next } = await started(voice);
    expect(events[0]).toEqual({ type: 'ready' });
    const connection = fake.connections.at(-1)!;
    expect(connection.path).toBe('/v1/realtime');
    expect(connection.query).toEqual({ model: 'gpt-realtime' });
    expect(connection.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(connection.headers['openai-beta']).toBeUndefined();
    expect(connection.events[0]).toMatchObject({
      type: 'session.update',
      session: {
        type: 'realtime',
        instructions: request.instructions,
        output_modalities: ['audio'],
        audio: {
          input: {
            format: { type: 'audio/pcm', rate: 24000 },
            transcription: { model: 'gpt-4o-mini-transcribe', language: 'en' },
            turn_detection: {
              type: 'server_vad',
              threshold: 0.5,
              prefix_padding_ms: 300,
              silence_duration_ms: 400,
              create_response: true,
              // The gateway decides what is a barge-in (echo is not): the provider never cancels by itself.
              interrupt_response: false,
            },
          },
          output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin' },
        },
      },
    });

    speak(voice, [{ silenceMs: 200 }, { voiceMs: 600 }, { silenceMs: 600 }]);
    const done = await next('response_done');
    expect(done.status).toBe('completed');
    expect(connection.appendedSamples).toBe(1400 * 24);

    const kinds = events.map((event) => event.type);
    expect(kinds.indexOf('speech_started')).toBeLessThan(kinds.indexOf('speech_stopped'));
    expect(kinds.indexOf('speech_stopped')).toBeLessThan(kinds.indexOf('audio'));
    expect(events).toContainEqual({
      type: 'user_transcript',
      itemId: expect.any(String),
      text: 'We can deliver on Friday.',
      final: true,
    });
    const speechStarted = events.find((event) => event.type === 'speech_started');
    // The burst began at 200 ms; the provider reports it with its 300 ms of padding before.
    expect(speechStarted).toEqual({ type: 'speech_started', atMs: 0 });

    const reply = ofResponse(events, done.responseId);
    const samples = reply.audio.reduce((total, event) => total + event.pcm.data.length, 0);
    expect(samples).toBe(1500 * 24);
    expect(reply.audio.every((event) => event.pcm.sampleRate === 24000 && rmsOf(event.pcm.data) > 1000)).toBe(true);
    expect(reply.transcript).toBe('Friday works for us, you have convinced me. [[WIN]]');
    expect(reply.transcript.endsWith('[[WIN]]')).toBe(true);
    expect(events).toContainEqual({
      type: 'usage',
      responseId: done.responseId,
      usage: { inputTokens: 10, outputTokens: 9, audioSeconds: 1.5 },
    });
  });

  it('answers a typed turn, and a push-to-talk turn ended by hand', async () => {
    fake.script({ text: 'Which price?', audioMs: 600 }, { text: 'Go on.', audioMs: 600, userTranscript: 'Listen.' });
    const voice = voiceOf(fake, {}, {}, { ...request, turnDetection: { type: 'manual' } });
    expect(voice.capabilities.serverVad).toBe(false);
    const { events, next } = await started(voice);
    const connection = fake.connections.at(-1)!;
    expect(connection.session).toMatchObject({ audio: { input: { turn_detection: null } } });

    voice.sendText('Our price is fixed for a year.');
    const first = await next('response_done');
    expect(ofResponse(events, first.responseId).transcript).toBe('Which price?');
    expect(connection.events.find((event) => event.type === 'conversation.item.create')).toMatchObject({
      item: {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'Our price is fixed for a year.' }],
      },
    });

    // Without a VAD the provider hears nothing end: the learner's release of the button does.
    speak(voice, [{ voiceMs: 400 }, { silenceMs: 800 }]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.some((event) => event.type === 'speech_started')).toBe(false);
    voice.commit();
    const second = await next('response_done', (event) => event.responseId !== first.responseId);
    expect(ofResponse(events, second.responseId).transcript).toBe('Go on.');
    expect(events).toContainEqual({
      type: 'user_transcript',
      itemId: expect.any(String),
      text: 'Listen.',
      final: true,
    });
  });

  it('speaks to Azure OpenAI on its GA v1 surface: the deployment as the model, the key in api-key', async () => {
    fake.script({ text: 'Bonjour. [[WIN]]', audioMs: 600 });
    const voice = voiceOf(
      fake,
      // The provider's API version is for its dated Chat Completions calls; the v1 surface takes none.
      { kind: 'openai_azure', baseUrl: fake.origin, apiVersion: '2024-10-21' },
      {},
      {
        ...request,
        model: { modelId: 'realtime-deployment' },
        language: 'fr-FR',
        speed: 1.1,
        turnDetection: { type: 'semantic_vad', eagerness: 'low' },
      },
    );
    const { events, next } = await started(voice);
    const connection = fake.connections.at(-1)!;
    expect(connection.path).toBe('/openai/v1/realtime');
    expect(connection.query).toEqual({ model: 'realtime-deployment' });
    expect(connection.headers['api-key']).toBe(KEY);
    expect(connection.session).toMatchObject({
      audio: {
        input: {
          transcription: { language: 'fr' },
          turn_detection: { type: 'semantic_vad', eagerness: 'low', create_response: true, interrupt_response: false },
        },
        output: { voice: 'marin', speed: 1.1 },
      },
    });
    voice.sendText('Bonjour');
    const done = await next('response_done');
    expect(ofResponse(events, done.responseId).transcript).toBe('Bonjour. [[WIN]]');
  });
});

describe('barge-in', () => {
  it('cancels the reply, truncates it at the played milliseconds, drops its late audio, and keeps only the heard part', async () => {
    const text = 'Let me explain why our current supplier delivers every single week without fail.';
    slowFake.script({ text, audioMs: 6000 }, { text: 'Sorry, go ahead.', audioMs: 600, userTranscript: 'Wait, wait.' });
    const voice = voiceOf(slowFake);
    const { events, next } = await started(voice);
    const connection = slowFake.connections.at(-1)!;
    voice.sendText('Why should we change supplier?');

    // The persona is speaking: 800 ms of its 6 s reply have arrived (the browser has played less).
    const first = await next('audio');
    await next('audio', () => ofResponse(events, first.responseId).audio.length >= 8);
    speak(voice, [{ voiceMs: 300 }]);
    await next('speech_started');
    const cutAt = events.length;
    voice.interrupt(first.responseId, 640);
    voice.interrupt(first.responseId, 640); // a repeated stop changes nothing

    const truncated = await next('response_truncated');
    const done = await next('response_done', (event) => event.responseId === first.responseId);
    expect(done.status).toBe('cancelled');

    const cancels = connection.events.filter((event) => event.type === 'response.cancel');
    expect(cancels).toEqual([expect.objectContaining({ response_id: first.responseId })]);
    const truncations = connection.events.filter((event) => event.type === 'conversation.item.truncate');
    expect(truncations).toEqual([
      expect.objectContaining({ item_id: expect.any(String), content_index: 0, audio_end_ms: 640 }),
    ]);
    // The provider still sent what it had in flight; none of the cut reply's audio reaches the gateway after the stop.
    const cancelledAt = cancels[0]!.at;
    expect(
      connection.sentAudio.filter((sent) => sent.responseId === first.responseId && sent.at >= cancelledAt).length,
    ).toBeGreaterThanOrEqual(2);
    expect(events.slice(cutAt).some((event) => event.type === 'audio' && event.responseId === first.responseId)).toBe(
      false,
    );

    // The history keeps what was heard: the transcript's share of 640 ms of the audio received, cut at a word.
    expect(truncated.responseId).toBe(first.responseId);
    expect(truncated.playedMs).toBe(640);
    expect(text.startsWith(truncated.heardText)).toBe(true);
    expect(truncated.heardText.length).toBeGreaterThan(0);
    expect(truncated.heardText.length).toBeLessThan(text.length / 2);
    expect(text[truncated.heardText.length]).toBe(' ');

    // The learner finishes speaking: the conversation goes on with the next reply.
    speak(voice, [{ voiceMs: 300 }, { silenceMs: 700 }]);
    const second = await next('response_done', (event) => event.responseId !== first.responseId);
    expect(second.status).toBe('completed');
    expect(ofResponse(events, second.responseId).transcript).toBe('Sorry, go ahead.');
    expect(events.some((event) => event.type === 'error')).toBe(false);
  });

  it('truncates a reply the provider has finished but the learner has not heard to the end, without cancelling it', async () => {
    fake.script({ text: 'One two three four five six.', audioMs: 1200 });
    const voice = voiceOf(fake);
    const { next } = await started(voice);
    const connection = fake.connections.at(-1)!;
    voice.sendText('Count for me.');
    const done = await next('response_done');
    voice.interrupt(done.responseId, 5000);
    const truncated = await next('response_truncated');
    // Never past the audio received: the provider refuses that.
    expect(truncated).toEqual({
      type: 'response_truncated',
      responseId: done.responseId,
      playedMs: 1200,
      heardText: 'One two three four five six.',
    });
    expect(connection.events.filter((event) => event.type === 'response.cancel')).toEqual([]);
  });
});

describe('failures', () => {
  it('flow control: drops microphone frames while the provider does not read them, and goes on once it reads again', async () => {
    const voice = voiceOf(fake, {}, {}, { ...request, turnDetection: { type: 'manual' } });
    const { next } = await started(voice);
    const connection = fake.connections.at(-1)!;
    /** `seconds` of silence pushed a second at a time, letting the socket write between (as live frames do). */
    const pushSeconds = async (seconds: number) => {
      const frame = { sampleRate: 24_000 as const, data: new Int16Array(480) };
      for (let second = 0; second < seconds; second += 1) {
        for (let i = 0; i < 50; i += 1) voice.pushAudio(frame);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const settled = async () => {
      let last = -1;
      while (connection.appendedSamples !== last) {
        last = connection.appendedSamples;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return last;
    };

    // Read as it comes, every frame arrives.
    await pushSeconds(10);
    expect(await settled()).toBe(10 * 24_000);

    // A stalled provider: far more than the socket's buffers hold is spoken (about 27 MB of events), most of it
    // dropped here instead of queued in the process.
    fake.stallReading(true);
    await pushSeconds(400);
    fake.stallReading(false);
    const arrived = (await settled()) - 10 * 24_000;
    expect(arrived).toBeGreaterThan(0);
    expect(arrived).toBeLessThan(200 * 24_000);

    // The conversation goes on.
    fake.script({ text: 'Still here.', audioMs: 200 });
    voice.sendText('Hello?');
    expect((await next('response_done')).type).toBe('response_done');
  });

  it('reports a dropped connection as a fatal, retryable AiCallError', async () => {
    const voice = voiceOf(fake);
    const { next } = await started(voice);
    fake.dropAll();
    const error = await next('error');
    expect(error.fatal).toBe(true);
    expect(error.retryable).toBe(true);
    expect(error.error).toBeInstanceOf(AiCallError);
    expect(error.error.code).toBe('provider_error');
    expect(error.error.message).toMatch(/closed the conversation/);
  });

  it('reports a provider error event without ending the conversation', async () => {
    fake.failNextResponse({ type: 'rate_limit_error', code: 'rate_limit_exceeded', message: `Slow down ${KEY}` });
    fake.script({ text: 'Here I am.', audioMs: 600 });
    const voice = voiceOf(fake);
    const { next } = await started(voice);
    voice.sendText('Hello?');
    const error = await next('error');
    expect(error).toMatchObject({ fatal: false, retryable: false, error: { code: 'rate_limited' } });
    expect(error.error.message).not.toContain(KEY);
    voice.sendText('Hello again?');
    expect((await next('response_done')).status).toBe('completed');
  });

  it('refuses to start with a wrong key, an unreachable server, an untrusted certificate or a private address', async () => {
    const wrongKey = await failure(voiceOf(fake, { apiKey: 'sk-a-wrong-key-000000' }).start(() => undefined));
    expect(wrongKey.code).toBe('wrong_key');
    expect(wrongKey.message).not.toContain('sk-a-wrong-key');

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await failure(
      voiceOf(fake, { baseUrl: `https://127.0.0.1:${port}/v1` }).start(() => undefined),
    );
    expect(unreachable.code).toBe('unreachable');

    const untrusted = await failure(voiceOf(fake, {}, { realtime: {} }).start(() => undefined));
    expect(untrusted.code).toBe('tls_error');

    const before = fake.connections.length;
    const refused = await failure(voiceOf(fake, {}, { allowPrivateNetwork: false }).start(() => undefined));
    expect(refused.code).toBe('address_refused');
    const noKey = await failure(voiceOf(fake, { apiKey: undefined }).start(() => undefined));
    expect(noKey.code).toBe('no_key');
    expect(fake.connections.length).toBe(before);
  });

  it('gives up on a provider that does not open the conversation in time, or when the caller leaves', async () => {
    const late = await startFakeRealtimeServer({ apiKey: KEY, startDelayMs: 2000 });
    try {
      const error = await failure(voiceOf(late, {}, { timeoutMs: 300 }).start(() => undefined));
      expect(error.code).toBe('timeout');

      // A learner leaving while the conversation opens ends it at once, as cancelled.
      const controller = new AbortController();
      const adapter = createOpenAiAdapter(
        { providerId: `realtime-${++providerSequence}`, kind: 'openai', baseUrl: late.baseUrl, apiKey: KEY },
        { allowPrivateNetwork: true, timeoutMs: 5000, realtime: { tlsInsecureForTests: true } },
      );
      const leaving = adapter.voice!(request, { organizationId: 'org-1', signal: controller.signal });
      const startedAt = Date.now();
      setTimeout(() => controller.abort(), 200);
      expect((await failure(leaving.start(() => undefined))).code).toBe('cancelled');
      expect(Date.now() - startedAt).toBeLessThan(1500);
    } finally {
      await late.close();
    }
  });
});
