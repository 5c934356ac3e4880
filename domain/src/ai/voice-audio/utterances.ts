// The gateway's own end-of-turn detection for cascades (docs/voice.md, "Cascade turns"): providers that transcribe
// whole files (OpenAI audio, Azure Speech, a local speech server) do not hear the learner live, so the gateway finds
// each utterance in the microphone's frames by energy, with a hangover: speech starts after `startMs` of loud frames
// (a click is not a turn) and ends after `silenceMs` of quiet ones; `prefixMs` of audio before the start is kept so
// the first syllable is not cut.

import { pcm16Rms, type Pcm16 } from './pcm.js';

export type UtteranceDetectorOptions = {
  sampleRate: number;
  /** RMS (of 32,768) above which a frame is speech. */
  threshold?: number;
  startMs?: number;
  silenceMs?: number;
  prefixMs?: number;
  /** An utterance longer than this ends here (a learner who never pauses, a noisy room). */
  maxMs?: number;
};

/**
 * `started` carries the audio kept before it, the frame that started it included, so streaming recognition can hear
 * the utterance from its first syllable; every frame pushed after it, the one that ends it included, is part of the
 * utterance. `ended` carries the whole utterance (the prefix and those frames).
 */
export type UtteranceEvent = { type: 'started'; prefix: Pcm16 } | { type: 'ended'; utterance: Pcm16 };

const joined = (frames: Int16Array[]): Int16Array => {
  const samples = new Int16Array(frames.reduce((total, frame) => total + frame.length, 0));
  let at = 0;
  for (const frame of frames) {
    samples.set(frame, at);
    at += frame.length;
  }
  return samples;
};

export type UtteranceDetector = {
  /** One frame; at most one event: `started` or `ended`. */
  push(frame: Int16Array): UtteranceEvent[];
  /** Ends the utterance being spoken now (push-to-talk released); nothing when none is. */
  flush(): UtteranceEvent[];
};

export const createUtteranceDetector = ({
  sampleRate,
  threshold = 1000,
  startMs = 60,
  silenceMs = 500,
  prefixMs = 300,
  maxMs = 30_000,
}: UtteranceDetectorOptions): UtteranceDetector => {
  const msOf = (samples: number) => (samples / sampleRate) * 1000;
  let before: Int16Array[] = [];
  let speech: Int16Array[] | undefined;
  let loudMs = 0;
  let quietMs = 0;
  let spokenMs = 0;

  const end = (): UtteranceEvent[] => {
    if (!speech) return [];
    const samples = joined(speech);
    speech = undefined;
    before = [];
    loudMs = 0;
    quietMs = 0;
    return [{ type: 'ended', utterance: { sampleRate, samples } }];
  };

  return {
    push(frame) {
      const ms = msOf(frame.length);
      const loud = pcm16Rms(frame) >= threshold;
      if (!speech) {
        before.push(frame);
        while (before.length > 1 && msOf(before.reduce((total, kept) => total + kept.length, 0)) > prefixMs + startMs)
          before.shift();
        loudMs = loud ? loudMs + ms : 0;
        if (loudMs < startMs) return [];
        speech = before;
        before = [];
        quietMs = 0;
        spokenMs = msOf(speech.reduce((total, kept) => total + kept.length, 0));
        return [{ type: 'started', prefix: { sampleRate, samples: joined(speech) } }];
      }
      speech.push(frame);
      spokenMs += ms;
      quietMs = loud ? 0 : quietMs + ms;
      return quietMs >= silenceMs || spokenMs >= maxMs ? end() : [];
    },
    flush: end,
  };
};
