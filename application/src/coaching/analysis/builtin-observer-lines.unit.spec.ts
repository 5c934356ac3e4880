import { describe, expect, it } from 'vitest';
import { BUILTIN_LINES } from './builtin-observer-lines.js';

// Issue 23 §2: the built-in observer's summary said "0 critère(s) sur 4 retrouvé(s)"; it says each count's form.
describe('the built-in observer’s summary', () => {
  it('says the French count in the form French gives it, 0 and 1 singular', () => {
    const summary = BUILTIN_LINES['fr-FR'].summary;
    expect(summary(0, 4)).toMatch(/^0 critère sur 4 retrouvé dans vos mots\./);
    expect(summary(1, 4)).toMatch(/^1 critère sur 4 retrouvé dans vos mots\./);
    expect(summary(3, 4)).toMatch(/^3 critères sur 4 retrouvés dans vos mots\./);
    for (const heard of [0, 1, 3]) expect(summary(heard, 4)).not.toContain('(s)');
  });

  it('says "criterion" of one and "criteria" of several in English', () => {
    expect(BUILTIN_LINES['en-GB'].summary(1, 1)).toMatch(/^1 of 1 criterion heard in your words\./);
    expect(BUILTIN_LINES['en-GB'].summary(0, 4)).toMatch(/^0 of 4 criteria heard in your words\./);
  });
});
