import type { AnalysisCriterionScore, RubricScale } from './events.js';

/** The lowest and highest score of each scale. */
export const RUBRIC_SCALE_RANGE: Record<RubricScale, { min: number; max: number }> = {
  pass_fail: { min: 0, max: 1 },
  '1_5': { min: 1, max: 5 },
  '1_10': { min: 1, max: 10 },
};

/**
 * A score on its scale, brought to 0..100 so criteria of different scales can be averaged: the scale's lowest score
 * is 0 and its highest 100 (a 1 out of 5 earns nothing, as a fail does).
 */
export const normalisedCriterionScore = (scale: RubricScale, score: number): number => {
  const { min, max } = RUBRIC_SCALE_RANGE[scale];
  const clamped = Math.min(max, Math.max(min, score));
  return ((clamped - min) / (max - min)) * 100;
};

/** A model's score brought onto the scale: whole, and within its bounds (a pass or fail is 0 or 1). */
export const scoreOnScale = (scale: RubricScale, score: number): number => {
  const { min, max } = RUBRIC_SCALE_RANGE[scale];
  return Math.min(max, Math.max(min, Math.round(score)));
};

/**
 * The weighted mean of the criteria that applied, each normalised to 0..100, rounded to a whole number; null when
 * none applied. Used for one observer's score and, over every observer's criteria, for the overall score.
 */
export const weightedAnalysisScore = (criteria: readonly AnalysisCriterionScore[]): number | null => {
  let weighted = 0;
  let totalWeight = 0;
  for (const criterion of criteria) {
    if (!criterion.relevant || criterion.score === null || criterion.weight <= 0) continue;
    weighted += criterion.weight * normalisedCriterionScore(criterion.scale, criterion.score);
    totalWeight += criterion.weight;
  }
  return totalWeight === 0 ? null : Math.round(weighted / totalWeight);
};

/** The criteria with one criterion's score replaced by a reviewer's: it counts from then on, relevant or not. */
export const correctedCriteria = (
  criteria: readonly AnalysisCriterionScore[],
  name: string,
  score: number,
): AnalysisCriterionScore[] =>
  criteria.map((criterion) => (criterion.name === name ? { ...criterion, relevant: true, score } : criterion));
