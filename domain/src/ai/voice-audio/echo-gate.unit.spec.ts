import { describe, expect, it } from 'vitest';
import { createEchoGate } from './echo-gate.js';

const RATE = 24_000;
/** A 20 ms (or `ms`) sine at `amplitude` of full scale. */
const tone = (amplitude: number, ms = 20, hz = 220): Int16Array =>
  Int16Array.from({ length: (RATE * ms) / 1000 }, (_, i) =>
    Math.round(amplitude * 32767 * Math.sin((2 * Math.PI * hz * i) / RATE)),
  );

describe('echo gate', () => {
  it('given no persona audio, when the learner speaks, then every frame passes', () => {
    const gate = createEchoGate();
    expect(gate.passes(tone(0.01), 0)).toBe(true);
  });

  it('given the persona playing, when its own voice comes back at a loudspeaker echo level (−10 dB), then it is held', () => {
    const gate = createEchoGate();
    gate.personaAudio(tone(0.6, 1000), RATE, 0);
    expect(gate.playing(500)).toBe(true);
    expect(gate.passes(tone(0.6 * 0.3), 500)).toBe(false);
  });

  it('given the persona playing, when the learner speaks louder than half its level, then the frame passes (barge-in)', () => {
    const gate = createEchoGate();
    gate.personaAudio(tone(0.4, 1000), RATE, 0);
    expect(gate.passes(tone(0.4), 500)).toBe(true);
  });

  it('given audio sent faster than real time, then the gate lasts until it has played, plus the tail', () => {
    const gate = createEchoGate({ tailMs: 300 });
    // Two seconds of speech arriving within 10 ms: it plays until 2,000 ms.
    gate.personaAudio(tone(0.6, 1000), RATE, 0);
    gate.personaAudio(tone(0.6, 1000), RATE, 10);
    expect(gate.passes(tone(0.1), 1900)).toBe(false);
    expect(gate.passes(tone(0.1), 2200)).toBe(false);
    expect(gate.passes(tone(0.1), 2400)).toBe(true);
    expect(gate.playing(2100)).toBe(false);
  });

  it('given a barge-in, when playback is stopped, then only the tail still holds echo back', () => {
    const gate = createEchoGate({ tailMs: 300 });
    gate.personaAudio(tone(0.6, 1000), RATE, 0);
    gate.personaStopped(200);
    expect(gate.playing(250)).toBe(false);
    expect(gate.passes(tone(0.1), 400)).toBe(false);
    expect(gate.passes(tone(0.1), 600)).toBe(true);
  });

  it('given a new reply after a pause, then the gate holds against the new reply level, not the old one', () => {
    const gate = createEchoGate({ tailMs: 300 });
    gate.personaAudio(tone(0.9, 100), RATE, 0);
    gate.personaAudio(tone(0.2, 1000), RATE, 5000);
    expect(gate.passes(tone(0.15), 5500)).toBe(true);
  });
});
