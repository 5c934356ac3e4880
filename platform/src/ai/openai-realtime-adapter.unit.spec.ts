import { AiCallError } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { createOpenAiAdapter } from './openai-adapter.js';
import { base64ToPcm16, heardPartOf, isVoiceRetryable, pcm16ToBase64 } from './openai-realtime-adapter.js';

describe('the heard part of an interrupted reply', () => {
  const text = 'One two three four five six seven eight.';

  it('keeps the share of the text that the played audio is of the audio received, cut back to a whole word', () => {
    expect(heardPartOf(text, 500, 1000)).toBe('One two three four');
    // 12 characters reach into "three": a word half heard is not kept.
    expect(heardPartOf(text, 300, 1000)).toBe('One two');
  });

  it('keeps nothing before any audio was heard, and everything once it all was', () => {
    expect(heardPartOf(text, 0, 1000)).toBe('');
    expect(heardPartOf(text, 100, 0)).toBe('');
    expect(heardPartOf(text, 20, 1000)).toBe('');
    expect(heardPartOf(text, 1000, 1000)).toBe(text);
    expect(heardPartOf(text, 4000, 1000)).toBe(text);
  });
});

describe('PCM16 on the wire', () => {
  it('travels as little-endian base64 and comes back the same', () => {
    const data = Int16Array.from([0, 1, -1, 32767, -32768, 258]);
    const text = pcm16ToBase64(data);
    expect([...Buffer.from(text, 'base64')]).toEqual([0, 0, 1, 0, 255, 255, 255, 127, 0, 128, 2, 1]);
    expect(base64ToPcm16(text)).toEqual(data);
  });

  it('ignores a trailing odd byte', () => {
    expect(base64ToPcm16(Buffer.from([1, 0, 7]).toString('base64'))).toEqual(Int16Array.from([1]));
  });
});

describe('which failures a new conversation may get past', () => {
  it('retries outages and rate limits, not a refused key, model or address', () => {
    expect(isVoiceRetryable(new AiCallError('provider_error', 'closed'))).toBe(true);
    expect(isVoiceRetryable(new AiCallError('provider_error', '503', { status: 503 }))).toBe(true);
    expect(isVoiceRetryable(new AiCallError('unreachable', 'x'))).toBe(true);
    expect(isVoiceRetryable(new AiCallError('timeout', 'x'))).toBe(true);
    expect(isVoiceRetryable(new AiCallError('rate_limited', 'x'))).toBe(true);
    expect(isVoiceRetryable(new AiCallError('provider_error', '400', { status: 400 }))).toBe(false);
    for (const code of ['wrong_key', 'unknown_model', 'address_refused', 'tls_error', 'no_key'] as const) {
      expect(isVoiceRetryable(new AiCallError(code, 'x'))).toBe(false);
    }
  });
});

describe('which kinds open voice conversations', () => {
  it('OpenAI and Azure OpenAI do; other Chat Completions servers do not', () => {
    for (const kind of ['openai', 'openai_azure'] as const) {
      const adapter = createOpenAiAdapter({ providerId: 'p', kind, baseUrl: 'https://example.test/v1', apiKey: 'k' });
      expect(adapter.capabilities).toEqual(['chat', 'realtime', 'transcription']);
      expect(adapter.voice).toBeTypeOf('function');
    }
    const compatible = createOpenAiAdapter({
      providerId: 'p',
      kind: 'openai_compatible',
      baseUrl: 'https://x.test/v1',
    });
    expect(compatible.voice).toBeUndefined();
  });

  it('refuses a plain-http address before connecting', async () => {
    const adapter = createOpenAiAdapter({
      providerId: 'p',
      kind: 'openai',
      baseUrl: 'http://example.test/v1',
      apiKey: 'k',
    });
    const voice = adapter.voice!(
      { model: { modelId: 'gpt-realtime' }, instructions: 'x', language: 'en-GB' },
      { organizationId: null },
    );
    await expect(voice.start(() => undefined)).rejects.toMatchObject({ code: 'address_refused' });
  });
});
