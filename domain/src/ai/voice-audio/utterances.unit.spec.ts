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

  it('given speech, when it starts, then the start carries the prefix, and the frames after it make up the rest of the utterance', () => {
    const detector = createUtteranceDetector({ sampleRate: RATE, startMs: 60, silenceMs: 200, prefixMs: 100 });
    const frames: Int16Array[] = [];
    const streamed: Int16Array[] = [];
    let prefix: Int16Array | undefined;
    let utterance: Int16Array | undefined;
    let speaking = false;
    const parts: [number, number][] = [
      [20, 300],
      [8000, 300],
      [20, 400],
    ];
    for (const [amplitude, ms] of parts) {
      for (let t = 0; t < ms; t += 20) {
        const next = frame(amplitude).map((sample, i) => sample + ((frames.length + i) % 7));
        frames.push(next);
        const events = detector.push(next);
        // The rule a streaming listener follows: after `started`, each frame pushed (the ending one too) is heard.
        if (speaking && events[0]?.type !== 'started') streamed.push(next);
        for (const event of events) {
          if (event.type === 'started') {
            speaking = true;
            prefix = event.prefix.samples;
          } else {
            speaking = false;
            utterance = event.utterance.samples;
          }
        }
      }
    }
    expect(prefix).toBeDefined();
    // The start needs 60 ms of speech; 100 ms before it are kept: 160 ms, the starting frame last.
    expect((prefix!.length / RATE) * 1000).toBe(160);
    // 15 quiet frames, then the third loud one reaches the 60 ms.
    expect(prefix!.slice(-480)).toEqual(frames[17]);
    const rebuilt = new Int16Array(prefix!.length + streamed.reduce((total, part) => total + part.length, 0));
    rebuilt.set(prefix!);
    let at = prefix!.length;
    for (const part of streamed) {
      rebuilt.set(part, at);
      at += part.length;
    }
    expect(rebuilt).toEqual(utterance);
  });

  it('given push-to-talk (no threshold, no prefix), then the first frame starts the utterance and is its prefix', () => {
    const detector = createUtteranceDetector({
      sampleRate: RATE,
      threshold: 0,
      startMs: 0,
      prefixMs: 0,
      silenceMs: Infinity,
    });
    const first = frame(20);
    const [started] = detector.push(first);
    expect(started).toEqual({ type: 'started', prefix: { sampleRate: RATE, samples: first } });
    detector.push(frame(8000));
    const [ended] = detector.flush();
    expect((ended as Extract<UtteranceEvent, { type: 'ended' }>).utterance.samples.length).toBe(960);
  });
});
