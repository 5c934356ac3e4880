import type { TranscriptTurn } from '../adapter.js';
import type { SessionLanguage } from '../vocabulary.js';
import { countFillers, fillersOf } from './fillers.js';
import { classifyQuestion } from './questions.js';
import type { QuestionKind } from './questions.js';
import { countWords, sentencesOf } from './text.js';

// The observer's measurements of a conversation: computed from the transcript alone, so they are the
// same whichever provider played the persona, and reports show them beside a model's judgment.

export type ConversationMetrics = {
  words: { learner: number; persona: number; total: number };
  /** Learner words / all words, 0..1; null when nobody said anything. */
  talkRatio: number | null;
  questions: {
    total: number;
    open: number;
    closed: number;
    /** Each question the learner asked: its sentence and the transcript index of its turn. */
    asked: { turnIndex: number; text: string; kind: QuestionKind }[];
  };
  /** The learner turn with the most words (the first of equals); null when the learner said nothing. */
  longestMonologue: { words: number; turnIndex: number; learnerTurn: number } | null;
  /** Filler words of the learner: the total and the count of each filler found, in the list's order. */
  fillers: { total: number; byFiller: Record<string, number> };
  /**
   * Learner words per minute over the learner turns that carry both times (end after start); null
   * when none does.
   */
  wordsPerMinute: number | null;
};

export const conversationMetrics = (
  transcript: readonly TranscriptTurn[],
  language: SessionLanguage,
): ConversationMetrics => {
  let learnerWords = 0;
  let personaWords = 0;
  let timedWords = 0;
  let timedSeconds = 0;
  let longest: ConversationMetrics['longestMonologue'] = null;
  let learnerTurn = 0;
  const asked: ConversationMetrics['questions']['asked'] = [];
  const fillerCounts = new Map<string, number>();

  transcript.forEach((turn, turnIndex) => {
    const words = countWords(turn.text);
    if (turn.speaker === 'persona') {
      personaWords += words;
      return;
    }
    learnerTurn += 1;
    learnerWords += words;
    if (words > 0 && (longest === null || words > longest.words)) longest = { words, turnIndex, learnerTurn };
    const { startSeconds, endSeconds } = turn;
    if (startSeconds !== undefined && endSeconds !== undefined && endSeconds > startSeconds) {
      timedWords += words;
      timedSeconds += endSeconds - startSeconds;
    }
    for (const sentence of sentencesOf(turn.text)) {
      const kind = classifyQuestion(sentence, language);
      if (kind !== null) asked.push({ turnIndex, text: sentence, kind });
    }
    for (const [name, count] of countFillers(turn.text, language)) {
      fillerCounts.set(name, (fillerCounts.get(name) ?? 0) + count);
    }
  });

  const byFiller: Record<string, number> = {};
  let fillerTotal = 0;
  for (const { name } of fillersOf(language)) {
    const count = fillerCounts.get(name);
    if (count === undefined) continue;
    byFiller[name] = count;
    fillerTotal += count;
  }
  const total = learnerWords + personaWords;
  const open = asked.filter((question) => question.kind === 'open').length;
  return {
    words: { learner: learnerWords, persona: personaWords, total },
    talkRatio: total === 0 ? null : learnerWords / total,
    questions: { total: asked.length, open, closed: asked.length - open, asked },
    longestMonologue: longest,
    fillers: { total: fillerTotal, byFiller },
    wordsPerMinute: timedSeconds === 0 ? null : (timedWords * 60) / timedSeconds,
  };
};
