import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type { CreateAiSpeechVoice, DeleteAiSpeechVoice, UpdateAiSpeechVoice } from './commands.js';
import { aiSpeechVoiceDecider } from './decider.js';
import type { AiSpeechVoiceCreated, AiSpeechVoiceDeleted, AiSpeechVoiceUpdated } from './events.js';

const given = DeciderSpecification.for(aiSpeechVoiceDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';

const create = (data: Partial<CreateAiSpeechVoice['data']> = {}): CreateAiSpeechVoice => ({
  type: 'CreateAiSpeechVoice',
  data: {
    aiSpeechVoiceId: 'v-1',
    providerId: 'p-1',
    providerKind: 'azure_microsoft',
    organizationId: 'org-1',
    voiceId: ' fr-FR-DeniseNeural ',
    displayName: ' Denise ',
    languages: ['fr-FR', 'en-GB'],
    gender: 'female',
    ...data,
  },
  metadata: { now: t0 },
});
const created: AiSpeechVoiceCreated = {
  type: 'AiSpeechVoiceCreated',
  data: {
    aiSpeechVoiceId: 'v-1',
    providerId: 'p-1',
    organizationId: 'org-1',
    voiceId: 'fr-FR-DeniseNeural',
    displayName: 'Denise',
    languages: ['en-GB', 'fr-FR'],
    gender: 'female',
    createdAt: t0,
  },
};
const update = (data: Partial<UpdateAiSpeechVoice['data']> = {}): UpdateAiSpeechVoice => ({
  type: 'UpdateAiSpeechVoice',
  data: {
    aiSpeechVoiceId: 'v-1',
    voiceId: 'fr-FR-DeniseNeural',
    displayName: 'Denise',
    languages: ['en-GB', 'fr-FR'],
    gender: 'female',
    ...data,
  },
  metadata: { now: t1 },
});
const remove: DeleteAiSpeechVoice = {
  type: 'DeleteAiSpeechVoice',
  data: { aiSpeechVoiceId: 'v-1' },
  metadata: { now: t1 },
};
const deleted: AiSpeechVoiceDeleted = { type: 'AiSpeechVoiceDeleted', data: { aiSpeechVoiceId: 'v-1', deletedAt: t1 } };

describe('AI speech voices', () => {
  describe('CreateAiSpeechVoice', () => {
    it('should create it trimmed, with its languages in the vocabulary’s order', () => {
      given([]).when(create()).then([created]);
    });

    it.each(['elevenlabs', 'openai_audio', 'openai_azure', 'openai_compatible', 'builtin'] as const)(
      'should accept a provider of kind %s',
      (providerKind) => {
        given([]).when(create({ providerKind })).then([created]);
      },
    );

    it.each(['openai'] as const)('should refuse a provider of kind %s', (providerKind) => {
      given([]).when(create({ providerKind })).thenThrows(ValidationError, isCode('ai_provider_not_speech'));
    });

    it.each([
      [{ voiceId: '' }, 'invalid_ai_voice_id'],
      [{ displayName: ' ' }, 'invalid_ai_voice_display_name'],
      [{ languages: [] }, 'invalid_ai_voice_languages'],
      [{ languages: ['de-DE'] }, 'invalid_ai_voice_languages'],
      [{ languages: ['fr-FR', 'fr-FR'] }, 'invalid_ai_voice_languages'],
    ] as [Partial<CreateAiSpeechVoice['data']>, string][])('should refuse %j', (data, code) => {
      given([]).when(create(data)).thenThrows(ValidationError, isCode(code));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create()).thenThrows(ConflictError, isCode('ai_voice_exists'));
    });
  });

  describe('UpdateAiSpeechVoice', () => {
    it('should record every setting after the change', () => {
      const updated: AiSpeechVoiceUpdated = {
        type: 'AiSpeechVoiceUpdated',
        data: {
          aiSpeechVoiceId: 'v-1',
          voiceId: 'fr-FR-DeniseNeural',
          displayName: 'Denise (FR)',
          languages: ['fr-FR'],
          gender: null,
          updatedAt: t1,
        },
      };
      given([created])
        .when(update({ displayName: 'Denise (FR)', languages: ['fr-FR'], gender: null }))
        .then([updated]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created]).when(update()).thenNothing();
    });

    it('should refuse an unknown or deleted voice', () => {
      given([]).when(update()).thenThrows(NotFoundError, isCode('ai_voice_not_found'));
      given([created, deleted]).when(update()).thenThrows(NotFoundError, isCode('ai_voice_not_found'));
    });
  });

  describe('DeleteAiSpeechVoice', () => {
    it('should delete it, and decide nothing the second time', () => {
      given([created]).when(remove).then([deleted]);
      given([created, deleted]).when(remove).thenNothing();
    });
  });
});
