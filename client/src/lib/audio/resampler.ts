/**
 * The capture side's resampler (issue 14 §4): the microphone's rate (44,100 Hz in spec §9) to the wire's PCM16 LE mono
 * 24 kHz. A windowed-sinc low-pass at the lower Nyquist, evaluated at each output instant, so nothing above 12 kHz
 * folds back into speech (plain linear interpolation aliases). Streaming: the last input samples are kept between
 * chunks, so consecutive chunks join without a click.
 */
export const WIRE_SAMPLE_RATE = 24_000;

/** Taps on each side of an output instant: ±16 input samples is ample for speech at these rates. */
const HALF_TAPS = 16;

const sinc = (x: number) => (x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x));
/** Blackman window over [-HALF_TAPS, HALF_TAPS]. */
const window = (x: number) => {
  const t = (x + HALF_TAPS) / (2 * HALF_TAPS);
  return 0.42 - 0.5 * Math.cos(2 * Math.PI * t) + 0.08 * Math.cos(4 * Math.PI * t);
};

export const toInt16 = (sample: number): number => {
  const clamped = Math.max(-1, Math.min(1, sample));
  return clamped < 0 ? Math.round(clamped * 0x8000) : Math.round(clamped * 0x7fff);
};

export type Resampler = {
  /** Float samples at the input rate in, PCM16 at the output rate out (possibly empty for a tiny chunk). */
  push(input: Float32Array): Int16Array;
};

export const createResampler = (inputRate: number, outputRate: number = WIRE_SAMPLE_RATE): Resampler => {
  const step = inputRate / outputRate;
  // Below the lower of the two Nyquist frequencies, relative to the input rate.
  const cutoff = Math.min(1, outputRate / inputRate);
  /** Input samples kept from earlier chunks: the history the filter needs, and what the next output reads. */
  let history = new Float32Array(0);
  /** The next output instant, in input samples from the start of `history`. */
  let position = HALF_TAPS;

  return {
    push(input) {
      const samples = new Float32Array(history.length + input.length);
      samples.set(history);
      samples.set(input, history.length);
      const out: number[] = [];
      while (position + HALF_TAPS < samples.length) {
        const centre = Math.floor(position);
        let sum = 0;
        let weights = 0;
        for (let k = centre - HALF_TAPS + 1; k <= centre + HALF_TAPS; k++) {
          const distance = position - k;
          const weight = cutoff * sinc(cutoff * distance) * window(distance);
          sum += (samples[k] ?? 0) * weight;
          weights += weight;
        }
        out.push(toInt16(weights === 0 ? 0 : sum / weights));
        position += step;
      }
      // Keep what the next outputs still read; re-base the position on the kept part.
      const keepFrom = Math.max(0, Math.floor(position) - HALF_TAPS);
      history = samples.slice(keepFrom);
      position -= keepFrom;
      return Int16Array.from(out);
    },
  };
};

/** Root mean square of a chunk, 0 (silence) to 1 (full scale): the level meter and the echo gate read it. */
export const levelOf = (samples: Float32Array | Int16Array): number => {
  if (samples.length === 0) return 0;
  const scale = samples instanceof Int16Array ? 0x8000 : 1;
  let sum = 0;
  for (const sample of samples) sum += (sample / scale) ** 2;
  return Math.sqrt(sum / samples.length);
};
