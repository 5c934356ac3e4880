import { beforeAll, describe, expect, it } from 'vitest';

// The playback worklet runs on the audio thread as a plain script (client/public/audio/playback.worklet.js); here it
// runs in Node with the three globals the audio thread gives it.
type Message = { type: 'played'; played: Record<string, number>; stopped: boolean };
type Processor = {
  port: { onmessage: (event: { data: unknown }) => void; postMessage: (message: Message) => void };
  process(inputs: unknown[], outputs: Float32Array[][]): boolean;
};
let Playback: new () => Processor;
const RATE = 48_000;

beforeAll(async () => {
  const globals = globalThis as Record<string, unknown>;
  globals['sampleRate'] = RATE;
  globals['AudioWorkletProcessor'] = class {
    port = { onmessage: () => undefined, postMessage: () => undefined };
  };
  globals['registerProcessor'] = (_name: string, processor: new () => Processor) => {
    Playback = processor;
  };
  // A path in a variable: the script has no types to check, and needs none here.
  const worklet = '../../../public/audio/playback.worklet.js';
  await import(/* @vite-ignore */ worklet);
});

const started = () => {
  const processor = new Playback();
  const messages: Message[] = [];
  processor.port.postMessage = (message) => void messages.push(message);
  const send = (data: unknown) => processor.port.onmessage({ data });
  const render = (quanta: number) => {
    const out: number[] = [];
    for (let i = 0; i < quanta; i++) {
      const output = new Float32Array(128);
      processor.process([], [[output]]);
      out.push(...output);
    }
    return out;
  };
  return { send, render, messages };
};
/** A chunk of `ms` of a constant level at 24 kHz. */
const chunk = (responseId: string, ms: number, level = 8192) => ({
  type: 'chunk',
  responseId,
  pcm: new Int16Array((24_000 * ms) / 1000).fill(level),
});

describe('the playback worklet’s jitter buffer', () => {
  it('waits for 80 ms of audio before it starts, then plays it at the context’s rate', () => {
    const { send, render } = started();
    send(chunk('r1', 40));
    expect(render(10).every((sample) => sample === 0)).toBe(true);
    send(chunk('r1', 60));
    const out = render(10);
    expect(out.filter((sample) => Math.abs(sample - 0.25) < 1e-6).length).toBe(1280);
  });

  it('plays silence through an underrun and waits for the pre-roll again', () => {
    const { send, render } = started();
    send(chunk('r1', 100));
    render(38); // 100 ms at 48 kHz is 4,800 samples: 37.5 quanta
    expect(render(5).every((sample) => sample === 0)).toBe(true);
    send(chunk('r1', 20));
    expect(render(5).every((sample) => sample === 0)).toBe(true);
  });

  it('plays a tail shorter than the pre-roll once told that no more audio is coming', () => {
    const { send, render } = started();
    send(chunk('r1', 40));
    expect(render(5).every((sample) => sample === 0)).toBe(true);
    send({ type: 'drain' });
    const out = render(20);
    expect(out.filter((sample) => Math.abs(sample - 0.25) < 1e-6).length).toBe(1920);
  });

  it('on a stop drops what was not heard and tells how many milliseconds of each response were played', () => {
    const { send, render, messages } = started();
    send(chunk('r1', 500));
    render(75); // 200 ms at 48 kHz
    send({ type: 'stop' });
    const last = messages.at(-1)!;
    expect(last.stopped).toBe(true);
    expect(last.played['r1']).toBeGreaterThanOrEqual(199);
    expect(last.played['r1']).toBeLessThanOrEqual(201);
    expect(render(20).every((sample) => sample === 0)).toBe(true);
  });
});
