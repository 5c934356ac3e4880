import { describe, expect, it } from 'vitest';
import { parseWav, pcm16Chunks, pcm16Rms, resamplePcm16, toWav } from './pcm.js';

const sine = (frequency: number, sampleRate: number, seconds: number, amplitude = 10_000) =>
  Int16Array.from({ length: Math.round(sampleRate * seconds) }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate)),
  );

/** Frequency from upward zero crossings over the middle of the signal (edges left out). */
const frequencyOf = (samples: Int16Array, sampleRate: number) => {
  const from = Math.floor(samples.length * 0.1);
  const to = Math.floor(samples.length * 0.9);
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  return crossings / ((to - from) / sampleRate);
};

describe('[VOICE]: PCM16 helpers', () => {
  it('resamples 22,050 Hz speech-band audio to 24 kHz keeping its pitch, its level and its duration', () => {
    const input = sine(440, 22_050, 1);
    const output = resamplePcm16(input, 22_050, 24_000);
    expect(output.length).toBe(24_000);
    expect(frequencyOf(output, 24_000)).toBeCloseTo(440, -1);
    expect(pcm16Rms(output)).toBeCloseTo(pcm16Rms(input), -2);
  });

  it('filters what the lower rate cannot carry when downsampling 24 → 16 kHz (no alias of a 10 kHz tone)', () => {
    const output = resamplePcm16(sine(10_000, 24_000, 0.5), 24_000, 16_000);
    expect(output.length).toBe(8000);
    // A 10 kHz tone would fold to 6 kHz at 16 kHz; band-limited, almost nothing is left of it.
    expect(pcm16Rms(output.subarray(200, 7800))).toBeLessThan(1500);
    expect(pcm16Rms(resamplePcm16(sine(1000, 24_000, 0.5), 24_000, 16_000))).toBeGreaterThan(6500);
  });

  it('keeps silence silent, clamps to 16 bits and copies at the same rate', () => {
    expect(pcm16Rms(resamplePcm16(new Int16Array(2205), 22_050, 24_000))).toBe(0);
    const loud = Int16Array.from({ length: 400 }, (_, i) => (i % 2 ? 32767 : -32768));
    for (const sample of resamplePcm16(loud, 22_050, 24_000)) {
      expect(sample).toBeGreaterThanOrEqual(-32768);
      expect(sample).toBeLessThanOrEqual(32767);
    }
    const same = sine(300, 24_000, 0.01);
    expect(resamplePcm16(same, 24_000, 24_000)).toEqual(same);
    expect(() => resamplePcm16(same, 0, 24_000)).toThrow();
  });

  it('reads back the WAVE it writes, and the first channel of a stereo file', () => {
    const samples = sine(200, 22_050, 0.05);
    expect(parseWav(toWav({ sampleRate: 22_050, samples }))).toEqual({ sampleRate: 22_050, samples });
    const stereo = toWav({ sampleRate: 8000, samples: Int16Array.from([1, -1, 2, -2]) });
    const view = new DataView(stereo.buffer);
    view.setUint16(22, 2, true);
    expect(parseWav(stereo).samples).toEqual(Int16Array.from([1, 2]));
    expect(() => parseWav(new Uint8Array(20))).toThrow(/RIFF/);
  });

  it('cuts audio into little-endian chunks of at most 100 ms', () => {
    const chunks = pcm16Chunks({ sampleRate: 24_000, samples: Int16Array.from({ length: 5000 }, (_, i) => i - 2500) });
    expect(chunks.map((chunk) => chunk.length)).toEqual([4800, 4800, 400]);
    const first = new DataView(chunks[0]!.buffer);
    expect(first.getInt16(0, true)).toBe(-2500);
    expect(first.getInt16(2, true)).toBe(-2499);
  });
});
