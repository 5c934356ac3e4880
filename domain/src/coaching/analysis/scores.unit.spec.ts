import { describe, expect, it } from 'vitest';
import { normalisedCriterionScore, scoreOnScale, weightedAnalysisScore } from './scores.js';

describe('analysis scores', () => {
  it('should bring every scale to 0..100, its lowest score to 0 and its highest to 100', () => {
    expect(normalisedCriterionScore('pass_fail', 0)).toBe(0);
    expect(normalisedCriterionScore('pass_fail', 1)).toBe(100);
    expect(normalisedCriterionScore('1_5', 1)).toBe(0);
    expect(normalisedCriterionScore('1_5', 4)).toBe(75);
    expect(normalisedCriterionScore('1_10', 10)).toBe(100);
  });

  it('should keep a model’s score whole and within the scale', () => {
    expect(scoreOnScale('1_5', 7)).toBe(5);
    expect(scoreOnScale('1_10', 0)).toBe(1);
    expect(scoreOnScale('pass_fail', 0.6)).toBe(1);
  });

  it('should weigh the criteria that applied, and give null when none did', () => {
    const criterion = { evidence: [], relevant: true };
    expect(
      weightedAnalysisScore([
        { ...criterion, name: 'a', scale: '1_5', weight: 2, score: 3 },
        { ...criterion, name: 'b', scale: 'pass_fail', weight: 1, score: 0 },
        { ...criterion, name: 'c', scale: '1_10', weight: 4, relevant: false, score: null },
      ]),
    ).toBe(33);
    expect(
      weightedAnalysisScore([{ ...criterion, name: 'c', scale: '1_10', weight: 4, relevant: false, score: null }]),
    ).toBeNull();
  });
});
