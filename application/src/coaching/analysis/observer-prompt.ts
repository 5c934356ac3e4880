import type { AiMessage, RubricScale, SessionLanguage } from '@ai-coaching/domain';
import type { ObserverFields } from '../content/content-fields.js';
import type { JudgedTurn, RubricCriterion } from './observer-answer.js';

// What an observer's model reads: who it is, the rubric with each criterion's scale, and the transcript with its
// turn ids, which its evidence quotes.

const SCALE_WORDS: Record<RubricScale, string> = {
  pass_fail: '0 (fail) or 1 (pass)',
  '1_5': 'a whole number from 1 to 5',
  '1_10': 'a whole number from 1 to 10',
};

export const promptOf = (
  observer: ObserverFields,
  rubric: readonly RubricCriterion[],
  keys: readonly string[],
  conversation: { turns: readonly JudgedTurn[]; language: SessionLanguage },
): AiMessage[] => [
  {
    role: 'system',
    content: [
      `You are ${observer.name}, an observer who assesses a learner's role-play. ${observer.description}`,
      observer.instructions,
      'Score every criterion of the rubric below, each under its exact name in "criteria":',
      ...rubric.map(
        (criterion, index) =>
          `- ${keys[index]} (${SCALE_WORDS[criterion.scale]}): ${criterion.description}` +
          (criterion.not_relevant_when ? ` Not relevant when: ${criterion.not_relevant_when}` : ''),
      ),
      'Mark a criterion relevant: false only when its "not relevant when" condition holds; its score is then ignored.',
      'Support each score with evidence: short quotes of the learner, each with the id of the turn it comes from.',
      `Write went_well, to_improve and summary in ${conversation.language}.`,
    ]
      .filter((line) => line.trim().length > 0)
      .join('\n'),
  },
  {
    role: 'user',
    content: conversation.turns
      .map((turn) => `[${turn.turnId}] ${turn.role === 'learner' ? 'Learner' : 'Persona'}: ${turn.text}`)
      .join('\n'),
  },
];
