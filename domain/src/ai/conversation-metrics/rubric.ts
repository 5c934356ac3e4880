import type { TranscriptTurn } from '../call.js';
import { indexOfPhrase, matchTokens, sentencesOf } from './text.js';

// Rubric scoring by evidence: an item is supported by what the learner actually said. Phrases match
// whole words within one sentence, ignoring case and accents.

export type RubricItem = {
  id: string;
  label: string;
  /** Phrases whose presence in a learner sentence shows the item was done. */
  evidencePhrases: readonly string[];
  /** Relative weight in the overall score; 1 when absent. An item weighing 0 or less does not count. */
  weight?: number;
};

export type RubricItemScore = {
  id: string;
  label: string;
  /** At least one evidence phrase was said. */
  met: boolean;
  /** Share of the item's evidence phrases the learner said, 0..1 (0 when it has none). */
  score: number;
  /** The evidence phrases found, as the item writes them. */
  found: string[];
  /** The learner sentences containing them, in the order said, each once. */
  evidence: string[];
};

export type RubricScore = {
  items: RubricItemScore[];
  /** Weighted mean of the item scores, 0..100, rounded to a whole number; 0 when no item weighs anything. */
  overall: number;
};

export const scoreRubric = (transcript: readonly TranscriptTurn[], items: readonly RubricItem[]): RubricScore => {
  const sentences = transcript
    .filter((turn) => turn.speaker === 'learner')
    .flatMap((turn) => sentencesOf(turn.text))
    .map((text) => ({ text, tokens: matchTokens(text) }));

  const scored = items.map((item): RubricItemScore => {
    const found: string[] = [];
    const evidence = new Set<string>();
    for (const phrase of item.evidencePhrases) {
      const tokens = matchTokens(phrase);
      const containing = sentences.filter((sentence) => indexOfPhrase(sentence.tokens, tokens) >= 0);
      if (containing.length === 0) continue;
      found.push(phrase);
      for (const sentence of containing) evidence.add(sentence.text);
    }
    const count = item.evidencePhrases.length;
    return {
      id: item.id,
      label: item.label,
      met: found.length > 0,
      score: count === 0 ? 0 : found.length / count,
      found,
      // Sentences in the order they were said, not the order of the phrases.
      evidence: [...new Set(sentences.map((sentence) => sentence.text).filter((text) => evidence.has(text)))],
    };
  });

  let weighted = 0;
  let totalWeight = 0;
  items.forEach((item, index) => {
    const weight = item.weight ?? 1;
    if (weight <= 0) return;
    weighted += weight * (scored[index]?.score ?? 0);
    totalWeight += weight;
  });
  return { items: scored, overall: totalWeight === 0 ? 0 : Math.round((weighted / totalWeight) * 100) };
};
