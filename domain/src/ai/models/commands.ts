import type { Command } from '../../shared/command.js';
import type { AiModelSettings } from './events.js';

export type AiModelInput = Omit<AiModelSettings, 'temperature' | 'maxOutputTokens'> & {
  temperature?: number | null;
  maxOutputTokens?: number | null;
};

export type CreateAiModel = Command<
  'CreateAiModel',
  AiModelInput & { aiModelId: string; providerId: string; organizationId: string | null }
>;

/** Every setting, as it should be after the change. */
export type UpdateAiModel = Command<'UpdateAiModel', AiModelInput & { aiModelId: string }>;

export type DeleteAiModel = Command<'DeleteAiModel', { aiModelId: string }>;

export type AiModelCommand = CreateAiModel | UpdateAiModel | DeleteAiModel;
