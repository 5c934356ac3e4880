import { describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '../adapter.js';
import { scoreRubric } from './rubric.js';

const TRANSCRIPT: TranscriptTurn[] = [
  { speaker: 'learner', text: 'Thanks for meeting me. What is your budget for this year?' },
  { speaker: 'persona', text: 'Our timeline is short, and how are you going to help?' },
  {
    speaker: 'learner',
    text: 'We offer a free trial. Could we agree on next steps? We can offer a free trial to your team. We offer a free trial.',
  },
];

describe('[AI]: rubric scoring by evidence', () => {
  it('should score each item by the share of its phrases the learner said, with the sentences as evidence', () => {
    const result = scoreRubric(TRANSCRIPT, [
      { id: 'discovery', label: 'Asks about budget and timeline', evidencePhrases: ['budget', 'timeline'], weight: 2 },
      { id: 'close', label: 'Proposes next steps', evidencePhrases: ['next steps', 'Free Trial'] },
      { id: 'rapport', label: 'Builds rapport', evidencePhrases: ['how are you'] },
      { id: 'ignored', label: 'Weighs nothing', evidencePhrases: ['budget'], weight: 0 },
      { id: 'empty', label: 'Has no phrase', evidencePhrases: [], weight: 0 },
    ]);
    expect(result.items).toEqual([
      {
        id: 'discovery',
        label: 'Asks about budget and timeline',
        met: true,
        score: 0.5,
        found: ['budget'],
        evidence: ['What is your budget for this year?'],
      },
      {
        id: 'close',
        label: 'Proposes next steps',
        met: true,
        score: 1,
        found: ['next steps', 'Free Trial'],
        evidence: [
          'We offer a free trial.',
          'Could we agree on next steps?',
          'We can offer a free trial to your team.',
        ],
      },
      { id: 'rapport', label: 'Builds rapport', met: false, score: 0, found: [], evidence: [] },
      {
        id: 'ignored',
        label: 'Weighs nothing',
        met: true,
        score: 1,
        found: ['budget'],
        evidence: ['What is your budget for this year?'],
      },
      { id: 'empty', label: 'Has no phrase', met: false, score: 0, found: [], evidence: [] },
    ]);
    // (2 × 0.5 + 1 × 1 + 1 × 0) / 4
    expect(result.overall).toBe(50);
  });

  it('should match phrases whole, ignoring case and accents, and round the overall score', () => {
    const result = scoreRubric(
      [{ speaker: 'learner', text: 'Je vous propose une REDUCTION de 10 %. Les remises sont possibles.' }],
      [
        { id: 'offer', label: 'Offre une réduction', evidencePhrases: ['réduction', 'remise', 'essai'] },
        { id: 'price', label: 'Parle du prix', evidencePhrases: ['10 %'] },
      ],
    );
    expect(result.items.map((item) => [item.found, item.score])).toEqual([
      [['réduction'], 1 / 3],
      [['10 %'], 1],
    ]);
    // (1/3 + 1) / 2 = 66.67
    expect(result.overall).toBe(67);
  });

  it('should score 0 when no item weighs anything', () => {
    expect(scoreRubric(TRANSCRIPT, []).overall).toBe(0);
  });
});
