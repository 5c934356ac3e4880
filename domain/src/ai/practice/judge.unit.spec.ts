import { describe, expect, it } from 'vitest';
import { behaviourOf, judgeConversation, type JudgeCriterion } from './judge.js';
import {
  playConversation,
  priceBrief,
  prixBrief,
  STRONG_EN,
  STRONG_FR,
  WEAK_EN,
  WEAK_FR,
} from './testing/price-brief.js';

const CRITERIA: JudgeCriterion[] = [
  { name: 'Discovery', description: 'Asks open questions to understand needs.', weight: 1 },
  { name: 'Objection handling', description: 'Acknowledges and settles every concern.', weight: 1 },
  { name: 'Negotiation', description: 'Trades rather than concedes.', weight: 1 },
  { name: 'Clear close', description: 'Ends on an agreed next step: who does what, and by when.', weight: 1 },
  { name: 'Empathy', description: 'Acknowledges how the other person feels.', weight: 1 },
];

const judged = (brief: typeof priceBrief, lines: readonly string[]) =>
  judgeConversation(brief, playConversation(brief, lines), CRITERIA);

describe('the built-in observer', () => {
  it('reads each criterion as the behaviour its name says, in either language', () => {
    expect(behaviourOf({ name: 'Clear close', description: '' })).toBe('closing');
    expect(behaviourOf({ name: 'Découverte', description: '' })).toBe('discovery');
    expect(behaviourOf({ name: 'Écoute active', description: '' })).toBe('empathy');
    expect(behaviourOf({ name: 'Gestion des objections', description: '' })).toBe('objections');
    expect(behaviourOf({ name: 'Style', description: 'Keeps a calm, respectful tone.' })).toBe('professionalism');
    expect(behaviourOf({ name: 'Product knowledge', description: 'Knows the catalogue.' })).toBe('own_words');
  });

  it('scores a won negotiation high, with every score backed by what the learner said', () => {
    const report = judged(priceBrief, STRONG_EN);
    expect(report.outcome).toBe('win');
    expect(report.overall).toBeGreaterThanOrEqual(70);
    const learnerWords = STRONG_EN.join(' ');
    for (const criterion of report.criteria) {
      expect(criterion.evidence.length, criterion.name).toBeGreaterThan(0);
      for (const evidence of criterion.evidence) expect(learnerWords).toContain(evidence.quote);
    }
    expect(report.criteria.find((criterion) => criterion.name === 'Clear close')!.evidence[0]!.quote).toMatch(
      /Tuesday/,
    );
  });

  it('scores a lost one low, and writes strengths, points to improve and summary that agree with the scores', () => {
    const report = judged(priceBrief, WEAK_EN);
    expect(report.outcome).toBe('lose');
    expect(report.overall).toBeLessThanOrEqual(35);
    expect(report.wentWell).toEqual([]);
    expect(report.toImprove.some((line) => line.startsWith('Negotiation: you gave ground'))).toBe(true);
    expect(report.summary).toMatch(/^The conversation ended in failure\./);
    // Closing cannot pass once the conversation is lost.
    expect(report.criteria.find((criterion) => criterion.behaviour === 'closing')!.share).toBe(0);

    for (const report of [judged(priceBrief, STRONG_EN), judged(priceBrief, WEAK_EN)]) {
      for (const criterion of report.criteria) {
        const praised = report.wentWell.some((line) => line.startsWith(`${criterion.name}:`));
        const criticised = report.toImprove.some((line) => line.startsWith(`${criterion.name}:`));
        expect(praised, criterion.name).toBe(criterion.share >= 0.7);
        expect(criticised, criterion.name).toBe(criterion.share < 0.7);
      }
    }
    expect(judged(priceBrief, STRONG_EN).summary).toMatch(/^You reached the goal\./);
  });

  it('gives the same scores to the same conversation in English and in French', () => {
    const shares = (report: ReturnType<typeof judged>) => report.criteria.map((criterion) => criterion.share);
    expect(shares(judged(prixBrief, STRONG_FR))).toEqual(shares(judged(priceBrief, STRONG_EN)));
    expect(shares(judged(prixBrief, WEAK_FR))).toEqual(shares(judged(priceBrief, WEAK_EN)));
    expect(judged(prixBrief, STRONG_FR).summary).toMatch(/^Vous avez atteint l’objectif\./);
  });

  it('quotes an offer as value where nothing is traded (a remedy), and not where the mission trades', () => {
    const complaint = {
      ...priceBrief,
      mission: {
        ...priceBrief.mission,
        objections: [{ text: 'The delivery came two weeks late.', resolvedBy: ['acknowledge', 'value'] as const }],
        failure: ['rudeness', 'pressure'] as const,
      },
    } as typeof priceBrief;
    const remedy = 'We will refund the delivery charge and send the missing parts tomorrow morning.';
    const lines = ['I am so sorry, I understand how frustrating that delay is.', remedy];
    const valueOf = (brief: typeof priceBrief) =>
      judgeConversation(brief, playConversation(brief, lines), [
        { name: 'Value', description: 'Offers value or evidence.', weight: 1 },
      ]).criteria[0]!;
    expect(valueOf(complaint).evidence.map((evidence) => evidence.quote)).toContain(remedy);
    expect(valueOf(priceBrief).evidence.map((evidence) => evidence.quote)).not.toContain(remedy);
  });

  it('leaves out a criterion the conversation gave no occasion for', () => {
    const noObjections = { ...priceBrief, mission: { ...priceBrief.mission, objections: [] } };
    const report = judgeConversation(noObjections, playConversation(noObjections, STRONG_EN), CRITERIA);
    expect(report.criteria.find((criterion) => criterion.behaviour === 'objections')!.relevant).toBe(false);
  });
});
