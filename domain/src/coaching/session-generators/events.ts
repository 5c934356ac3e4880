import type { SessionLanguage } from '../../ai/vocabulary.js';

// Session generators (docs/coaching-session-generators.md): a saved brief from which the generator drafts
// role-plays with AI. One stream per generator; running one is a background job of its own, not an event here.

export const sessionGeneratorStreamId = (generatorId: string): string => `coaching-session-generator-${generatorId}`;

/** What the generator drafts from. */
export type SessionGeneratorBrief = {
  name: string;
  /** The skill the role-plays train ("handling price objections"). */
  skill: string;
  /** Who plays them ("new account managers"). */
  audience: string;
  /** Where the conversations happen ("logistics"). */
  industry: string;
  /** 1 (gentle) to 5 (hard), as a persona's difficulty. */
  difficulty: number;
  language: SessionLanguage;
  /** How many scenarios one run drafts. */
  count: number;
  /** The AI model (`/v1/ai_models`) that drafts them, and that the drafts' scenarios and observers then use. */
  modelId: string;
};

export type SessionGeneratorCreated = {
  type: 'SessionGeneratorCreated';
  data: SessionGeneratorBrief & {
    generatorId: string;
    organizationId: string;
    createdBy: string | null;
    createdAt: string;
  };
};

export type SessionGeneratorUpdated = {
  type: 'SessionGeneratorUpdated';
  data: SessionGeneratorBrief & { generatorId: string; updatedAt: string };
};

/** Drafts it made stay in the organization's content: they are scenarios like any other. */
export type SessionGeneratorDeleted = {
  type: 'SessionGeneratorDeleted';
  data: { generatorId: string; deletedAt: string };
};

export type SessionGeneratorEvent = SessionGeneratorCreated | SessionGeneratorUpdated | SessionGeneratorDeleted;
