/** 20 ms at the wire's 24 kHz: the frame the gateway expects (issue 14 §2). */
export const FRAME_SAMPLES = 480;

/**
 * Cuts a stream of PCM16 chunks of any length into frames of one size, keeping the remainder for the next chunk:
 * the resampler's output (a few samples more or less per render quantum) becomes steady 20 ms frames.
 */
export const createFramer = (size: number = FRAME_SAMPLES) => {
  let pending = new Int16Array(0);
  return (chunk: Int16Array): Int16Array[] => {
    const samples = new Int16Array(pending.length + chunk.length);
    samples.set(pending);
    samples.set(chunk, pending.length);
    const frames: Int16Array[] = [];
    let at = 0;
    for (; at + size <= samples.length; at += size) frames.push(samples.slice(at, at + size));
    pending = samples.slice(at);
    return frames;
  };
};
