// The echo gate (docs/voice.md, "Echo"): while the persona's voice is playing, the learner's microphone also hears it
// through the loudspeaker. The browser's echo cancellation removes most of it; what is left must not reach a provider
// that listens for speech, or the persona would hear itself and stop (a false barge-in) or answer itself. The gate
// passes a microphone frame during playback only when it is louder than the persona's own level by `ratio` (−6 dB by
// default): a learner speaking into the microphone is, an echo played back through a speaker is not. Frames it holds
// back become silence, so the provider's voice activity detection never starts on echo.

import { pcm16Rms } from './pcm.js';

export type EchoGateOptions = {
  /** A frame passes during playback when its level is at least the persona's times this. */
  ratio?: number;
  /** How long after the persona's audio ends the gate stays, for the room's reverberation and the jitter buffer. */
  tailMs?: number;
};

export type EchoGate = {
  /** The persona's audio left for the browser at `atMs`: it plays from then (or after what is queued before it). */
  personaAudio(samples: Int16Array, sampleRate: number, atMs: number): void;
  /** Playback was stopped (barge-in): nothing more plays. */
  personaStopped(atMs: number): void;
  /** Whether the learner's frame may reach the provider. */
  passes(frame: Int16Array, atMs: number): boolean;
  /** Whether the persona's audio is still expected to be playing. */
  playing(atMs: number): boolean;
};

export const createEchoGate = ({ ratio = 0.5, tailMs = 300 }: EchoGateOptions = {}): EchoGate => {
  // When the audio sent so far ends playing, if the browser plays it at real time as it arrives.
  let playingUntil = Number.NEGATIVE_INFINITY;
  // The loudest persona chunk of the current stretch of playback: echo follows whichever is playing, so the gate
  // holds against the loudest.
  let personaLevel = 0;
  const active = (atMs: number) => atMs < playingUntil + tailMs;
  return {
    personaAudio(samples, sampleRate, atMs) {
      if (!active(atMs)) personaLevel = 0;
      personaLevel = Math.max(personaLevel, pcm16Rms(samples));
      playingUntil = Math.max(playingUntil, atMs) + (samples.length / sampleRate) * 1000;
    },
    personaStopped(atMs) {
      playingUntil = Math.min(playingUntil, atMs);
    },
    passes(frame, atMs) {
      if (!active(atMs)) return true;
      return pcm16Rms(frame) >= personaLevel * ratio;
    },
    playing: (atMs) => atMs < playingUntil,
  };
};
