import type { AiCapability } from '../vocabulary.js';

export const aiModelStreamId = (aiModelId: string): string => `ai-model-${aiModelId}`;

export type AiModelSettings = {
  /** The provider's own model or deployment id (`gpt-4o-mini`, an Azure deployment name). */
  modelId: string;
  displayName: string;
  capabilities: AiCapability[];
  /** The credit price: credits per started minute of session. */
  creditsPerMinute: number;
  temperature: number | null;
  maxOutputTokens: number | null;
};

export type AiModelCreated = {
  type: 'AiModelCreated';
  data: AiModelSettings & {
    aiModelId: string;
    providerId: string;
    /** The provider's organization (null: platform-wide), so the model is scoped like its provider. */
    organizationId: string | null;
    createdAt: string;
  };
};

export type AiModelUpdated = {
  type: 'AiModelUpdated';
  data: AiModelSettings & { aiModelId: string; updatedAt: string };
};

export type AiModelDeleted = { type: 'AiModelDeleted'; data: { aiModelId: string; deletedAt: string } };

export type AiModelEvent = AiModelCreated | AiModelUpdated | AiModelDeleted;
