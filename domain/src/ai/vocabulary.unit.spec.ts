import { describe, expect, it } from 'vitest';
import { findOutcomeMarker } from './vocabulary.js';

describe('[AI]: outcome markers (spec §4)', () => {
  it.each([
    ['Deal. [[WIN]]', 'win', 'Deal.'],
    ['#-WIN-# Deal.', 'win', 'Deal.'],
    ['No, thank you. [[LOSE]]', 'loose', 'No, thank you.'],
    ['Time is up. [[END]]', 'end', 'Time is up.'],
  ])('reads %j as %s', (text, outcome, rest) => {
    expect(findOutcomeMarker(text)).toEqual({ outcome, text: rest });
  });

  it('takes the first marker when there are several, and leaves a text without one as it is', () => {
    expect(findOutcomeMarker('[[LOSE]] then [[WIN]]').outcome).toBe('loose');
    expect(findOutcomeMarker('Tell me more.')).toEqual({ text: 'Tell me more.' });
  });
});
