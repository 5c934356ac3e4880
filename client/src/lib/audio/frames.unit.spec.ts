import { describe, expect, it } from 'vitest';
import { createFramer, FRAME_SAMPLES } from './frames';

describe('the framer', () => {
  it('cuts uneven chunks into 20 ms frames in order, keeping the remainder for later', () => {
    const framer = createFramer();
    const counter = (from: number, length: number) => Int16Array.from({ length }, (_, i) => from + i);
    expect(framer(counter(0, 300))).toEqual([]);
    const frames = framer(counter(300, 700));
    expect(frames).toHaveLength(2);
    expect(frames.map((frame) => [frame.length, frame[0], frame.at(-1)])).toEqual([
      [FRAME_SAMPLES, 0, 479],
      [FRAME_SAMPLES, 480, 959],
    ]);
    expect(framer(counter(1000, 440))[0]?.[0]).toBe(960);
  });
});
