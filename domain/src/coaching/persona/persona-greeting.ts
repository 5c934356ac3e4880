import type { SessionLanguage } from '../../ai/vocabulary.js';

// How a persona opens a role-play, from its dials. The editor's preview shows exactly this line, and a session
// gives it to the persona as its greeting, so authors see what learners will hear. Mood sets the tone of the
// first words; difficulty how much the persona resists (docs/coaching-content.md, "Persona dials").

export const PERSONA_MOODS = ['friendly', 'neutral', 'sceptical', 'irritated'] as const;
export type PersonaMood = (typeof PERSONA_MOODS)[number];

export type PersonaIdentity = {
  name: string;
  job_title?: string;
  company?: string;
  mood: PersonaMood;
  language: SessionLanguage;
};

const NBSP = '\u00a0';

const roleOf = (persona: PersonaIdentity, at: string): string => {
  const job = persona.job_title?.trim();
  const company = persona.company?.trim();
  if (job && company) return `${job} ${at} ${company}`;
  return job || company || '';
};

const ENGLISH: Record<PersonaMood, (name: string, role: string) => string> = {
  friendly: (name, role) =>
    `Hi, I'm ${name}${role ? `, ${role}` : ''}. Lovely to meet you — what would you like to talk about?`,
  neutral: (name, role) => `Hello, I'm ${name}${role ? `, ${role}` : ''}. What can I do for you?`,
  sceptical: (name, role) =>
    `${name}${role ? `, ${role}` : ''}. I've heard a lot of pitches this week, so tell me why this one is different.`,
  irritated: (name, role) => `Yes? ${name}${role ? `, ${role}` : ''}. I haven't got long, so let's get to the point.`,
};

const FRENCH: Record<PersonaMood, (name: string, role: string) => string> = {
  friendly: (name, role) =>
    `Bonjour, je suis ${name}${role ? `, ${role}` : ''}. Ravi de vous rencontrer${NBSP}: de quoi voulez-vous parler${NBSP}?`,
  neutral: (name, role) => `Bonjour, je suis ${name}${role ? `, ${role}` : ''}. Que puis-je faire pour vous${NBSP}?`,
  sceptical: (name, role) =>
    `${name}${role ? `, ${role}` : ''}. J’ai entendu beaucoup de propositions cette semaine${NBSP}: dites-moi ce que la vôtre a de différent.`,
  irritated: (name, role) =>
    `Oui${NBSP}? ${name}${role ? `, ${role}` : ''}. Je n’ai pas beaucoup de temps, alors allons à l’essentiel.`,
};

/** The persona's first line, in its own language, in the tone its mood sets. */
export const personaGreeting = (persona: PersonaIdentity): string => {
  const french = persona.language === 'fr-FR';
  const name = persona.name.trim() || (french ? 'votre interlocuteur' : 'your counterpart');
  const role = roleOf(persona, french ? 'chez' : 'at');
  return (french ? FRENCH : ENGLISH)[persona.mood](name, role);
};

export type PersonaResistance = {
  /** Objections the persona raises before it may agree. */
  objections: number;
  /** Whether it gives ground when the learner acknowledges its concern, or needs evidence too. */
  needsEvidence: boolean;
};

/** What difficulty 1 (easy to convince) to 5 (hard) means for the role-play. */
export const personaResistance = (difficulty: number): PersonaResistance => {
  const level = Math.min(5, Math.max(1, Math.round(difficulty)));
  return { objections: level - 1, needsEvidence: level >= 4 };
};
