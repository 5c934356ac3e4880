import type { Command } from '../shared/command.js';
import type { ApiKeyScope } from './events.js';

export type CreateApiKey = Command<
  'CreateApiKey',
  {
    apiKeyId: string;
    organizationId: string;
    name: string;
    prefix: string;
    keyHash: string;
    permissions: readonly string[];
    /** What the creator holds now, of what a key may hold: the key's permissions must be among them. */
    grantable: readonly string[];
    expiresAt: string | null;
    createdBy: string;
    rotatedFrom: string | null;
    /** `api` when left out. */
    scope?: ApiKeyScope;
  }
>;

export type ReplaceApiKey = Command<'ReplaceApiKey', { apiKeyId: string; replacedBy: string; graceSeconds: number }>;

export type RevokeApiKey = Command<'RevokeApiKey', { apiKeyId: string; revokedBy: string }>;

export type ApiKeyCommand = CreateApiKey | ReplaceApiKey | RevokeApiKey;
