import { it } from 'vitest';
import type { RoleplayBrief } from './brief.js';
import { builtinRoleplayTurn } from './persona.js';
import type { TranscriptTurn } from '../call.js';

const brief: RoleplayBrief = {
  language: 'en-GB',
  persona: {
    name: 'Claire Martin',
    role: 'purchasing manager at Norvel',
    knowledge: [
      {
        topic: 'last year',
        keywords: ['year', 'experience', 'going', 'tool', 'usage', 'adoption'],
        says: 'The tool works, but only half of the Lyon office actually uses it.',
        gate: 'open_question',
      },
      {
        topic: 'Lyon office',
        keywords: ['lyon', 'why', 'training', 'half', 'reason'],
        says: 'Nobody in Lyon was ever trained. They went back to spreadsheets.',
        gate: 'any',
      },
      {
        topic: 'budget',
        keywords: ['budget', 'cost', 'money', 'finance', 'cfo'],
        says: 'My CFO has frozen every increase above inflation this year.',
        gate: 'trust',
      },
    ],
    motivations: ['She must show the CFO a saving on paper.'],
    patience: 3,
    openness: 3,
    mood: 'sceptical',
  },
  mission: {
    objections: [
      {
        text: 'Frankly, an 8% increase is hard to swallow when half my team does not use the tool.',
        resolvedBy: ['acknowledge', 'trade'],
      },
      { text: 'And my CFO will want proof that it pays off.', resolvedBy: ['value'] },
    ],
    success: ['asked_about_needs', 'resolved_every_objection', 'agreed_next_step'],
    failure: ['rudeness', 'unconditional_concession', 'pressure'],
    difficulty: 3,
  },
  turnLimit: 14,
};

const play = (learner: string[]) => {
  const transcript: TranscriptTurn[] = [];
  transcript.push({ speaker: 'persona', text: builtinRoleplayTurn(brief, transcript).text });
  for (const text of learner) {
    transcript.push({ speaker: 'learner', text });
    const turn = builtinRoleplayTurn(brief, transcript);
    transcript.push({ speaker: 'persona', text: turn.text });
    if (turn.outcome) break;
  }
  console.log(transcript.map((t) => `${t.speaker === 'learner' ? 'L' : 'P'}: ${t.text}`).join('\n') + '\n-----');
};

it('prints', () => {
  play([
    'Thanks for making time today. Before we talk numbers, how has the last year gone for your team?',
    'What is behind the low usage in Lyon?',
    'So if I understand, the tool works, but Lyon was never trained and you are paying for seats nobody uses.',
    'I hear you, an increase is hard to accept when half the team is not using it.',
    'If you commit to a two-year term, we can hold the price and include a training day for Lyon.',
    'Customers like you cut their reporting time by 30% within three months; I can send you the case study.',
    'Shall we book a call with your CFO next Tuesday at 10 to go through the figures?',
  ]);
  play([
    'Hi. The price goes up 8% next month.',
    'It is the same for everybody.',
    'Do you want to renew?',
    'Fine, I can give you a 5% discount.',
  ]);
  play([
    'Hello Claire. Do you use the tool a lot?',
    'Is the team happy with it?',
    'The new version saves time on reporting.',
    'Could we meet again next week?',
    'What do you think about the price?',
    'Our tool helps you save money.',
    'OK.',
    'Can we book a demo on Monday?',
  ]);
});
import { judgeConversation } from './judge.js';
const criteria = [
  { name: 'Discovery', description: 'Asks open questions to understand needs', weight: 1 },
  { name: 'Objection handling', description: 'Acknowledges and resolves concerns', weight: 1 },
  { name: 'Negotiation', description: 'Trades rather than concedes', weight: 1 },
  { name: 'Clear close', description: 'Agrees a concrete next step', weight: 1 },
  { name: 'Empathy', description: 'Acknowledges feelings', weight: 1 },
];
const judge = (learner: string[]) => {
  const transcript: TranscriptTurn[] = [];
  transcript.push({ speaker: 'persona', text: builtinRoleplayTurn(brief, transcript).text });
  for (const text of learner) {
    transcript.push({ speaker: 'learner', text });
    const turn = builtinRoleplayTurn(brief, transcript);
    transcript.push({ speaker: 'persona', text: turn.text });
    if (turn.outcome) break;
  }
  const j = judgeConversation(brief, transcript, criteria);
  console.log(
    JSON.stringify(
      {
        overall: j.overall,
        outcome: j.outcome,
        c: j.criteria.map((c) => [c.name, c.behaviour, c.share, c.evidence.map((e) => e.quote)]),
        w: j.wentWell,
        i: j.toImprove,
        s: j.summary,
      },
      null,
      1,
    ),
  );
};
it('judges', () => {
  judge([
    'Thanks for making time today. Before we talk numbers, how has the last year gone for your team?',
    'What is behind the low usage in Lyon?',
    'So if I understand, the tool works, but Lyon was never trained and you are paying for seats nobody uses.',
    'I hear you, an increase is hard to accept when half the team is not using it.',
    'If you commit to a two-year term, we can hold the price and include a training day for Lyon.',
    'Customers like you cut their reporting time by 30% within three months; I can send you the case study.',
    'Shall we book a call with your CFO next Tuesday at 10 to go through the figures?',
  ]);
  judge([
    'Hi. The price goes up 8% next month.',
    'It is the same for everybody.',
    'Do you want to renew?',
    'Fine, I can give you a 5% discount.',
  ]);
  judge([
    'Hello Claire. Do you use the tool a lot?',
    'Is the team happy with it?',
    'The new version saves time on reporting.',
    'Could we meet again next week?',
    'What do you think about the price?',
    'Our tool helps you save money.',
    'OK.',
    'Can we book a demo on Monday?',
  ]);
});
