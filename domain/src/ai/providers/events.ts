import type { AiProviderKind } from '../vocabulary.js';

export const aiProviderStreamId = (providerId: string): string => `ai-provider-${providerId}`;

/** What a provider is reached with; which fields a kind needs is the decider's rule. */
export type AiProviderSettings = {
  name: string;
  baseUrl: string | null;
  region: string | null;
  apiVersion: string | null;
  enabled: boolean;
};

export type AiProviderCreated = {
  type: 'AiProviderCreated';
  data: AiProviderSettings & {
    providerId: string;
    kind: AiProviderKind;
    /** null: platform-wide, usable by every organization; else that organization's own (bring your own key). */
    organizationId: string | null;
    /** null when the platform made it (the built-in provider at first start). */
    createdBy: string | null;
    createdAt: string;
  };
};

/** Carries every setting, so the read model needs no earlier event to apply it. */
export type AiProviderUpdated = {
  type: 'AiProviderUpdated';
  data: AiProviderSettings & { providerId: string; updatedAt: string };
};

export type AiProviderDeleted = { type: 'AiProviderDeleted'; data: { providerId: string; deletedAt: string } };

export type AiProviderEvent = AiProviderCreated | AiProviderUpdated | AiProviderDeleted;
