import { describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '../adapter.js';
import { conversationMetrics } from './metrics.js';

// Word counts, questions and fillers below were counted by hand; the comments show the counts.
const ENGLISH: TranscriptTurn[] = [
  { speaker: 'persona', text: "Hello, I'm Claire. What can I do for you?" }, // 9 words
  // 11 words, 6 s; one open question; fillers: um
  {
    speaker: 'learner',
    text: 'Um, thanks for your time. What are your priorities this year?',
    startSeconds: 2,
    endSeconds: 8,
  },
  { speaker: 'persona', text: 'Cost, mostly.' }, // 2 words
  // 28 words, 12 s; one closed and one open question; fillers: like, actually, you know
  {
    speaker: 'learner',
    text: 'I see. So, like, we could actually cut your costs, you know, by a third. Do you have a budget? Could you tell me how you choose suppliers?',
    startSeconds: 10,
    endSeconds: 22,
  },
  { speaker: 'persona', text: 'We compare three quotes.' }, // 4 words
  // 14 words, no times; one closed and one open question; fillers: I mean ("that kind of", "What kind of" are not)
  { speaker: 'learner', text: 'I mean, is that kind of process fixed? What kind of savings would matter?' },
];

const FRENCH: TranscriptTurn[] = [
  { speaker: 'persona', text: 'Bonjour, que puis-je faire pour vous ?' }, // 6 words
  // 11 words, 10 s; one open question; fillers: euh
  {
    speaker: 'learner',
    text: 'Euh, bonjour. Qu’est-ce qui compte le plus pour vous cette année ?',
    startSeconds: 0,
    endSeconds: 10,
  },
  { speaker: 'persona', text: 'Le coût, surtout.' }, // 3 words
  // 22 words, 20 s; one closed and one open question; fillers: du coup, en fait
  {
    speaker: 'learner',
    text: 'Du coup, on peut réduire vos coûts d’un tiers, en fait. Avez-vous un budget ? Est-ce que vous pourriez me décrire votre processus ?',
    startSeconds: 12,
    endSeconds: 32,
  },
  { speaker: 'persona', text: 'Nous comparons trois devis.' }, // 4 words
  // 18 words, no times; one open question; fillers: ben, quoi, genre, voilà ("de quoi ?", "Ce genre" are not)
  {
    speaker: 'learner',
    text: 'Ben, c’était trop cher, quoi. Vous parlez de quoi ? Ce genre de chose, genre, arrive. Pourquoi pas, voilà.',
  },
];

describe('[AI]: conversation metrics', () => {
  it('should measure an English conversation', () => {
    expect(conversationMetrics(ENGLISH, 'en-GB')).toEqual({
      words: { learner: 53, persona: 15, total: 68 },
      talkRatio: 53 / 68,
      questions: {
        total: 5,
        open: 3,
        closed: 2,
        asked: [
          { turnIndex: 1, text: 'What are your priorities this year?', kind: 'open' },
          { turnIndex: 3, text: 'Do you have a budget?', kind: 'closed' },
          { turnIndex: 3, text: 'Could you tell me how you choose suppliers?', kind: 'open' },
          { turnIndex: 5, text: 'I mean, is that kind of process fixed?', kind: 'closed' },
          { turnIndex: 5, text: 'What kind of savings would matter?', kind: 'open' },
        ],
      },
      longestMonologue: { words: 28, turnIndex: 3, learnerTurn: 2 },
      fillers: { total: 5, byFiller: { um: 1, like: 1, 'you know': 1, 'I mean': 1, actually: 1 } },
      // 39 words in 18 s
      wordsPerMinute: 130,
    });
  });

  it('should measure a French conversation', () => {
    expect(conversationMetrics(FRENCH, 'fr-FR')).toEqual({
      words: { learner: 51, persona: 13, total: 64 },
      talkRatio: 51 / 64,
      questions: {
        total: 4,
        open: 3,
        closed: 1,
        asked: [
          { turnIndex: 1, text: 'Qu’est-ce qui compte le plus pour vous cette année ?', kind: 'open' },
          { turnIndex: 3, text: 'Avez-vous un budget ?', kind: 'closed' },
          { turnIndex: 3, text: 'Est-ce que vous pourriez me décrire votre processus ?', kind: 'open' },
          { turnIndex: 5, text: 'Vous parlez de quoi ?', kind: 'open' },
        ],
      },
      longestMonologue: { words: 22, turnIndex: 3, learnerTurn: 2 },
      fillers: {
        total: 7,
        byFiller: { euh: 1, ben: 1, 'du coup': 1, 'en fait': 1, genre: 1, voilà: 1, quoi: 1 },
      },
      // 33 words in 30 s
      wordsPerMinute: 66,
    });
  });

  it('should count English filler words only where they are fillers', () => {
    const { fillers } = conversationMetrics(
      [
        {
          speaker: 'learner',
          text: "Um, I like it, like, it's sort of basically what I'd like. Do you know the price? Er... it looks like rain, I mean it.",
        },
      ],
      'en-GB',
    );
    expect(fillers).toEqual({ total: 6, byFiller: { um: 1, er: 1, like: 1, 'I mean': 1, basically: 1, 'sort of': 1 } });
  });

  it('should give null ratios and speeds when nothing is known', () => {
    expect(conversationMetrics([], 'en-US')).toEqual({
      words: { learner: 0, persona: 0, total: 0 },
      talkRatio: null,
      questions: { total: 0, open: 0, closed: 0, asked: [] },
      longestMonologue: null,
      fillers: { total: 0, byFiller: {} },
      wordsPerMinute: null,
    });
  });

  it('should leave out turns whose times are missing or do not make a duration', () => {
    const metrics = conversationMetrics(
      [
        { speaker: 'learner', text: 'One two three', startSeconds: 5, endSeconds: 5 },
        { speaker: 'learner', text: 'four five', startSeconds: 8 },
        { speaker: 'persona', text: 'Six seven eight nine', startSeconds: 10, endSeconds: 11 },
        { speaker: 'learner', text: 'ten eleven twelve thirteen fourteen', startSeconds: 12, endSeconds: 14 },
      ],
      'en-GB',
    );
    expect(metrics.wordsPerMinute).toBe(150);
    expect(metrics.talkRatio).toBe(10 / 14);
  });
});
