import { AiCallError, type AiConnection } from '@ai-coaching/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { azureVoiceOf, createAzureSpeechAdapter, escapeSsml, ssmlOf } from './azure-speech-adapter.js';
import { createCircuitBreakerRegistry } from './circuit-breaker.js';
import { createElevenLabsAdapter, elevenLabsVoiceOf } from './elevenlabs-adapter.js';
import { createOpenAiAudioAdapter } from './openai-audio-adapter.js';
import type { GuardedFetch } from './outbound-guard.js';
import { sessionLanguagesOf, speechUsageOf } from './provider-call.js';

const context = { organizationId: 'acme' };
const speakRequest = {
  model: { modelId: 'eleven_multilingual_v2' },
  voiceId: 'v1',
  text: 'Hello there.',
  language: 'en-GB',
} as const;

/** A fetch answering from a script, one answer per request, recording what was asked. */
const scriptedFetch = (answers: (() => Response)[]) => {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch = Object.assign(
    (input: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(input instanceof Request ? input.url : input), ...(init ? { init } : {}) });
      const next = answers.shift();
      return next ? Promise.resolve(next()) : Promise.reject(new Error('no answer scripted'));
    },
    { close: () => Promise.resolve() },
  ) as GuardedFetch;
  return { fetch, calls };
};

const audio = () => new Response(new Uint8Array([0xff, 0xfb, 1, 2]), { headers: { 'content-type': 'audio/mpeg' } });
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const azure: AiConnection = {
  providerId: 'azure-1',
  kind: 'azure_microsoft',
  region: 'westeurope',
  apiKey: 'azure-key-0123456789',
};
const eleven: AiConnection = { providerId: 'eleven-1', kind: 'elevenlabs', apiKey: 'xi-key-0123456789' };

describe('speech voices in the catalogue’s terms', () => {
  it('keeps the session languages of a list of locales, in the catalogue’s order', () => {
    expect(sessionLanguagesOf(['fr_FR', 'de-DE', 'EN-gb', undefined, 'en-GB'])).toEqual(['en-GB', 'fr-FR']);
  });

  it('reads an ElevenLabs voice’s languages from its locales, its languages and accents, or its labels', () => {
    expect(
      elevenLabsVoiceOf({
        voiceId: 'a',
        name: 'Alice',
        labels: { gender: 'female' },
        verifiedLanguages: [{ language: 'en', accent: 'british' }, { language: 'fr' }],
      }),
    ).toEqual({ voiceId: 'a', displayName: 'Alice', languages: ['en-GB', 'fr-FR'], gender: 'female' });
    expect(elevenLabsVoiceOf({ voiceId: 'b', verifiedLanguages: [{ language: 'en' }] })).toEqual({
      voiceId: 'b',
      displayName: 'b',
      languages: ['en-GB', 'en-US'],
    });
    expect(
      elevenLabsVoiceOf({ voiceId: 'c', name: 'C', labels: { accent: 'American', gender: 'non-binary' } }),
    ).toEqual({ voiceId: 'c', displayName: 'C', languages: ['en-US'], gender: 'neutral' });
    expect(
      elevenLabsVoiceOf({ voiceId: 'd', verifiedLanguages: [{ language: 'de', locale: 'de-DE' }] }),
    ).toBeUndefined();
    expect(elevenLabsVoiceOf({ voiceId: 'e', name: 'No labels' })).toBeUndefined();
  });

  it('reads an Azure voice’s locale and, for a multilingual voice, its other locales', () => {
    expect(
      azureVoiceOf({
        ShortName: 'en-US-AvaMultilingualNeural',
        DisplayName: 'Ava',
        Gender: 'Female',
        Locale: 'en-US',
        SecondaryLocaleList: ['fr-FR', 'ja-JP'],
      }),
    ).toEqual({
      voiceId: 'en-US-AvaMultilingualNeural',
      displayName: 'Ava',
      languages: ['en-US', 'fr-FR'],
      gender: 'female',
    });
    expect(azureVoiceOf({ ShortName: 'ja-JP-NanamiNeural', Locale: 'ja-JP' })).toBeUndefined();
  });

  it('escapes text and attributes in SSML', () => {
    expect(escapeSsml(`Tom & "Jerry" <b>'s`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;b&gt;&apos;s');
    expect(ssmlOf('fr-FR-DeniseNeural', 'fr-FR', 'A < B')).toBe(
      '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="fr-FR"><voice name="fr-FR-DeniseNeural">A &lt; B</voice></speak>',
    );
  });

  it('estimates the seconds of speech from the text', () => {
    expect(speechUsageOf('x'.repeat(150))).toEqual({ inputTokens: 0, outputTokens: 0, audioSeconds: 10 });
    expect(speechUsageOf('').audioSeconds).toBe(0.1);
  });
});

describe('the speech adapters around a call', () => {
  // The ElevenLabs SDK is imported at its first call, a few seconds on a loaded machine: imported here, within a
  // hook's own bound, so that no test's 5 s includes it.
  beforeAll(() => import('@elevenlabs/elevenlabs-js'), 60_000);

  it('Azure: synthesises SSML at the region’s address with the key header, and answers MP3', async () => {
    const { fetch, calls } = scriptedFetch([audio]);
    const adapter = createAzureSpeechAdapter(azure, { fetch });
    const answer = await adapter.speak!({ ...speakRequest, voiceId: 'en-GB-SoniaNeural' }, context);
    expect(answer.mimeType).toBe('audio/mpeg');
    expect([...answer.audio]).toEqual([0xff, 0xfb, 1, 2]);
    expect(answer.usage.audioSeconds).toBeGreaterThan(0);
    expect(calls[0]!.url).toBe('https://westeurope.tts.speech.microsoft.com/cognitiveservices/v1');
    const headers = calls[0]!.init!.headers as Record<string, string>;
    expect(headers['Ocp-Apim-Subscription-Key']).toBe(azure.apiKey);
    expect(headers['X-Microsoft-OutputFormat']).toBe('audio-24khz-48kbitrate-mono-mp3');
  });

  it('retries a 429 after its Retry-After, then answers', async () => {
    const { fetch, calls } = scriptedFetch([
      () => json(429, { error: { message: 'slow down' } }, { 'retry-after': '0' }),
      audio,
    ]);
    const adapter = createAzureSpeechAdapter(azure, { fetch, breakers: createCircuitBreakerRegistry() });
    await expect(adapter.speak!(speakRequest, context)).resolves.toMatchObject({ mimeType: 'audio/mpeg' });
    expect(calls).toHaveLength(2);
  });

  it('names a refused key wrong_key, without the key, and does not retry it', async () => {
    const { fetch, calls } = scriptedFetch([
      () => json(401, { detail: { status: 'invalid_api_key', message: `Invalid key ${eleven.apiKey}` } }),
    ]);
    const adapter = createElevenLabsAdapter(eleven, { fetch, breakers: createCircuitBreakerRegistry() });
    const error = await adapter.listVoices!(context).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiCallError);
    expect(error).toMatchObject({ code: 'wrong_key' });
    expect(String((error as Error).message)).not.toContain(eleven.apiKey);
    expect(calls).toHaveLength(1);
    expect(new Headers(calls[0]!.init!.headers).get('xi-api-key')).toBe(eleven.apiKey);
  });

  it('opens the provider’s circuit after repeated 5xx answers', async () => {
    const breakers = createCircuitBreakerRegistry({ failureThreshold: 2 });
    const { fetch, calls } = scriptedFetch(Array.from({ length: 10 }, () => () => json(503, { error: 'down' })));
    const adapter = createElevenLabsAdapter(eleven, { fetch, breakers, maxRetries: 0 });
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(adapter.speak!(speakRequest, context)).rejects.toMatchObject({ code: 'provider_error' });
    }
    await expect(adapter.speak!(speakRequest, context)).rejects.toMatchObject({ code: 'circuit_open' });
    expect(calls).toHaveLength(2);
  });

  it('refuses to call without a key, and chat and structured calls of a speech provider', async () => {
    const adapter = createOpenAiAudioAdapter({ providerId: 'o', kind: 'openai_audio' });
    await expect(adapter.test(context)).rejects.toMatchObject({ code: 'no_key' });
    await expect(adapter.structured({} as never, context)).rejects.toMatchObject({ code: 'not_supported' });
    const chat = adapter.chat({ model: { modelId: 'x' }, messages: [] }, context);
    await expect(chat[Symbol.asyncIterator]().next()).rejects.toMatchObject({ code: 'not_supported' });
    expect((await adapter.listVoices!(context)).map((voice) => voice.voiceId)).toContain('coral');
  });
});
