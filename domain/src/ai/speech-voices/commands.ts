import type { Command } from '../../shared/command.js';
import type { AiProviderKind } from '../vocabulary.js';
import type { AiSpeechVoiceSettings } from './events.js';

export type AiSpeechVoiceInput = Omit<AiSpeechVoiceSettings, 'gender'> & { gender?: AiSpeechVoiceSettings['gender'] };

/**
 * The provider lives in another aggregate: the caller reads its kind and passes it, and the decider
 * refuses a provider that cannot speak.
 */
export type CreateAiSpeechVoice = Command<
  'CreateAiSpeechVoice',
  AiSpeechVoiceInput & {
    aiSpeechVoiceId: string;
    providerId: string;
    providerKind: AiProviderKind;
    organizationId: string | null;
  }
>;

export type UpdateAiSpeechVoice = Command<'UpdateAiSpeechVoice', AiSpeechVoiceInput & { aiSpeechVoiceId: string }>;

export type DeleteAiSpeechVoice = Command<'DeleteAiSpeechVoice', { aiSpeechVoiceId: string }>;

export type AiSpeechVoiceCommand = CreateAiSpeechVoice | UpdateAiSpeechVoice | DeleteAiSpeechVoice;
