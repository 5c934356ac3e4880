import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CreateSessionGenerator, DeleteSessionGenerator, UpdateSessionGenerator } from './commands.js';
import { SESSION_GENERATOR_COUNT_MAX, SESSION_GENERATOR_TEXT_MAX, sessionGeneratorDecider } from './decider.js';
import type {
  SessionGeneratorBrief,
  SessionGeneratorCreated,
  SessionGeneratorDeleted,
  SessionGeneratorUpdated,
} from './events.js';

const given = DeciderSpecification.for(sessionGeneratorDecider);
const isField = (field: string) => (error: { code: string; details?: Record<string, unknown> }) =>
  error.code === 'invalid_session_generator' && error.details?.['field'] === field;
const t0 = '2026-11-25T10:00:00.000Z';
const t1 = '2026-11-25T11:00:00.000Z';

const brief: SessionGeneratorBrief = {
  name: 'Price objections',
  skill: 'handling price objections',
  audience: 'new account managers',
  industry: 'logistics',
  difficulty: 3,
  language: 'en-GB',
  count: 3,
  modelId: 'model-1',
};
const create: CreateSessionGenerator = {
  type: 'CreateSessionGenerator',
  data: { generatorId: 'gen-1', organizationId: 'org-1', createdBy: 'user-1', ...brief, name: ' Price objections ' },
  metadata: { now: t0 },
};
const created: SessionGeneratorCreated = {
  type: 'SessionGeneratorCreated',
  data: { generatorId: 'gen-1', organizationId: 'org-1', ...brief, createdBy: 'user-1', createdAt: t0 },
};
const update: UpdateSessionGenerator = {
  type: 'UpdateSessionGenerator',
  data: { generatorId: 'gen-1', ...brief, count: 5, language: 'fr-FR' },
  metadata: { now: t1 },
};
const updated: SessionGeneratorUpdated = {
  type: 'SessionGeneratorUpdated',
  data: { generatorId: 'gen-1', ...brief, count: 5, language: 'fr-FR', updatedAt: t1 },
};
const remove: DeleteSessionGenerator = {
  type: 'DeleteSessionGenerator',
  data: { generatorId: 'gen-1' },
  metadata: { now: t1 },
};
const deleted: SessionGeneratorDeleted = {
  type: 'SessionGeneratorDeleted',
  data: { generatorId: 'gen-1', deletedAt: t1 },
};

describe('Session generators', () => {
  describe('CreateSessionGenerator', () => {
    it('should record the brief, trimmed', () => {
      given([]).when(create).then([created]);
    });

    it('should refuse to create it twice', () => {
      given([created]).when(create).thenThrows(ConflictError, isCode('session_generator_exists'));
    });

    it.each([
      ['name', { name: '  ' }],
      ['skill', { skill: 'x'.repeat(SESSION_GENERATOR_TEXT_MAX + 1) }],
      ['audience', { audience: '' }],
      ['industry', { industry: ' ' }],
      ['difficulty', { difficulty: 0 }],
      ['difficulty', { difficulty: 2.5 }],
      ['count', { count: 0 }],
      ['count', { count: SESSION_GENERATOR_COUNT_MAX + 1 }],
      ['language', { language: 'de-DE' }],
      ['model_id', { modelId: '' }],
    ])('should refuse a brief whose %s is out of bounds', (field, change) => {
      given([])
        .when({ ...create, data: { ...create.data, ...change } as CreateSessionGenerator['data'] })
        .thenThrows(ValidationError, isField(field));
    });
  });

  describe('UpdateSessionGenerator', () => {
    it('should record the new brief', () => {
      given([created]).when(update).then([updated]);
    });

    it('should decide nothing when the brief is the same', () => {
      given([created, updated]).when(update).thenNothing();
    });

    it('should refuse a generator that does not exist or was deleted', () => {
      given([]).when(update).thenThrows(NotFoundError, isCode('session_generator_not_found'));
      given([created, deleted]).when(update).thenThrows(NotFoundError, isCode('session_generator_not_found'));
    });
  });

  describe('DeleteSessionGenerator', () => {
    it('should delete it, and find a repeated delete done', () => {
      given([created]).when(remove).then([deleted]);
      given([created, deleted]).when(remove).thenNothing();
    });

    it('should refuse a generator that does not exist', () => {
      given([]).when(remove).thenThrows(NotFoundError, isCode('session_generator_not_found'));
    });
  });
});
