import { describe, expect, it } from 'vitest';
import type { CoachBrief } from '../adapter.js';
import { playConversation, priceBrief, prixBrief } from '../practice/testing/price-brief.js';
import { builtinCoachAnswer, coachTopicOf } from './coach.js';

const MIDDLING_EN = [
  'Um, do you use the tool a lot?',
  'How has the last year gone for your team?',
  'The new version saves time on reporting, so your team gets hours back.',
  'Shall we book a demo on Monday at ten?',
];

const english: CoachBrief = {
  language: 'en-GB',
  status: 'end',
  personaName: 'Claire',
  mission: { goal: 'Renew the contract at the new price.', successCriteria: [], failureConditions: [] },
  practice: priceBrief,
  transcript: playConversation(priceBrief, MIDDLING_EN),
  report: { overallScore: 42, wentWell: ['Open questions'], toImprove: ['Settle the objection', 'Agree a next step'] },
};

const lost: CoachBrief = {
  ...english,
  status: 'loose',
  transcript: playConversation(priceBrief, [
    'How is the tool used today?',
    'What happens in Lyon?',
    'OK, I can give you a discount.',
  ]),
};

const french: CoachBrief = {
  language: 'fr-FR',
  status: 'end',
  personaName: 'Claire',
  mission: { goal: 'Renouveler le contrat au nouveau prix.', successCriteria: [], failureConditions: [] },
  practice: prixBrief,
  transcript: playConversation(prixBrief, [
    'Euh, est-ce que vous utilisez beaucoup l’outil ?',
    'Comment s’est passée l’année écoulée pour votre équipe ?',
  ]),
  report: null,
};

describe('the built-in coach', () => {
  it('reads the topic from the words of the question, in English and French', () => {
    expect(coachTopicOf('What should I have said differently?')).toBe('rephrase');
    expect(coachTopicOf('How were my questions?')).toBe('questions');
    expect(coachTopicOf('Did I talk too much?')).toBe('talk');
    expect(coachTopicOf('Did I use filler words?')).toBe('fillers');
    expect(coachTopicOf('Which success criteria did I miss?')).toBe('mission');
    expect(coachTopicOf('How did I handle her objections?')).toBe('objections');
    expect(coachTopicOf('What did she really want?')).toBe('hidden');
    expect(coachTopicOf('How do I improve my score?')).toBe('improve');
    expect(coachTopicOf('Hello')).toBe('overview');
    expect(coachTopicOf('Qu’aurais-je dû dire autrement ?')).toBe('rephrase');
    expect(coachTopicOf('Ai-je trop parlé ?')).toBe('talk');
    expect(coachTopicOf('Que voulait-elle vraiment ?')).toBe('hidden');
  });

  it('names the turn that lost the mission, why, and a better line', () => {
    expect(builtinCoachAnswer(lost, 'What should I have said differently?')).toBe(
      'The turn to change: in your turn 3 you said “OK, I can give you a discount.” The mission was lost on a concession given without anything in return. “If you can commit to a longer term, then we can look at the price together.”',
    );
  });

  it('names the turn where an objection went unresolved, and a better line', () => {
    const answer = builtinCoachAnswer(english, 'What should I have said differently?');
    expect(answer).toMatch(/^The turn to change: in your turn 3 you said “The new version saves time on reporting/);
    expect(answer).toContain('It left “Frankly, an 8% increase is hard to swallow');
    expect(answer).toContain('“I can see why that worries you — tell me more about it.”');
  });

  it('counts the questions and quotes the best and the weakest', () => {
    const answer = builtinCoachAnswer(english, 'How were my questions?');
    expect(answer).toContain('You asked 3 questions: 1 open and 2 closed.');
    expect(answer).toContain('Your best: in your turn 2 you said “How has the last year gone for your team?”');
    expect(answer).toContain('Your weakest: in your turn 1 you said “Um, do you use the tool a lot?”');
    expect(answer).toContain('Asked openly, it becomes: “What can you tell me about the last year?”');
  });

  it('answers a question about something the persona knew, differently from a question about questions', () => {
    const answer = builtinCoachAnswer(english, 'How could I get her to talk about the budget?');
    expect(answer).toBe(
      'Claire keeps the budget for someone they trust. Trust comes from acknowledging what they say, summarising it and asking open questions; then ask: “What can you tell me about the budget?”',
    );
    expect(answer).not.toBe(builtinCoachAnswer(english, 'How were my questions?'));
  });

  it('says what the persona wanted and never told', () => {
    expect(builtinCoachAnswer(english, 'What did she really want?')).toBe(
      'What Claire wanted but never said: “She must show her CFO a saving on paper.”. What they never told you: “the Lyon office” and “the budget”.',
    );
  });

  it('names the conditions met and missed, and the objections', () => {
    const mission = builtinCoachAnswer(english, 'Which success criteria did I miss?');
    expect(mission).toContain('Your goal was: Renew the contract at the new price.');
    expect(mission).toContain('You did ask about their needs with an open question.');
    expect(mission).toContain(
      'What the mission still needed: settle every objection they raised and agree a concrete next step.',
    );
    expect(builtinCoachAnswer(english, 'How did I handle the objections?')).toContain(
      '— never settled; your answer was:',
    );
  });

  it('answers in French, from the transcript alone while no report has arrived', () => {
    expect(builtinCoachAnswer(french, 'Comment puis-je faire mieux ?')).toContain(
      'Le rapport des observateurs n’est pas encore arrivé',
    );
    expect(builtinCoachAnswer(french, 'Mes mots de remplissage ?')).toContain('Vous avez utilisé 1 mot de remplissage');
    expect(builtinCoachAnswer(french, 'Comment étaient mes questions ?')).toContain(
      'Vous avez posé 2 questions\u00a0: 1 ouverte et 1 fermée.',
    );
  });

  it('has nothing to quote when the learner said nothing, and is deterministic', () => {
    const silent = { ...english, transcript: english.transcript.slice(0, 1) };
    expect(builtinCoachAnswer(silent, 'What should I have said?')).toMatch(/^You did not say anything/);
    expect(builtinCoachAnswer(english, 'Hello')).toBe(builtinCoachAnswer(english, 'Hello'));
    expect(builtinCoachAnswer(english, 'Hello')).toContain('What went well: Open questions.');
  });
});
