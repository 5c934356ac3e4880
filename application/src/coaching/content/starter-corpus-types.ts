import type { StarterLanguage, StarterScenarioKey } from './starter-texts.js';

// The shape of the starter library's corpus (starter-corpus.ts).

export const CORPUS_LEVELS = ['strong', 'middling', 'weak'] as const;
export type CorpusLevel = (typeof CORPUS_LEVELS)[number];

/** A conversation: what the learner types, turn by turn. */
export type CorpusConversation = readonly string[];

export type StarterCorpus = Record<
  StarterScenarioKey,
  Record<StarterLanguage, Record<CorpusLevel, readonly CorpusConversation[]>>
>;
