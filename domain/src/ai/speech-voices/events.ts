import type { SessionLanguage } from '../vocabulary.js';

export const aiSpeechVoiceStreamId = (aiSpeechVoiceId: string): string => `ai-speech-voice-${aiSpeechVoiceId}`;

export const AI_VOICE_GENDERS = ['female', 'male', 'neutral'] as const;
export type AiVoiceGender = (typeof AI_VOICE_GENDERS)[number];

export type AiSpeechVoiceSettings = {
  /** The provider's own voice id (`en-GB-SoniaNeural`, an ElevenLabs voice id, `alloy`). */
  voiceId: string;
  displayName: string;
  languages: SessionLanguage[];
  gender: AiVoiceGender | null;
};

export type AiSpeechVoiceCreated = {
  type: 'AiSpeechVoiceCreated';
  data: AiSpeechVoiceSettings & {
    aiSpeechVoiceId: string;
    providerId: string;
    /** The provider's organization (null: platform-wide), so the voice is scoped like its provider. */
    organizationId: string | null;
    createdAt: string;
  };
};

export type AiSpeechVoiceUpdated = {
  type: 'AiSpeechVoiceUpdated';
  data: AiSpeechVoiceSettings & { aiSpeechVoiceId: string; updatedAt: string };
};

export type AiSpeechVoiceDeleted = {
  type: 'AiSpeechVoiceDeleted';
  data: { aiSpeechVoiceId: string; deletedAt: string };
};

export type AiSpeechVoiceEvent = AiSpeechVoiceCreated | AiSpeechVoiceUpdated | AiSpeechVoiceDeleted;
