import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import { AI_CAPABILITIES } from '../vocabulary.js';
import type { AiModelCommand, AiModelInput, CreateAiModel, DeleteAiModel, UpdateAiModel } from './commands.js';
import type { AiModelEvent, AiModelSettings } from './events.js';

export const AI_MODEL_ID_MAX = 200;
export const AI_MODEL_DISPLAY_NAME_MAX = 120;
export const AI_MODEL_CREDITS_PER_MINUTE_MAX = 1_000_000;
export const AI_MODEL_TEMPERATURE_MAX = 2;
export const AI_MODEL_MAX_OUTPUT_TOKENS_MAX = 1_000_000;

export type ExistingAiModel = AiModelSettings & {
  status: 'active' | 'deleted';
  aiModelId: string;
  providerId: string;
  organizationId: string | null;
};

export type AiModelState = { status: 'none' } | ExistingAiModel;

const invalid = (code: string, message: string, field: string) => new ValidationError(code, message, { field });

/** The settings as stored: trimmed, capabilities once each in the vocabulary's order, limits checked. */
export const validAiModelSettings = (input: AiModelInput): AiModelSettings => {
  const modelId = boundedText(input.modelId, AI_MODEL_ID_MAX, {
    code: 'invalid_ai_model_id',
    message: `A model id has 1 to ${AI_MODEL_ID_MAX} characters.`,
    details: { field: 'model_id' },
  });
  const displayName = boundedText(input.displayName, AI_MODEL_DISPLAY_NAME_MAX, {
    code: 'invalid_ai_model_display_name',
    message: `A display name has 1 to ${AI_MODEL_DISPLAY_NAME_MAX} characters.`,
    details: { field: 'display_name' },
  });
  const capabilities = AI_CAPABILITIES.filter((capability) => input.capabilities.includes(capability));
  if (capabilities.length === 0 || capabilities.length !== input.capabilities.length) {
    throw invalid(
      'invalid_ai_model_capabilities',
      'A model has at least one capability: chat, realtime, transcription or speech.',
      'capabilities',
    );
  }
  const credits = input.creditsPerMinute;
  if (!Number.isInteger(credits) || credits < 0 || credits > AI_MODEL_CREDITS_PER_MINUTE_MAX) {
    throw invalid(
      'invalid_ai_model_credits',
      `The price is a whole number of credits per minute from 0 to ${AI_MODEL_CREDITS_PER_MINUTE_MAX}.`,
      'credits_per_minute',
    );
  }
  const temperature = input.temperature ?? null;
  if (temperature !== null && !(temperature >= 0 && temperature <= AI_MODEL_TEMPERATURE_MAX)) {
    throw invalid(
      'invalid_ai_model_temperature',
      `The temperature is a number from 0 to ${AI_MODEL_TEMPERATURE_MAX}.`,
      'temperature',
    );
  }
  const maxOutputTokens = input.maxOutputTokens ?? null;
  if (
    maxOutputTokens !== null &&
    (!Number.isInteger(maxOutputTokens) || maxOutputTokens < 1 || maxOutputTokens > AI_MODEL_MAX_OUTPUT_TOKENS_MAX)
  ) {
    throw invalid(
      'invalid_ai_model_max_output_tokens',
      `The maximum output is a whole number of tokens from 1 to ${AI_MODEL_MAX_OUTPUT_TOKENS_MAX}.`,
      'max_output_tokens',
    );
  }
  return { modelId, displayName, capabilities, creditsPerMinute: credits, temperature, maxOutputTokens };
};

const existing = (state: AiModelState): ExistingAiModel => {
  if (state.status !== 'active') throw new NotFoundError('ai_model_not_found', 'This AI model does not exist.');
  return state;
};

const sameSettings = (a: AiModelSettings, b: AiModelSettings): boolean =>
  a.modelId === b.modelId &&
  a.displayName === b.displayName &&
  a.capabilities.join() === b.capabilities.join() &&
  a.creditsPerMinute === b.creditsPerMinute &&
  a.temperature === b.temperature &&
  a.maxOutputTokens === b.maxOutputTokens;

const createAiModel = ({ data, metadata }: CreateAiModel, state: AiModelState): AiModelEvent[] => {
  if (state.status !== 'none') throw new ConflictError('ai_model_exists', 'This AI model already exists.');
  return [
    {
      type: 'AiModelCreated',
      data: {
        aiModelId: data.aiModelId,
        providerId: data.providerId,
        organizationId: data.organizationId,
        ...validAiModelSettings(data),
        createdAt: metadata.now,
      },
    },
  ];
};

const updateAiModel = ({ data, metadata }: UpdateAiModel, state: AiModelState): AiModelEvent[] => {
  const model = existing(state);
  const settings = validAiModelSettings(data);
  if (sameSettings(settings, model)) return [];
  return [{ type: 'AiModelUpdated', data: { aiModelId: model.aiModelId, ...settings, updatedAt: metadata.now } }];
};

const deleteAiModel = ({ metadata }: DeleteAiModel, state: AiModelState): AiModelEvent[] => {
  if (state.status === 'deleted') return [];
  const model = existing(state);
  return [{ type: 'AiModelDeleted', data: { aiModelId: model.aiModelId, deletedAt: metadata.now } }];
};

export const aiModelDecider: Decider<AiModelCommand, AiModelEvent, AiModelState> = {
  decide: decideByType({
    CreateAiModel: createAiModel,
    UpdateAiModel: updateAiModel,
    DeleteAiModel: deleteAiModel,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'AiModelCreated': {
        const { createdAt: _createdAt, ...model } = event.data;
        return { status: 'active', ...model };
      }
      case 'AiModelUpdated': {
        if (state.status === 'none') return state;
        const { updatedAt: _updatedAt, aiModelId: _id, ...settings } = event.data;
        return { ...state, ...settings };
      }
      case 'AiModelDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
