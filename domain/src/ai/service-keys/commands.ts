import type { Command } from '../../shared/command.js';
import type { AiServiceKeyFields } from './events.js';

/** The value arrives sealed: the domain never holds a key in clear. */
export type AddAiServiceKey = Command<
  'AddAiServiceKey',
  AiServiceKeyFields & {
    sealedValue: string;
    last4: string;
    createdBy: string | null;
  }
>;

export type RelabelAiServiceKey = Command<'RelabelAiServiceKey', { keyId: string; label: string }>;

export type RevokeAiServiceKey = Command<'RevokeAiServiceKey', { keyId: string }>;

export type AiServiceKeyCommand = AddAiServiceKey | RelabelAiServiceKey | RevokeAiServiceKey;
