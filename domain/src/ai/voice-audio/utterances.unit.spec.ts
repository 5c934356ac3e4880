import { describe, expect, it } from 'vitest';
import { createUtteranceDetector, type UtteranceEvent } from './utterances.js';

const RATE = 24_000;
const frame = (amplitude: number) =>
  Int16Array.from({ length: 480 }, (_, i) => Math.round(amplitude * Math.sin((2 * Math.PI * 150 * i) / RATE)));
const run = (detector: ReturnType<typeof createUtteranceDetector>, parts: [number, number][]) => {
  const events: UtteranceEvent[] = [];
  for (const [amplitude, ms] of parts) for (let t = 0; t < ms; t += 20) events.push(...detector.push(frame(amplitude)));
  return events;
};

describe('utterance detector', () => {
  it('given speech then silence, when the silence lasts, then one utterance ends with the speech and its prefix', () => {
    const detector = createUtteranceDetector({ sampleRate: RATE, silenceMs: 500, prefixMs: 100 });
    const events = run(detector, [
      [20, 400],
      [8000, 400],
      [20, 600],
    ]);
    expect(events.map((event) => event.type)).toEqual(['started', 'ended']);
    const ended = events[1] as Extract<UtteranceEvent, { type: 'ended' }>;
    const ms = (ended.utterance.samples.length / RATE) * 1000;
    // 400 ms of speech, 500 ms of hangover, and up to the prefix before it.
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThanOrEqual(1080);
  });

  it('given a click shorter than the start, then nothing starts', () => {
    const detector = createUtteranceDetector({ sampleRate: RATE, startMs: 60 });
    expect(
      run(detector, [
        [8000, 40],
        [20, 600],
      ]),
    ).toEqual([]);
  });

  it('given short pauses inside speech, then it stays one utterance', () => {
    const detector = createUtteranceDetector({ sampleRate: RATE, silenceMs: 500 });
    const events = run(detector, [
      [8000, 300],
      [20, 300],
      [8000, 300],
      [20, 600],
    ]);
    expect(events.map((event) => event.type)).toEqual(['started', 'ended']);
  });

  it('given push-to-talk released mid-speech, when flushed, then the utterance ends at once; flushing again gives nothing', () => {
    const detector = createUtteranceDetector({ sampleRate: RATE });
    run(detector, [[8000, 300]]);
    expect(detector.flush().map((event) => event.type)).toEqual(['ended']);
    expect(detector.flush()).toEqual([]);
  });

  it('given speech that never pauses, then it ends at the longest utterance and the rest starts another', () => {
    const detector = createUtteranceDetector({ sampleRate: RATE, maxMs: 1000 });
    expect(run(detector, [[8000, 1500]]).map((event) => event.type)).toEqual(['started', 'ended', 'started']);
  });
});
