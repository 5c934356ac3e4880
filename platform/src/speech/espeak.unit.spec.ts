import { pcm16Rms } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { espeakSpeak, espeakSynthesize } from './espeak.js';

describe('[VOICE]: eSpeak NG, the built-in offline voice', () => {
  it('speaks English and French at 24 kHz, audibly, for about as long as the sentence takes to say', async () => {
    for (const [text, language] of [
      ['Good morning, I am not convinced yet.', 'en-GB'],
      ['Hello there, what is the price?', 'en-US'],
      ['Bonjour, je ne suis pas encore convaincu.', 'fr-FR'],
    ] as const) {
      const spoken = await espeakSpeak(text, language);
      expect(spoken.sampleRate).toBe(24_000);
      const seconds = spoken.samples.length / 24_000;
      expect(seconds).toBeGreaterThan(1);
      expect(seconds).toBeLessThan(5);
      expect(pcm16Rms(spoken.samples)).toBeGreaterThan(500);
    }
  }, 30_000);

  it('reads a text starting with a dash as words, and the two voices differ', async () => {
    const dash = await espeakSynthesize('-v fr this is text', 'en-gb');
    expect(dash.sampleRate).toBe(22_050);
    expect(pcm16Rms(dash.samples)).toBeGreaterThan(500);
    const english = await espeakSynthesize('Bonjour', 'en-gb');
    const french = await espeakSynthesize('Bonjour', 'fr');
    expect(english.samples).not.toEqual(french.samples);
  }, 30_000);
});
