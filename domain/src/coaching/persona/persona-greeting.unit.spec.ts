import { describe, expect, it } from 'vitest';
import { personaGreeting, personaResistance } from './persona-greeting.js';

describe('personaGreeting', () => {
  const alex = {
    name: 'Alex Martin',
    job_title: 'Head of Procurement',
    company: 'Nordwind',
    language: 'en-GB',
  } as const;

  it('introduces the persona with its role, in the tone of its mood', () => {
    expect(personaGreeting({ ...alex, mood: 'neutral' })).toBe(
      "Hello, I'm Alex Martin, Head of Procurement at Nordwind. What can I do for you?",
    );
    expect(personaGreeting({ ...alex, mood: 'irritated' })).toMatch(
      /^Yes\? Alex Martin, Head of Procurement at Nordwind\./,
    );
    expect(personaGreeting({ ...alex, mood: 'sceptical' })).toContain('why this one is different');
  });

  it('speaks the persona’s language, with French spacing', () => {
    expect(personaGreeting({ ...alex, language: 'fr-FR', mood: 'neutral' })).toBe(
      'Bonjour, je suis Alex Martin, Head of Procurement chez Nordwind. Que puis-je faire pour vous\u00a0?',
    );
  });

  it('leaves out what is not filled in', () => {
    expect(personaGreeting({ name: 'Sam', mood: 'friendly', language: 'en-US' })).toBe(
      "Hi, I'm Sam. Lovely to meet you — what would you like to talk about?",
    );
    expect(personaGreeting({ name: ' ', company: 'Acme', mood: 'neutral', language: 'en-GB' })).toBe(
      "Hello, I'm your counterpart, Acme. What can I do for you?",
    );
  });
});

describe('personaResistance', () => {
  it('raises more objections and asks for evidence as difficulty grows', () => {
    expect(personaResistance(1)).toEqual({ objections: 0, needsEvidence: false });
    expect(personaResistance(3)).toEqual({ objections: 2, needsEvidence: false });
    expect(personaResistance(5)).toEqual({ objections: 4, needsEvidence: true });
    expect(personaResistance(9)).toEqual({ objections: 4, needsEvidence: true });
  });
});
