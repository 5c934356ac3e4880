/**
 * Deterministic stand-ins for a learner's voice, as canonical PCM16 mono 24 kHz in 20 ms frames (480
 * samples): voiced bursts (a 150 Hz fundamental with two harmonics, the energy of speech near a microphone)
 * and near-silence (faint noise, as a quiet room gives). An energy VAD hears the bursts and not the gaps.
 */

export const SPEECH_RATE = 24_000;
export const FRAME_SAMPLES = 480;

export type SpeechPart = { voiceMs: number } | { silenceMs: number };

const frameCount = (ms: number) => Math.round(ms / 20);

export const syntheticSpeechFrames = (parts: readonly SpeechPart[], amplitude = 8000): Int16Array[] => {
  const frames: Int16Array[] = [];
  let sample = 0;
  // A fixed seed: the same noise in every run.
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 60;
  };
  for (const part of parts) {
    const voiced = 'voiceMs' in part;
    for (let frame = 0; frame < frameCount(voiced ? part.voiceMs : part.silenceMs); frame++) {
      const data = new Int16Array(FRAME_SAMPLES);
      for (let index = 0; index < FRAME_SAMPLES; index++, sample++) {
        const t = sample / SPEECH_RATE;
        data[index] = voiced
          ? Math.round(
              amplitude *
                (0.6 * Math.sin(2 * Math.PI * 150 * t) +
                  0.3 * Math.sin(2 * Math.PI * 300 * t) +
                  0.1 * Math.sin(2 * Math.PI * 450 * t)),
            )
          : Math.round(noise());
      }
      frames.push(data);
    }
  }
  return frames;
};

/** Root mean square of PCM16 samples. */
export const rmsOf = (data: Int16Array): number => {
  let energy = 0;
  for (const value of data) energy += value * value;
  return data.length === 0 ? 0 : Math.sqrt(energy / data.length);
};
