import type { PersonaMood } from '../../coaching/persona/persona-greeting.js';
import type { SessionLanguage } from '../vocabulary.js';

// What the built-in practice engine plays from (issue 25): the structured fields of a persona and a mission. A real
// model reads the same facts in its system prompt (application/src/coaching/sessions/persona-brief.ts), so content
// written for the offline engine improves sessions with a model too. docs/ai-builtin-provider.md tells the rules.

/** What a knowledge item needs before the persona tells it: any question on its topic, an open one, or trust. */
export const KNOWLEDGE_GATES = ['any', 'open_question', 'trust'] as const;
export type KnowledgeGate = (typeof KNOWLEDGE_GATES)[number];

/**
 * What resolves an objection, all of them in any order once it is raised: `acknowledge` (empathy, or a summary of
 * what was said), `explore` (an open question), `value` (value or evidence), `trade` (something asked in return).
 */
export const OBJECTION_MOVES = ['acknowledge', 'explore', 'value', 'trade'] as const;
export type ObjectionMove = (typeof OBJECTION_MOVES)[number];

/** Behaviours a mission is won by: every one listed must be seen. */
export const SUCCESS_BEHAVIOURS = [
  'asked_about_needs',
  'resolved_every_objection',
  'agreed_next_step',
  'showed_empathy',
  'summarised',
] as const;
export type SuccessBehaviour = (typeof SUCCESS_BEHAVIOURS)[number];

/** Behaviours a mission is lost by: any one listed ends it. */
export const FAILURE_BEHAVIOURS = ['rudeness', 'unconditional_concession', 'pressure', 'patience_exhausted'] as const;
export type FailureBehaviour = (typeof FAILURE_BEHAVIOURS)[number];

export type KnowledgeItem = {
  /** What it is about, in a few words ("budget", "the Lyon office"). */
  topic: string;
  /** Words a question about it holds, besides the topic's own; matched by their stems. */
  keywords: readonly string[];
  /** What the persona says when it tells it. */
  says: string;
  gate: KnowledgeGate;
};

export type Objection = {
  /** What the persona says to raise it, as written. */
  text: string;
  resolvedBy: readonly ObjectionMove[];
};

/** A dial from 1 (low) to 5 (high). */
export type Dial = 1 | 2 | 3 | 4 | 5;

export type RoleplayBrief = {
  language: SessionLanguage;
  persona: {
    name: string;
    /** Job, company, situation: said when the learner asks who they are. */
    role?: string;
    /** How the persona opens the conversation; a greeting in `language` when absent. */
    greeting?: string;
    knowledge: readonly KnowledgeItem[];
    /** What the persona wants and does not say; the coach reveals it after the session. */
    motivations: readonly string[];
    /** How many unproductive turns it bears. */
    patience: Dial;
    /** How much it trusts at the start. */
    openness: Dial;
    mood: PersonaMood;
  };
  mission: {
    objections: readonly Objection[];
    success: readonly SuccessBehaviour[];
    failure: readonly FailureBehaviour[];
    /** How many objections are raised, how much trust a guarded fact needs, how fast patience runs out. */
    difficulty: Dial;
  };
  /** After this many learner turns the persona ends the role-play with [[END]]. */
  turnLimit: number;
};

/** A number read as a dial: rounded, and kept within 1..5. */
export const toDial = (value: number): Dial => Math.min(5, Math.max(1, Math.round(value))) as Dial;
