import { describe, expect, it } from 'vitest';
import type { CoachBrief } from '../adapter.js';
import { builtinCoachAnswer, coachTopicOf } from './coach.js';

const english: CoachBrief = {
  language: 'en-GB',
  status: 'loose',
  personaName: 'Sam',
  mission: {
    goal: 'Agree a price without a discount.',
    successCriteria: ['value', 'next step'],
    failureConditions: ['take it or leave it'],
  },
  transcript: [
    { speaker: 'persona', text: 'Hello, what can I do for you?' },
    { speaker: 'learner', text: 'Um, do you have a budget?' },
    { speaker: 'persona', text: 'Not much.' },
    { speaker: 'learner', text: 'What matters most to you? Our value is in the support.' },
    { speaker: 'persona', text: 'Too expensive.' },
    { speaker: 'learner', text: 'Well, take it or leave it.' },
  ],
  report: { overallScore: 42, wentWell: ['Open questions'], toImprove: ['Name a next step', 'Avoid ultimatums'] },
};

const french: CoachBrief = {
  language: 'fr-FR',
  status: 'end',
  personaName: 'Camille',
  mission: { goal: 'Obtenir un rendez-vous.', successCriteria: ['rendez-vous'], failureConditions: [] },
  transcript: [
    { speaker: 'persona', text: 'Bonjour, que puis-je faire pour vous ?' },
    { speaker: 'learner', text: 'Euh, est-ce que vous avez un budget ?' },
    { speaker: 'persona', text: 'Pas vraiment.' },
  ],
  report: null,
};

describe('the built-in coach', () => {
  it('reads the topic from the words of the question, in English and French', () => {
    expect(coachTopicOf('What should I have said differently?')).toBe('rephrase');
    expect(coachTopicOf('How were my questions?')).toBe('questions');
    expect(coachTopicOf('Did I talk too much?')).toBe('talk');
    expect(coachTopicOf('Did I use filler words?')).toBe('fillers');
    expect(coachTopicOf('Which success criteria did I miss?')).toBe('mission');
    expect(coachTopicOf('How do I improve my score?')).toBe('improve');
    expect(coachTopicOf('Hello')).toBe('overview');
    expect(coachTopicOf('Qu’aurais-je dû dire autrement ?')).toBe('rephrase');
    expect(coachTopicOf('Ai-je trop parlé ?')).toBe('talk');
    expect(coachTopicOf('Quels critères de réussite ai-je manqués ?')).toBe('mission');
  });

  it('quotes the turn that lost the mission when asked what to say differently', () => {
    expect(builtinCoachAnswer(english, 'What should I have said differently?')).toBe(
      'The turn to change: in your turn 3 you said “Well, take it or leave it.” The mission fails on “take it or leave it”: say what you can offer instead, and ask what the other person needs.',
    );
  });

  it('counts questions, quotes a closed one and an open one', () => {
    const answer = builtinCoachAnswer(english, 'How were my questions?');
    expect(answer).toContain('You asked 2 questions: 1 open and 1 closed.');
    expect(answer).toContain('in your turn 1 you said “Um, do you have a budget?”');
    expect(answer).toContain('Good open question: in your turn 2 you said “What matters most to you?”');
  });

  it('names the criteria said and missed, from the mission', () => {
    const answer = builtinCoachAnswer(english, 'Which success criteria did I miss?');
    expect(answer).toContain('Your goal was: Agree a price without a discount.');
    expect(answer).toContain('You lost the mission.');
    expect(answer).toContain('You covered “value”.');
    expect(answer).toContain('You never said “next step”');
  });

  it('gives the report’s score and what to improve', () => {
    expect(builtinCoachAnswer(english, 'How do I improve?')).toBe(
      'Your overall score is 42/100. The observers suggest you improve: Name a next step and Avoid ultimatums. You never said “next step”: that is what the mission needed to be won.',
    );
  });

  it('counts filler words and the talk ratio', () => {
    expect(builtinCoachAnswer(english, 'Did I use filler words?')).toContain('You used 1 filler word (“um” × 1).');
    expect(builtinCoachAnswer(english, 'Did I talk too much?')).toMatch(/^You spoke \d+% of the words/);
  });

  it('answers in French, from the transcript alone while no report has arrived', () => {
    expect(builtinCoachAnswer(french, 'Qu’aurais-je dû dire autrement ?')).toBe(
      'Le tour à changer\u00a0: à votre tour 1, vous avez dit «\u00a0Euh, est-ce que vous avez un budget ?\u00a0» Cette question n’appelle qu’un oui ou un non\u00a0: posez-la de façon ouverte, avec «\u00a0Qu’est-ce que\u00a0» ou «\u00a0Comment\u00a0», pour que votre interlocuteur explique.',
    );
    const improve = builtinCoachAnswer(french, 'Comment puis-je faire mieux ?');
    expect(improve).toContain('Le rapport des observateurs n’est pas encore arrivé');
    expect(improve).toContain('Vous n’avez jamais dit «\u00a0rendez-vous\u00a0»');
    expect(builtinCoachAnswer(french, 'Mes mots de remplissage ?')).toContain('Vous avez utilisé 1 mot de remplissage');
  });

  it('has nothing to quote when the learner said nothing, and is deterministic', () => {
    const silent = { ...english, transcript: english.transcript.slice(0, 1) };
    expect(builtinCoachAnswer(silent, 'What should I have said?')).toMatch(/^You did not say anything/);
    expect(builtinCoachAnswer(english, 'Hello')).toBe(builtinCoachAnswer(english, 'Hello'));
    expect(builtinCoachAnswer(english, 'Hello')).toContain('What went well: Open questions.');
  });
});
