import { AiCallError, pcm16Bytes, toWav, type Pcm16 } from '@ai-coaching/domain';
import { CancellationErrorCode } from 'microsoft-cognitiveservices-speech-sdk';
import { describe, expect, it } from 'vitest';
import { azureCancellationError } from './azure-speech-recognition.js';
import { pcm16Of, transcriptionOf, utterancePcmOf } from './speech-audio.js';

async function* chunksOf(bytes: Uint8Array, sizes: number[]): AsyncGenerator<Uint8Array> {
  let at = 0;
  for (const size of sizes) {
    yield bytes.subarray(at, at + size);
    at += size;
  }
}

const collect = async (stream: AsyncIterable<Pcm16>) => {
  const chunks: Pcm16[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
};

describe('streamed PCM re-aligned to whole samples', () => {
  const samples = Int16Array.from([1, -2, 300, -32768, 32767, 1234, -5]);
  const bytes = pcm16Bytes(samples);

  it('keeps the odd byte of a chunk for the next one, so no sample is split or shifted', async () => {
    const chunks = await collect(pcm16Of(chunksOf(bytes, [3, 1, 5, 1, 4]), 24_000));
    expect(chunks.every((chunk) => chunk.sampleRate === 24_000)).toBe(true);
    expect(chunks.map((chunk) => [...chunk.samples])).toEqual([[1], [-2], [300, -32768], [32767], [1234, -5]]);
  });

  it('skips a chunk of one byte and drops a trailing odd byte', async () => {
    const odd = new Uint8Array([...bytes.subarray(0, 4), 0x7f]);
    const chunks = await collect(pcm16Of(chunksOf(odd, [1, 4]), 24_000));
    expect(chunks.flatMap((chunk) => [...chunk.samples])).toEqual([1, -2]);
  });
});

describe('an utterance to recognise', () => {
  const samples = new Int16Array(24_000 * 1.5).fill(1000);

  it('is read from a WAV or raw PCM with its rate, and its seconds are its usage', () => {
    expect(utterancePcmOf(toWav({ sampleRate: 24_000, samples }), 'audio/wav').samples.length).toBe(36_000);
    expect(utterancePcmOf(pcm16Bytes(samples), 'audio/pcm;rate=16000').sampleRate).toBe(16_000);
    expect(transcriptionOf({ audio: toWav({ sampleRate: 24_000, samples }), mimeType: 'audio/wav' }, 'hi')).toEqual({
      text: 'hi',
      usage: { inputTokens: 0, outputTokens: 0, audioSeconds: 1.5 },
    });
  });

  it('is refused as not_supported in another format or when the WAV is not PCM16', () => {
    expect(() => utterancePcmOf(new Uint8Array(10), 'audio/mpeg')).toThrow(AiCallError);
    expect(() => utterancePcmOf(new Uint8Array(10), 'audio/wav')).toThrow(
      expect.objectContaining({ code: 'not_supported' }),
    );
  });
});

describe('the Azure Speech SDK’s cancellations as AiCallErrors', () => {
  const context = { origin: 'https://westeurope.stt.speech.microsoft.com', apiKey: 'azure-secret-key-123' };
  const refused = (status: number) =>
    `Unable to contact server. StatusCode: 1006, undefined Reason:  Unexpected server response: ${status}`;

  it('reads a refused upgrade by its status', () => {
    expect(azureCancellationError(CancellationErrorCode.ConnectionFailure, refused(401), context).code).toBe(
      'wrong_key',
    );
    expect(azureCancellationError(CancellationErrorCode.ConnectionFailure, refused(429), context).code).toBe(
      'rate_limited',
    );
    expect(azureCancellationError(CancellationErrorCode.ConnectionFailure, refused(503), context)).toMatchObject({
      code: 'provider_error',
      details: { status: 503 },
    });
  });

  it('reads the SDK’s codes, and never repeats the key', () => {
    const of = (code: CancellationErrorCode, details = '') => azureCancellationError(code, details, context);
    expect(of(CancellationErrorCode.AuthenticationFailure).code).toBe('wrong_key');
    expect(of(CancellationErrorCode.Forbidden).code).toBe('wrong_key');
    expect(of(CancellationErrorCode.TooManyRequests).code).toBe('rate_limited');
    expect(of(CancellationErrorCode.ServiceTimeout).code).toBe('timeout');
    expect(of(CancellationErrorCode.ConnectionFailure, 'connect ECONNREFUSED 127.0.0.1:1').code).toBe('unreachable');
    const failed = of(CancellationErrorCode.ServiceError, 'bad key azure-secret-key-123 given');
    expect(failed.code).toBe('provider_error');
    expect(failed.message).not.toContain('azure-secret-key-123');
  });
});
