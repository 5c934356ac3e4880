import {
  AiCallError,
  parseWav,
  toWav,
  VOICE_SAMPLE_RATE,
  type AiUsage,
  type Pcm16,
  type TranscribeRequest,
  type TranscribeStreamRequest,
  type TranscriptionStream,
} from '@ai-coaching/domain';

/**
 * Audio as the speech adapters hand it on (docs/voice.md, "Cascade recognition and streamed synthesis"): an
 * utterance to recognise read from its WAV or raw PCM, and streamed synthesis re-aligned to whole samples.
 */

/** The samples of an utterance given as `audio/wav` (any rate) or `audio/pcm;rate=…` (24 kHz when unsaid). */
export const utterancePcmOf = (audio: Uint8Array, mimeType: string): Pcm16 => {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave') {
    try {
      return parseWav(audio);
    } catch (error) {
      throw new AiCallError('not_supported', `The speech to recognise is not a PCM16 WAVE file: ${String(error)}`);
    }
  }
  if (type === 'audio/pcm' || type === 'audio/l16') {
    const sampleRate = Number(/rate=(\d+)/.exec(mimeType)?.[1] ?? VOICE_SAMPLE_RATE);
    const view = new DataView(audio.buffer, audio.byteOffset, audio.byteLength);
    const samples = Int16Array.from({ length: Math.floor(audio.length / 2) }, (_, i) => view.getInt16(i * 2, true));
    return { sampleRate, samples };
  }
  throw new AiCallError('not_supported', `Speech as ${mimeType} cannot be recognised: give PCM16 WAV or raw PCM.`);
};

/** Seconds of an utterance (tenths), for usage; 0 when its format does not say. */
export const utteranceSecondsOf = (audio: Uint8Array, mimeType: string): number => {
  try {
    const { sampleRate, samples } = utterancePcmOf(audio, mimeType);
    return Math.round((samples.length / sampleRate) * 10) / 10;
  } catch {
    return 0;
  }
};

export const transcriptionUsageOf = (audio: Uint8Array, mimeType: string): AiUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  audioSeconds: utteranceSecondsOf(audio, mimeType),
});

/** The usage of samples heard by a streaming recognition: their seconds, tenths. */
export const transcriptionUsageOfSamples = (samples: number, sampleRate: number): AiUsage => ({
  inputTokens: 0,
  outputTokens: 0,
  audioSeconds: Math.round((samples / sampleRate) * 10) / 10,
});

/** A streaming recognition that could not open: writes go nowhere, `end` rejects with why. */
export const failedTranscription = (error: unknown): TranscriptionStream => ({
  write: () => undefined,
  end: () => Promise.reject(error instanceof Error ? error : new Error(String(error))),
});

/**
 * A streaming recognition for a provider that hears whole files (OpenAI's HTTP API): the samples are kept as they
 * come and sent at `end` as one WAVE file; `recognise` tells partials itself when its answer streams.
 */
export const bufferedTranscription = (
  request: TranscribeStreamRequest,
  recognise: (whole: TranscribeRequest) => Promise<string>,
): TranscriptionStream => {
  const frames: Int16Array[] = [];
  let length = 0;
  let ended = false;
  return {
    write(samples) {
      if (ended) return;
      frames.push(samples);
      length += samples.length;
    },
    async end() {
      ended = true;
      const samples = new Int16Array(length);
      let at = 0;
      for (const frame of frames) {
        samples.set(frame, at);
        at += frame.length;
      }
      const text = await recognise({
        model: request.model,
        audio: toWav({ sampleRate: request.sampleRate, samples }),
        mimeType: 'audio/wav',
        ...(request.language ? { language: request.language } : {}),
      });
      return { text, usage: transcriptionUsageOfSamples(length, request.sampleRate) };
    },
  };
};

/** A recognised utterance as adapters answer it, with the seconds heard as its usage. */
export const transcriptionOf = (request: { audio: Uint8Array; mimeType: string }, text: string) => ({
  text,
  usage: transcriptionUsageOf(request.audio, request.mimeType),
});

/** The chunks of a web stream (a fetch body, an SDK's answer), read until it ends. */
export async function* readableChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value.byteLength > 0) yield value;
    }
  } finally {
    // Reached early when the consumer stops: the request must not go on downloading.
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Raw PCM16 little-endian bytes as they come off the network, as whole samples: a network chunk may end halfway
 * through a sample, whose first byte waits for the next chunk. A trailing odd byte at the end is dropped.
 */
export async function* pcm16Of(bytes: AsyncIterable<Uint8Array>, sampleRate: number): AsyncGenerator<Pcm16> {
  let carry: number | undefined;
  for await (const chunk of bytes) {
    let joined = chunk;
    if (carry !== undefined) {
      joined = new Uint8Array(chunk.length + 1);
      joined[0] = carry;
      joined.set(chunk, 1);
    }
    const whole = joined.length - (joined.length % 2);
    carry = whole < joined.length ? joined[whole] : undefined;
    if (whole === 0) continue;
    const view = new DataView(joined.buffer, joined.byteOffset, whole);
    const samples = new Int16Array(whole / 2);
    for (let index = 0; index < samples.length; index++) samples[index] = view.getInt16(index * 2, true);
    yield { sampleRate, samples };
  }
}
