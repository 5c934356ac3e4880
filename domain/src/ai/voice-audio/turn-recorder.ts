import type { Pcm16 } from './pcm.js';

// What a voice session's recording keeps of each turn (docs/voice.md, "Recordings"): the learner's speech as the
// provider heard it (after the echo gate), from a little before the speech was noticed until it ended, and the
// persona's audio as the browser played it — cut at the heard milliseconds after a barge-in, like the history.
// Memory is bounded: a clip stops growing at `maxClipMs`, and what is heard between turns is kept for `idleMs` only.

export type TurnRecorderOptions = {
  sampleRate: number;
  /** Kept before the moment speech was noticed, whose first syllable a detector hears late. */
  prefixMs?: number;
  /** The longest clip kept; what comes after is dropped. */
  maxClipMs?: number;
  /** What is heard between turns is kept this long (a push-to-talk turn starts with no speech event). */
  idleMs?: number;
};

export type TurnRecorder = {
  /** A microphone frame as the provider heard it. */
  learnerFrame(samples: Int16Array): void;
  /** Speech noticed: the clip starts `prefixMs` earlier. */
  learnerStarted(): void;
  /** The learner's turn ended: its clip, or what was heard since the last turn when no speech was noticed. */
  learnerEnded(): Pcm16 | undefined;
  /** Audio of a persona response as it was sent to the browser. */
  personaAudio(responseId: string, samples: Int16Array): void;
  /** The response's clip, the first `heardMs` only when given, and forgets it. */
  personaClip(responseId: string, heardMs: number | null): Pcm16 | undefined;
};

/** Chunks that grow up to a number of samples, the oldest dropped (`keep: 'last'`) or the newest refused. */
const boundedChunks = (maxSamples: number, keep: 'first' | 'last') => {
  let chunks: Int16Array[] = [];
  let length = 0;
  return {
    push(samples: Int16Array) {
      if (keep === 'first') {
        const room = maxSamples - length;
        if (room <= 0) return;
        const kept = samples.length > room ? samples.subarray(0, room) : samples;
        chunks.push(kept.slice());
        length += kept.length;
        return;
      }
      chunks.push(samples.slice());
      length += samples.length;
      while (length - (chunks[0]?.length ?? 0) >= maxSamples) length -= chunks.shift()!.length;
    },
    /** The last `samples` samples held (all when undefined), and empties. */
    take(samples?: number): Int16Array {
      const all = new Int16Array(length);
      let at = 0;
      for (const chunk of chunks) {
        all.set(chunk, at);
        at += chunk.length;
      }
      chunks = [];
      length = 0;
      return samples === undefined || samples >= all.length ? all : all.subarray(all.length - samples);
    },
    get length() {
      return length;
    },
  };
};

export const createTurnRecorder = (options: TurnRecorderOptions): TurnRecorder => {
  const { sampleRate } = options;
  const samplesIn = (ms: number) => Math.round((ms * sampleRate) / 1000);
  const maxClip = samplesIn(options.maxClipMs ?? 120_000);
  const prefix = samplesIn(options.prefixMs ?? 500);
  const between = boundedChunks(samplesIn(options.idleMs ?? 30_000), 'last');
  let speaking: ReturnType<typeof boundedChunks> | undefined;
  const persona = new Map<string, ReturnType<typeof boundedChunks>>();
  const clipOf = (samples: Int16Array): Pcm16 | undefined =>
    samples.length === 0 ? undefined : { sampleRate, samples };

  return {
    learnerFrame(samples) {
      (speaking ?? between).push(samples);
    },
    learnerStarted() {
      if (speaking) return;
      speaking = boundedChunks(maxClip, 'first');
      speaking.push(between.take(prefix));
    },
    learnerEnded() {
      const clip = speaking ? speaking.take() : between.take(maxClip);
      speaking = undefined;
      return clipOf(clip);
    },
    personaAudio(responseId, samples) {
      let clip = persona.get(responseId);
      if (!clip) {
        clip = boundedChunks(maxClip, 'first');
        persona.set(responseId, clip);
      }
      clip.push(samples);
    },
    personaClip(responseId, heardMs) {
      const clip = persona.get(responseId);
      persona.delete(responseId);
      if (!clip) return undefined;
      const samples = clip.take();
      return clipOf(heardMs === null ? samples : samples.subarray(0, Math.min(samples.length, samplesIn(heardMs))));
    },
  };
};
