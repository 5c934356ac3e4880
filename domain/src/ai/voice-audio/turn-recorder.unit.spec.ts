import { describe, expect, it } from 'vitest';
import { createTurnRecorder } from './turn-recorder.js';

const RATE = 1000; // one sample per millisecond keeps the arithmetic readable
/** `ms` milliseconds of the value `level`. */
const frame = (level: number, ms = 20) => new Int16Array(ms).fill(level);

describe('turn recorder', () => {
  it('given speech noticed late, when the turn ends, then its clip starts the prefix earlier and ends at the end', () => {
    const recorder = createTurnRecorder({ sampleRate: RATE, prefixMs: 40 });
    for (let i = 0; i < 5; i += 1) recorder.learnerFrame(frame(1)); // 100 ms before speech was noticed
    recorder.learnerStarted();
    recorder.learnerFrame(frame(2));
    recorder.learnerFrame(frame(3));
    const clip = recorder.learnerEnded()!;
    expect(clip.sampleRate).toBe(RATE);
    expect([...clip.samples]).toEqual([...frame(1, 40), ...frame(2), ...frame(3)]);
  });

  it('given no speech event (push-to-talk), when the turn ends, then the clip is what was heard since the last turn', () => {
    const recorder = createTurnRecorder({ sampleRate: RATE });
    recorder.learnerFrame(frame(1));
    expect(recorder.learnerEnded()!.samples).toHaveLength(20);
    recorder.learnerFrame(frame(4));
    expect([...recorder.learnerEnded()!.samples]).toEqual([...frame(4)]);
    expect(recorder.learnerEnded()).toBeUndefined();
  });

  it('given a turn longer than the longest clip, then the clip keeps its beginning only', () => {
    const recorder = createTurnRecorder({ sampleRate: RATE, maxClipMs: 50, prefixMs: 0 });
    recorder.learnerStarted();
    for (let i = 0; i < 10; i += 1) recorder.learnerFrame(frame(i + 1));
    expect([...recorder.learnerEnded()!.samples]).toEqual([...frame(1), ...frame(2), ...frame(3, 10)]);
  });

  it('given a long silence between turns, then only the last idle window is kept', () => {
    const recorder = createTurnRecorder({ sampleRate: RATE, idleMs: 60 });
    for (let i = 0; i < 10; i += 1) recorder.learnerFrame(frame(i + 1));
    const clip = recorder.learnerEnded()!.samples;
    expect(clip.length).toBeGreaterThanOrEqual(60);
    expect(clip.length).toBeLessThan(80);
    expect(clip.at(-1)).toBe(10);
  });

  it('given a persona response cut by a barge-in, then its clip ends at the heard milliseconds and is taken once', () => {
    const recorder = createTurnRecorder({ sampleRate: RATE });
    recorder.personaAudio('reply-1', frame(5, 100));
    recorder.personaAudio('reply-2', frame(6, 100));
    recorder.personaAudio('reply-1', frame(7, 100));
    expect([...recorder.personaClip('reply-1', 150)!.samples]).toEqual([...frame(5, 100), ...frame(7, 50)]);
    expect(recorder.personaClip('reply-1', null)).toBeUndefined();
    expect(recorder.personaClip('reply-2', null)!.samples).toHaveLength(100);
    expect(recorder.personaClip('reply-3', 0)).toBeUndefined();
  });

  it('given a response cut before it was heard at all, then it has no clip', () => {
    const recorder = createTurnRecorder({ sampleRate: RATE });
    recorder.personaAudio('reply-1', frame(5, 100));
    expect(recorder.personaClip('reply-1', 0)).toBeUndefined();
  });
});
