import type { Command } from '../../shared/command.js';

/** The value arrives sealed: the domain never holds a key in clear. */
export type AddAiServiceKey = Command<
  'AddAiServiceKey',
  {
    keyId: string;
    providerId: string;
    organizationId: string | null;
    label: string;
    sealedValue: string;
    last4: string;
    createdBy: string | null;
  }
>;

export type RelabelAiServiceKey = Command<'RelabelAiServiceKey', { keyId: string; label: string }>;

export type RevokeAiServiceKey = Command<'RevokeAiServiceKey', { keyId: string }>;

export type AiServiceKeyCommand = AddAiServiceKey | RelabelAiServiceKey | RevokeAiServiceKey;
