import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { boundedText } from '../../shared/text.js';
import { SESSION_LANGUAGES, SPEECH_PROVIDER_KINDS, type AiProviderKind } from '../vocabulary.js';
import type {
  AiSpeechVoiceCommand,
  AiSpeechVoiceInput,
  CreateAiSpeechVoice,
  DeleteAiSpeechVoice,
  UpdateAiSpeechVoice,
} from './commands.js';
import type { AiSpeechVoiceEvent, AiSpeechVoiceSettings } from './events.js';

export const AI_VOICE_ID_MAX = 200;
export const AI_VOICE_DISPLAY_NAME_MAX = 120;

/**
 * The kinds a voice may belong to: the speech kinds, the built-in provider for offline voice, and an
 * OpenAI-compatible server, since self-hosted ones (speaches, LocalAI, Kokoro-FastAPI) answer
 * `/v1/audio/speech` at the same base URL as their Chat Completions.
 */
export const canSpeak = (kind: AiProviderKind): boolean =>
  kind === 'builtin' || kind === 'openai_compatible' || (SPEECH_PROVIDER_KINDS as readonly string[]).includes(kind);

export type ExistingAiSpeechVoice = AiSpeechVoiceSettings & {
  status: 'active' | 'deleted';
  aiSpeechVoiceId: string;
  providerId: string;
  organizationId: string | null;
};

export type AiSpeechVoiceState = { status: 'none' } | ExistingAiSpeechVoice;

const invalid = (code: string, message: string, field: string) => new ValidationError(code, message, { field });

export const validAiSpeechVoiceSettings = (input: AiSpeechVoiceInput): AiSpeechVoiceSettings => {
  const voiceId = boundedText(input.voiceId, AI_VOICE_ID_MAX, {
    code: 'invalid_ai_voice_id',
    message: `A voice id has 1 to ${AI_VOICE_ID_MAX} characters.`,
    details: { field: 'voice_id' },
  });
  const displayName = boundedText(input.displayName, AI_VOICE_DISPLAY_NAME_MAX, {
    code: 'invalid_ai_voice_display_name',
    message: `A display name has 1 to ${AI_VOICE_DISPLAY_NAME_MAX} characters.`,
    details: { field: 'display_name' },
  });
  const languages = SESSION_LANGUAGES.filter((language) => input.languages.includes(language));
  if (languages.length === 0 || languages.length !== input.languages.length) {
    throw invalid('invalid_ai_voice_languages', 'A voice speaks at least one of en-GB, en-US and fr-FR.', 'languages');
  }
  return { voiceId, displayName, languages, gender: input.gender ?? null };
};

const existing = (state: AiSpeechVoiceState): ExistingAiSpeechVoice => {
  if (state.status !== 'active') throw new NotFoundError('ai_voice_not_found', 'This speech voice does not exist.');
  return state;
};

const createVoice = ({ data, metadata }: CreateAiSpeechVoice, state: AiSpeechVoiceState): AiSpeechVoiceEvent[] => {
  if (state.status !== 'none') throw new ConflictError('ai_voice_exists', 'This speech voice already exists.');
  if (!canSpeak(data.providerKind)) {
    throw new ValidationError('ai_provider_not_speech', 'Voices belong to a speech provider.', {
      field: 'provider_id',
    });
  }
  return [
    {
      type: 'AiSpeechVoiceCreated',
      data: {
        aiSpeechVoiceId: data.aiSpeechVoiceId,
        providerId: data.providerId,
        organizationId: data.organizationId,
        ...validAiSpeechVoiceSettings(data),
        createdAt: metadata.now,
      },
    },
  ];
};

const updateVoice = ({ data, metadata }: UpdateAiSpeechVoice, state: AiSpeechVoiceState): AiSpeechVoiceEvent[] => {
  const voice = existing(state);
  const settings = validAiSpeechVoiceSettings(data);
  if (
    settings.voiceId === voice.voiceId &&
    settings.displayName === voice.displayName &&
    settings.languages.join() === voice.languages.join() &&
    settings.gender === voice.gender
  ) {
    return [];
  }
  return [
    {
      type: 'AiSpeechVoiceUpdated',
      data: { aiSpeechVoiceId: voice.aiSpeechVoiceId, ...settings, updatedAt: metadata.now },
    },
  ];
};

const deleteVoice = ({ metadata }: DeleteAiSpeechVoice, state: AiSpeechVoiceState): AiSpeechVoiceEvent[] => {
  if (state.status === 'deleted') return [];
  const voice = existing(state);
  return [{ type: 'AiSpeechVoiceDeleted', data: { aiSpeechVoiceId: voice.aiSpeechVoiceId, deletedAt: metadata.now } }];
};

export const aiSpeechVoiceDecider: Decider<AiSpeechVoiceCommand, AiSpeechVoiceEvent, AiSpeechVoiceState> = {
  decide: decideByType({
    CreateAiSpeechVoice: createVoice,
    UpdateAiSpeechVoice: updateVoice,
    DeleteAiSpeechVoice: deleteVoice,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'AiSpeechVoiceCreated': {
        const { createdAt: _createdAt, ...voice } = event.data;
        return { status: 'active', ...voice };
      }
      case 'AiSpeechVoiceUpdated': {
        if (state.status === 'none') return state;
        const { updatedAt: _updatedAt, aiSpeechVoiceId: _id, ...settings } = event.data;
        return { ...state, ...settings };
      }
      case 'AiSpeechVoiceDeleted':
        return state.status === 'none' ? state : { ...state, status: 'deleted' };
    }
  },
  initialState: () => ({ status: 'none' }),
};
