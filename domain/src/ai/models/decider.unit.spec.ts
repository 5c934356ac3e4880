import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CreateAiModel, DeleteAiModel, UpdateAiModel } from './commands.js';
import { aiModelDecider } from './decider.js';
import type { AiModelCreated, AiModelDeleted, AiModelUpdated } from './events.js';

const given = DeciderSpecification.for(aiModelDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';

const create = (data: Partial<CreateAiModel['data']> = {}): CreateAiModel => ({
  type: 'CreateAiModel',
  data: {
    aiModelId: 'm-1',
    providerId: 'p-1',
    organizationId: null,
    modelId: ' gpt-4o-realtime-preview ',
    displayName: ' OpenAI Realtime ',
    capabilities: ['realtime', 'chat'],
    creditsPerMinute: 3,
    ...data,
  },
  metadata: { now: t0 },
});
const created: AiModelCreated = {
  type: 'AiModelCreated',
  data: {
    aiModelId: 'm-1',
    providerId: 'p-1',
    organizationId: null,
    modelId: 'gpt-4o-realtime-preview',
    displayName: 'OpenAI Realtime',
    capabilities: ['chat', 'realtime'],
    creditsPerMinute: 3,
    temperature: null,
    maxOutputTokens: null,
    createdAt: t0,
  },
};
const update = (data: Partial<UpdateAiModel['data']> = {}): UpdateAiModel => ({
  type: 'UpdateAiModel',
  data: {
    aiModelId: 'm-1',
    modelId: 'gpt-4o-realtime-preview',
    displayName: 'OpenAI Realtime',
    capabilities: ['chat', 'realtime'],
    creditsPerMinute: 3,
    ...data,
  },
  metadata: { now: t1 },
});
const remove: DeleteAiModel = { type: 'DeleteAiModel', data: { aiModelId: 'm-1' }, metadata: { now: t1 } };
const deleted: AiModelDeleted = { type: 'AiModelDeleted', data: { aiModelId: 'm-1', deletedAt: t1 } };

describe('AI models', () => {
  describe('CreateAiModel', () => {
    it('should create it trimmed, with its capabilities in the vocabulary’s order', () => {
      given([]).when(create()).then([created]);
    });

    it('should keep the default parameters given', () => {
      given([])
        .when(create({ temperature: 0.7, maxOutputTokens: 800, creditsPerMinute: 0 }))
        .then([{ ...created, data: { ...created.data, temperature: 0.7, maxOutputTokens: 800, creditsPerMinute: 0 } }]);
    });

    it.each([
      [{ modelId: ' ' }, 'invalid_ai_model_id'],
      [{ displayName: '' }, 'invalid_ai_model_display_name'],
      [{ capabilities: [] }, 'invalid_ai_model_capabilities'],
      [{ capabilities: ['chat', 'chat'] }, 'invalid_ai_model_capabilities'],
      [{ capabilities: ['vision'] }, 'invalid_ai_model_capabilities'],
      [{ creditsPerMinute: -1 }, 'invalid_ai_model_credits'],
      [{ creditsPerMinute: 1.5 }, 'invalid_ai_model_credits'],
      [{ temperature: 2.1 }, 'invalid_ai_model_temperature'],
      [{ temperature: -0.1 }, 'invalid_ai_model_temperature'],
      [{ maxOutputTokens: 0 }, 'invalid_ai_model_max_output_tokens'],
      [{ maxOutputTokens: 10.5 }, 'invalid_ai_model_max_output_tokens'],
    ] as [Partial<CreateAiModel['data']>, string][])('should refuse %j', (data, code) => {
      given([]).when(create(data)).thenThrows(ValidationError, isCode(code));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create()).thenThrows(ConflictError, isCode('ai_model_exists'));
    });
  });

  describe('UpdateAiModel', () => {
    it('should record every setting after the change', () => {
      const updated: AiModelUpdated = {
        type: 'AiModelUpdated',
        data: {
          aiModelId: 'm-1',
          modelId: 'gpt-4o-realtime-preview',
          displayName: 'OpenAI Realtime',
          capabilities: ['chat', 'realtime'],
          creditsPerMinute: 5,
          temperature: 0.2,
          maxOutputTokens: null,
          updatedAt: t1,
        },
      };
      given([created])
        .when(update({ creditsPerMinute: 5, temperature: 0.2 }))
        .then([updated]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created]).when(update()).thenNothing();
    });

    it('should refuse an unknown or deleted model', () => {
      given([]).when(update()).thenThrows(NotFoundError, isCode('ai_model_not_found'));
      given([created, deleted]).when(update()).thenThrows(NotFoundError, isCode('ai_model_not_found'));
    });
  });

  describe('DeleteAiModel', () => {
    it('should delete it, and decide nothing the second time', () => {
      given([created]).when(remove).then([deleted]);
      given([created, deleted]).when(remove).thenNothing();
    });

    it('should refuse an unknown model', () => {
      given([]).when(remove).thenThrows(NotFoundError, isCode('ai_model_not_found'));
    });
  });
});
