import type { Command } from '../../shared/command.js';
import type { AiProviderKind } from '../vocabulary.js';

export type CreateAiProvider = Command<
  'CreateAiProvider',
  {
    providerId: string;
    kind: AiProviderKind;
    organizationId: string | null;
    name: string;
    baseUrl?: string | null;
    region?: string | null;
    apiVersion?: string | null;
    enabled: boolean;
    createdBy: string | null;
  }
>;

/** Every setting, as it should be after the change (the caller fills in what it keeps). */
export type UpdateAiProvider = Command<
  'UpdateAiProvider',
  {
    providerId: string;
    name: string;
    baseUrl: string | null;
    region: string | null;
    apiVersion: string | null;
    enabled: boolean;
  }
>;

export type DeleteAiProvider = Command<'DeleteAiProvider', { providerId: string }>;

export type AiProviderCommand = CreateAiProvider | UpdateAiProvider | DeleteAiProvider;
