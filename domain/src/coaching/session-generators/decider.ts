import { SESSION_LANGUAGES } from '../../ai/vocabulary.js';
import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import type { SessionGeneratorCommand } from './commands.js';
import type { SessionGeneratorBrief, SessionGeneratorEvent } from './events.js';

export const SESSION_GENERATOR_TEXT_MAX = 120;
/** Drafts per run: each is several AI calls and four items, so a run stays a few minutes at most. */
export const SESSION_GENERATOR_COUNT_MAX = 10;

export type ExistingSessionGenerator = SessionGeneratorBrief & {
  status: 'active' | 'deleted';
  generatorId: string;
  organizationId: string;
};

export type SessionGeneratorState = { status: 'none' } | ExistingSessionGenerator;

const invalid = (field: string, message: string) =>
  new ValidationError('invalid_session_generator', message, { field });

const TEXT_FIELDS = ['name', 'skill', 'audience', 'industry'] as const;

/** The brief trimmed, or the first field out of bounds named (the API's schema says the same before). */
const validBrief = (brief: SessionGeneratorBrief): SessionGeneratorBrief => {
  const trimmed = { ...brief };
  for (const field of TEXT_FIELDS) {
    trimmed[field] = brief[field].trim();
    if (trimmed[field].length === 0 || trimmed[field].length > SESSION_GENERATOR_TEXT_MAX) {
      throw invalid(field, `The ${field} has 1 to ${SESSION_GENERATOR_TEXT_MAX} characters.`);
    }
  }
  if (!Number.isInteger(brief.difficulty) || brief.difficulty < 1 || brief.difficulty > 5) {
    throw invalid('difficulty', 'The difficulty is a whole number from 1 to 5.');
  }
  if (!Number.isInteger(brief.count) || brief.count < 1 || brief.count > SESSION_GENERATOR_COUNT_MAX) {
    throw invalid('count', `A generator drafts 1 to ${SESSION_GENERATOR_COUNT_MAX} scenarios.`);
  }
  if (!(SESSION_LANGUAGES as readonly string[]).includes(brief.language)) {
    throw invalid('language', 'This language is not one sessions are played in.');
  }
  if (brief.modelId.length === 0) throw invalid('model_id', 'A generator needs an AI model.');
  return trimmed;
};

const briefOf = (data: SessionGeneratorBrief): SessionGeneratorBrief => ({
  name: data.name,
  skill: data.skill,
  audience: data.audience,
  industry: data.industry,
  difficulty: data.difficulty,
  language: data.language,
  count: data.count,
  modelId: data.modelId,
});

const sameBrief = (a: SessionGeneratorBrief, b: SessionGeneratorBrief) =>
  JSON.stringify(briefOf(a)) === JSON.stringify(briefOf(b));

const existing = (state: SessionGeneratorState): ExistingSessionGenerator => {
  if (state.status !== 'active') {
    throw new NotFoundError('session_generator_not_found', 'This session generator does not exist.');
  }
  return state;
};

export const sessionGeneratorDecider: Decider<SessionGeneratorCommand, SessionGeneratorEvent, SessionGeneratorState> = {
  decide: decideByType({
    CreateSessionGenerator: ({ data, metadata: { now } }, state) => {
      if (state.status !== 'none') {
        throw new ConflictError('session_generator_exists', 'This session generator already exists.');
      }
      const { generatorId, organizationId, createdBy } = data;
      return [
        {
          type: 'SessionGeneratorCreated',
          data: { generatorId, organizationId, ...validBrief(briefOf(data)), createdBy, createdAt: now },
        },
      ];
    },
    UpdateSessionGenerator: ({ data, metadata: { now } }, state) => {
      const generator = existing(state);
      const brief = validBrief(briefOf(data));
      if (sameBrief(brief, generator)) return [];
      return [
        { type: 'SessionGeneratorUpdated', data: { generatorId: generator.generatorId, ...brief, updatedAt: now } },
      ];
    },
    DeleteSessionGenerator: ({ metadata: { now } }, state) => {
      // A retried delete finds its work done.
      if (state.status === 'deleted') return [];
      const generator = existing(state);
      return [{ type: 'SessionGeneratorDeleted', data: { generatorId: generator.generatorId, deletedAt: now } }];
    },
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'SessionGeneratorCreated':
        return {
          status: 'active',
          generatorId: event.data.generatorId,
          organizationId: event.data.organizationId,
          ...briefOf(event.data),
        };
      case 'SessionGeneratorUpdated':
        return state.status === 'none' ? state : { ...state, ...briefOf(event.data) };
      case 'SessionGeneratorDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
      default:
        return state;
    }
  },
  initialState: () => ({ status: 'none' }),
};
