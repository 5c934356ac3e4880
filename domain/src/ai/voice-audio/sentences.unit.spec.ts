import { describe, expect, it } from 'vitest';
import { createSentenceCutter, splitSentences } from './sentences.js';

describe('[VOICE]: sentence cutter', () => {
  it('gives each sentence as soon as the whitespace after its end arrives', () => {
    const cutter = createSentenceCutter();
    expect(cutter.push('Good morning. I am')).toEqual(['Good morning.']);
    expect(cutter.push(' not convinced yet!')).toEqual([]);
    expect(cutter.push(' Why')).toEqual(['I am not convinced yet!']);
    expect(cutter.push('?')).toEqual([]);
    expect(cutter.flush()).toEqual(['Why?']);
    expect(cutter.flush()).toEqual([]);
  });

  it('keeps decimals, repeated marks, closing quotes and line breaks as a reader would', () => {
    expect(splitSentences('It costs 3.5 euros... "Really?" Yes!\nNext line')).toEqual([
      'It costs 3.5 euros...',
      '"Really?"',
      'Yes!',
      'Next line',
    ]);
    expect(splitSentences('Bonjour… Je ne suis pas sûr ; on verra.')).toEqual([
      'Bonjour…',
      'Je ne suis pas sûr ; on verra.',
    ]);
  });

  it('cuts a run without a sentence end at a space once it is long, and never gives an empty sentence', () => {
    const cutter = createSentenceCutter(20);
    expect(cutter.push('one two three four five six seven')).toEqual(['one two three four']);
    expect(cutter.flush()).toEqual(['five six seven']);
    expect(splitSentences('   ')).toEqual([]);
    expect(splitSentences('. . Hello.')).toEqual(['.', '.', 'Hello.']);
  });
});
