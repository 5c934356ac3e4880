import type { FailureBehaviour, KnowledgeGate, ObjectionMove, SuccessBehaviour } from '../practice/brief.js';

export type DraftWords = {
  /** The persona's full name, and first name. */
  persona: string;
  first: string;
  job: string;
  company: string;
  industry: string;
  audience: string;
  skill: string;
  /** French agreement: `il`/`elle`, `Il`/`Elle`, and the feminine ending (`''`/`'e'`). */
  il: string;
  Il: string;
  e: string;
};
type W = DraftWords;

// What the session generator's template families (scenario-families.ts) are made of. The families, one per skill, written natively in en-GB and fr-FR
// (en-US reads en-GB). French texts are written with plain spaces before ? ! : ; and %: the draft makes them
// no-break spaces. Briefings state the learner's goal, never the rules the built-in persona plays by; the rubric's
// criterion names are words the built-in observer reads as behaviours (`behaviourOf`, practice/judge.ts).

/** Who the persona is to the learner: it picks the persona's job title from the brief's industry. */
export type Role = 'buyer' | 'manager' | 'customer' | 'staff';

export type FamilyId =
  | 'price_objection'
  | 'complaint'
  | 'cold_call'
  | 'job_interview'
  | 'constructive_feedback'
  | 'difficult_conversation'
  | 'negotiation'
  | 'customer_service'
  | 'discovery_call';

export type Knowledge = { topic: string; keywords: string[]; says: string; gate: KnowledgeGate };
export type Objection = { text: string; resolvedBy: ObjectionMove[] };
export type Criterion = {
  name: string;
  description: string;
  scale: string;
  weight: number;
  not_relevant_when?: string;
};

export type FamilyText = {
  /** The situation in a few words, for the scenario's name ("Price objection"). */
  situation: string;
  /** One sentence saying what happens, for the scenario's description. */
  situationLower: (w: W) => string;
  /** The mission's title, naming the situation. */
  title: (w: W) => string;
  personality: string;
  speakingStyle: string;
  background: (w: W) => string;
  instructions: (w: W) => string;
  /** 4 items: what the persona tells, and when. */
  knowledge: (w: W) => Knowledge[];
  motivations: (w: W) => string[];
  /** 5, in the order they are raised; the difficulty keeps the first ones. */
  objections: (w: W) => Objection[];
  goal: (w: W) => string;
  briefing: (w: W) => string;
  /** For a real model: phrases of what success and failure look like. */
  successCriteria: string[];
  failureConditions: string[];
  /** What the observer judges: the head of its name, and the same in a sentence. */
  judges: string;
  judgesLower: string;
  rubric: Criterion[];
};

export type ScenarioFamily = {
  id: FamilyId;
  role: Role;
  /** Word starts (folded: no case, no accents) of a skill that names this family, English and French. */
  words: string[];
  success: SuccessBehaviour[];
  failure: FailureBehaviour[];
  /** Added to the difficulty's mood: an unhappy customer starts less friendly. */
  moodShift: number;
  en: FamilyText;
  fr: FamilyText;
};

export const oneToFive = (name: string, description: string, weight = 1): Criterion => ({
  name,
  description,
  scale: '1_5',
  weight,
});
export const passFail = (name: string, description: string, notRelevantWhen: string): Criterion => ({
  name,
  description,
  scale: 'pass_fail',
  weight: 1,
  not_relevant_when: notRelevantWhen,
});

export const NEXT_STEP_EN = passFail(
  'Agreed next step',
  'Ends with a concrete next step both sides agree to: a date, a meeting, a document.',
  'The conversation ended before any agreement was possible.',
);
export const NEXT_STEP_FR = passFail(
  'Prochaine étape convenue',
  'Termine sur une prochaine étape concrète acceptée des deux côtés : une date, un rendez-vous, un document.',
  'La conversation s’est arrêtée avant tout accord possible.',
);
