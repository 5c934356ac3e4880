import { describe, expect, it } from 'vitest';
import { MAX_NB_CREDITS, parseNbCredits } from './nb-credits';

describe('parseNbCredits', () => {
  it.each([
    ['1', 1],
    [' 250 ', 250],
    ['1 000', 1000],
    [String(MAX_NB_CREDITS), MAX_NB_CREDITS],
  ])('reads %j as %i', (text, value) => expect(parseNbCredits(text)).toEqual({ ok: true, value }));

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'notWhole'],
    ['1.5', 'notWhole'],
    ['1e3', 'notWhole'],
    ['0', 'tooSmall'],
    ['-3', 'tooSmall'],
    [String(MAX_NB_CREDITS + 1), 'tooLarge'],
  ])('refuses %j (%s)', (text, problem) => expect(parseNbCredits(text)).toEqual({ ok: false, problem }));
});
