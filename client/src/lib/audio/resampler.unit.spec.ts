import { describe, expect, it } from 'vitest';
import { createResampler, levelOf, toInt16 } from './resampler';

const sine = (frequency: number, rate: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(rate * seconds) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );

/** Sign changes per second: twice the frequency of a clean tone. */
const crossingsPerSecond = (samples: Int16Array, rate: number) => {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 !== samples[i]! < 0) crossings++;
  return crossings / (samples.length / rate);
};

const concat = (chunks: Int16Array[]) => {
  const out = new Int16Array(chunks.reduce((n, chunk) => n + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
};

describe('the capture resampler, 44.1 kHz to 24 kHz PCM16', () => {
  it('gives 24,000 samples a second and keeps a 1 kHz tone at 1 kHz and its level', () => {
    const resampler = createResampler(44_100);
    const out = resampler.push(sine(1000, 44_100, 1));
    expect(out.length).toBeGreaterThan(23_900);
    expect(out.length).toBeLessThanOrEqual(24_000);
    expect(crossingsPerSecond(out, 24_000)).toBeGreaterThan(1990);
    expect(crossingsPerSecond(out, 24_000)).toBeLessThan(2010);
    expect(levelOf(out)).toBeCloseTo(0.5 / Math.SQRT2, 1);
  });

  it('joins chunks of one render quantum (128 frames) as if the input came whole', () => {
    const input = sine(440, 44_100, 0.5);
    const whole = createResampler(44_100).push(input);
    const streaming = createResampler(44_100);
    const chunks: Int16Array[] = [];
    for (let at = 0; at < input.length; at += 128) chunks.push(streaming.push(input.subarray(at, at + 128)));
    const joined = concat(chunks);
    expect(joined.length).toBe(whole.length);
    const worst = Math.max(...Array.from(joined, (sample, i) => Math.abs(sample - whole[i]!)));
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('filters out what 24 kHz cannot carry instead of folding it into speech', () => {
    // 15 kHz is above the new Nyquist (12 kHz): left unfiltered it would alias to 9 kHz at full level.
    const out = createResampler(44_100).push(sine(15_000, 44_100, 0.5));
    expect(levelOf(out.subarray(200))).toBeLessThan(0.02);
  });

  it('clamps to the PCM16 range', () => {
    expect([toInt16(2), toInt16(-2), toInt16(0), toInt16(-1)]).toEqual([32767, -32768, 0, -32768]);
  });

  it('measures silence as 0 and a full-scale square wave as 1', () => {
    expect(levelOf(new Float32Array(480))).toBe(0);
    expect(levelOf(Float32Array.from({ length: 480 }, (_, i) => (i % 2 ? 1 : -1)))).toBeCloseTo(1, 5);
  });
});
