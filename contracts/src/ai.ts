import {
  AI_CAPABILITIES,
  AI_MODEL_CREDITS_PER_MINUTE_MAX,
  AI_MODEL_DISPLAY_NAME_MAX,
  AI_MODEL_ID_MAX,
  AI_MODEL_MAX_OUTPUT_TOKENS_MAX,
  AI_MODEL_TEMPERATURE_MAX,
  AI_PROVIDER_API_VERSION_MAX,
  AI_PROVIDER_KINDS,
  AI_PROVIDER_NAME_MAX,
  AI_PROVIDER_REGION_MAX,
  AI_PROVIDER_URL_MAX,
  AI_SERVICE_KEY_LABEL_MAX,
  AI_SERVICE_KEY_VALUE_MAX,
  AI_SERVICE_KEY_VALUE_MIN,
  AI_CALL_ERROR_CODES,
  AI_VOICE_DISPLAY_NAME_MAX,
  AI_VOICE_GENDERS,
  AI_VOICE_ID_MAX,
  SESSION_LANGUAGES,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idParams, idSchema, patchOf, text } from './http/fields.js';
import { listOf, listQuery, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';

// The AI catalogue (issue 10): providers, their service keys, models and speech voices. A key's
// value is write-only: it goes in with the create request and never comes out again.

const kind = z.enum(AI_PROVIDER_KINDS);
const capability = z.enum(AI_CAPABILITIES);
const language = z.enum(SESSION_LANGUAGES);
const gender = z.enum(AI_VOICE_GENDERS);
const optionalText = (max: number) => text().trim().max(max).nullable().optional();
const providerFilter = { provider_id: idSchema.optional() };

export const aiProviderSchema = z.strictObject({
  id: text(),
  name: text(),
  kind,
  base_url: text().nullable(),
  region: text().nullable(),
  api_version: text().nullable(),
  /** null: platform-wide. */
  organization_id: text().nullable(),
  enabled: z.boolean(),
  /** The built-in offline provider: always there, cannot be disabled or deleted, needs no key. */
  builtin: z.boolean(),
  created_by: text().nullable(),
  created_at: text(),
  updated_at: text(),
  /** How many models the provider has. */
  model_count: z.number().int().nonnegative(),
});
export type AiProvider = z.infer<typeof aiProviderSchema>;

export const aiProviderTestResultSchema = z.strictObject({
  ok: z.boolean(),
  latency_ms: z.number().int(),
  error_code: z.enum(AI_CALL_ERROR_CODES).optional(),
  message: text().optional(),
});
export type AiProviderTestResult = z.infer<typeof aiProviderTestResultSchema>;

export const aiServiceKeySchema = z.strictObject({
  id: text(),
  provider_id: text(),
  label: text(),
  last4: text(),
  created_by: text().nullable(),
  created_at: text(),
  last_used_at: text().nullable(),
  status: z.enum(['active', 'revoked']),
  /** The key calls use now: the provider's newest active key. */
  current: z.boolean(),
});
export type AiServiceKey = z.infer<typeof aiServiceKeySchema>;

export const aiModelSchema = z.strictObject({
  id: text(),
  provider_id: text(),
  organization_id: text().nullable(),
  model_id: text(),
  display_name: text(),
  capabilities: z.array(capability),
  credits_per_minute: z.number().int(),
  temperature: z.number().nullable(),
  max_output_tokens: z.number().int().nullable(),
  /** The built-in offline provider's: it plays and judges by rules, scripted practice (docs/ai-builtin-provider.md). */
  scripted: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type AiModel = z.infer<typeof aiModelSchema>;

export const aiSpeechVoiceSchema = z.strictObject({
  id: text(),
  provider_id: text(),
  organization_id: text().nullable(),
  voice_id: text(),
  display_name: text(),
  languages: z.array(language),
  gender: gender.nullable(),
  created_at: text(),
  updated_at: text(),
});
export type AiSpeechVoice = z.infer<typeof aiSpeechVoiceSchema>;

/** A voice of the provider's own list (`GET /v1/ai_providers/{id}/available_voices`). */
export const aiAvailableVoiceSchema = z.strictObject({
  voice_id: text(),
  display_name: text(),
  /** The session languages it speaks (voices speaking none are left out). */
  languages: z.array(language),
  gender: gender.nullable(),
  /** A voice with this `voice_id` is already in the catalogue for this provider. */
  imported: z.boolean(),
});
export type AiAvailableVoice = z.infer<typeof aiAvailableVoiceSchema>;

export const aiVoiceImportResultSchema = z.strictObject({
  /** The voices made by this import. */
  created: z.array(aiSpeechVoiceSchema),
  /** Requested ids already in the catalogue for this provider: left as they are. */
  skipped: z.array(text()),
  /** Requested ids the provider does not list (or that speak no session language): nothing made. */
  unknown: z.array(text()),
});
export type AiVoiceImportResult = z.infer<typeof aiVoiceImportResultSchema>;

/** The largest import at once. */
export const AI_VOICE_IMPORT_MAX = 100;

const aiCallFailed = {
  description:
    '`ai_call_failed`: the provider failed or refused the call; `details.error_code` says why (`wrong_key`, `unreachable`, `timeout`, `rate_limited`, …, as the connection test) and the message what to do.',
};
const speechNotSupported = {
  description: '`ai_speech_not_supported`: this kind of provider cannot make speech, or list its voices, yet.',
};

const providerFields = {
  name: text().trim().min(1).max(AI_PROVIDER_NAME_MAX),
  base_url: optionalText(AI_PROVIDER_URL_MAX),
  region: optionalText(AI_PROVIDER_REGION_MAX),
  api_version: optionalText(AI_PROVIDER_API_VERSION_MAX),
  enabled: z.boolean(),
};

const modelFields = {
  model_id: text().trim().min(1).max(AI_MODEL_ID_MAX),
  display_name: text().trim().min(1).max(AI_MODEL_DISPLAY_NAME_MAX),
  capabilities: z.array(capability).min(1),
  credits_per_minute: z.number().int().min(0).max(AI_MODEL_CREDITS_PER_MINUTE_MAX),
  temperature: z.number().min(0).max(AI_MODEL_TEMPERATURE_MAX).nullable().optional(),
  max_output_tokens: z.number().int().min(1).max(AI_MODEL_MAX_OUTPUT_TOKENS_MAX).nullable().optional(),
};

const voiceFields = {
  voice_id: text().trim().min(1).max(AI_VOICE_ID_MAX),
  display_name: text().trim().min(1).max(AI_VOICE_DISPLAY_NAME_MAX),
  languages: z.array(language).min(1),
  gender: gender.nullable().optional(),
};

const platformOnly =
  '`ai_provider_platform_only`: a platform-wide provider and what belongs to it are changed by super-admins only.';

export const aiProviderOperations = defineOperations(
  { name: 'aiProviders', tag: 'AI providers' },
  {
    list: {
      method: 'GET',
      path: '/v1/ai_providers',
      summary:
        'The providers the caller’s organization may use: the platform-wide ones and its own. Super-admins see all, or one organization’s own with `organization_id`.',
      query: listQuery({ organization_id: idSchema.optional(), kind: kind.optional() }),
      responses: {
        200: { description: 'A page of providers.', schema: pageOf(aiProviderSchema) },
        404: { description: '`organization_not_found`.' },
      },
    },
    create: {
      method: 'POST',
      path: '/v1/ai_providers',
      summary:
        'Add a provider. `organization_id` null makes it platform-wide (super-admins only); left out, it is the caller’s organization’s own, or platform-wide for a super-admin.',
      idempotent: true,
      body: closed(z.object({ ...providerFields, kind, organization_id: idSchema.nullable().optional() })),
      responses: {
        201: { description: 'The provider.', schema: aiProviderSchema },
        400: {
          description:
            'A field is missing for the kind (`ai_provider_base_url_required`, `ai_provider_api_version_required`, `ai_provider_region_required`), malformed, or the base URL is refused by the outbound guard (`ai_provider_url_refused`); `ai_provider_kind_reserved` for `builtin`.',
        },
        403: { description: platformOnly },
        404: { description: '`organization_not_found`.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/ai_providers/:id',
      summary: 'One provider.',
      params: idParams,
      responses: {
        200: { description: 'The provider.', schema: aiProviderSchema },
        404: { description: '`ai_provider_not_found`: it does not exist or is another organization’s.' },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/ai_providers/:id',
      summary: 'Change a provider’s name, endpoint settings or whether it is enabled; its kind and scope stay.',
      params: idParams,
      body: patchOf(z.object(providerFields).partial()),
      responses: {
        200: { description: 'The provider.', schema: aiProviderSchema },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
        409: { description: '`ai_provider_builtin`: the built-in provider cannot be disabled.' },
      },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/ai_providers/:id',
      summary: 'Delete a provider that nothing uses any more; its keys are revoked.',
      params: idParams,
      responses: {
        204: { description: 'Deleted.' },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
        409: {
          description:
            '`ai_provider_in_use`: models, voices or scenarios still use it (`details.used_by` names them); `ai_provider_builtin`.',
        },
      },
    },
    availableVoices: {
      method: 'GET',
      path: '/v1/ai_providers/:id/available_voices',
      summary:
        'The provider’s own voice list, asked of the provider with its current key: the voices speaking a session language, each marked `imported` when the catalogue has it already. For importing voices.',
      params: idParams,
      responses: {
        200: { description: 'The provider’s voices.', schema: listOf(aiAvailableVoiceSchema) },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
        409: speechNotSupported,
        502: aiCallFailed,
      },
    },
    test: {
      method: 'POST',
      path: '/v1/ai_providers/:id/test',
      summary:
        'Test the connection with the provider’s current key: the round-trip time, or why it failed (`error_code`, and a `message` in the caller’s language).',
      params: idParams,
      responses: {
        200: { description: 'The outcome.', schema: aiProviderTestResultSchema },
        404: { description: '`ai_provider_not_found`.' },
      },
    },
  },
);

export const aiServiceKeyOperations = defineOperations(
  { name: 'aiServiceKeys', tag: 'AI providers' },
  {
    list: {
      method: 'GET',
      path: '/v1/ai_service_keys',
      summary:
        'Service keys of the providers the caller manages (their organization’s own; super-admins: all), newest first by default. Values never appear.',
      query: listQuery({ ...providerFilter, status: z.enum(['active', 'revoked']).optional() }),
      responses: { 200: { description: 'A page of keys.', schema: pageOf(aiServiceKeySchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/ai_service_keys',
      summary:
        'Add a key to a provider; it becomes the key calls use at once, and the previous ones keep working until revoked (rotation without downtime). The value is sealed at rest and never answered.',
      idempotent: true,
      body: closed(
        z.object({
          provider_id: idSchema,
          label: text().trim().min(1).max(AI_SERVICE_KEY_LABEL_MAX),
          value: text().trim().min(AI_SERVICE_KEY_VALUE_MIN).max(AI_SERVICE_KEY_VALUE_MAX),
        }),
      ),
      responses: {
        201: { description: 'The key, without its value.', schema: aiServiceKeySchema },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
        409: { description: '`ai_provider_needs_no_key`: the built-in provider.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/ai_service_keys/:id',
      summary: 'One key, without its value.',
      params: idParams,
      responses: {
        200: { description: 'The key.', schema: aiServiceKeySchema },
        404: { description: '`ai_service_key_not_found`.' },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/ai_service_keys/:id',
      summary: 'Rename a key. A value cannot be changed: add a new key and revoke the old one.',
      params: idParams,
      body: patchOf(z.object({ label: text().trim().min(1).max(AI_SERVICE_KEY_LABEL_MAX).optional() })),
      responses: {
        200: { description: 'The key.', schema: aiServiceKeySchema },
        403: { description: platformOnly },
        404: { description: '`ai_service_key_not_found`.' },
        409: { description: '`ai_service_key_revoked`.' },
      },
    },
    revoke: {
      method: 'DELETE',
      path: '/v1/ai_service_keys/:id',
      summary: 'Revoke a key: calls stop using it at once. Revoking again changes nothing.',
      params: idParams,
      responses: {
        204: { description: 'Revoked.' },
        403: { description: platformOnly },
        404: { description: '`ai_service_key_not_found`.' },
      },
    },
  },
);

export const aiModelOperations = defineOperations(
  { name: 'aiModels', tag: 'AI providers' },
  {
    list: {
      method: 'GET',
      path: '/v1/ai_models',
      summary: 'Models of the providers the caller’s organization may use.',
      query: listQuery({ ...providerFilter, capability: capability.optional() }),
      responses: { 200: { description: 'A page of models.', schema: pageOf(aiModelSchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/ai_models',
      summary: 'Add a model to a provider, with its credit price (credits per started minute of session).',
      idempotent: true,
      body: closed(z.object({ provider_id: idSchema, ...modelFields })),
      responses: {
        201: { description: 'The model.', schema: aiModelSchema },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/ai_models/:id',
      summary: 'One model.',
      params: idParams,
      responses: {
        200: { description: 'The model.', schema: aiModelSchema },
        404: { description: '`ai_model_not_found`.' },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/ai_models/:id',
      summary: 'Change a model’s settings or price.',
      params: idParams,
      body: patchOf(z.object(modelFields).partial()),
      responses: {
        200: { description: 'The model.', schema: aiModelSchema },
        403: { description: platformOnly },
        404: { description: '`ai_model_not_found`.' },
      },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/ai_models/:id',
      summary: 'Delete a model nothing uses any more.',
      params: idParams,
      responses: {
        204: { description: 'Deleted.' },
        403: { description: platformOnly },
        404: { description: '`ai_model_not_found`.' },
        409: { description: '`ai_model_in_use`: scenarios still use it (`details.used_by` names them).' },
      },
    },
  },
);

export const aiSpeechVoiceOperations = defineOperations(
  { name: 'aiSpeechVoices', tag: 'AI providers' },
  {
    list: {
      method: 'GET',
      path: '/v1/ai_speech_voices',
      summary: 'Speech voices of the providers the caller’s organization may use.',
      query: listQuery({ ...providerFilter, language: language.optional() }),
      responses: { 200: { description: 'A page of voices.', schema: pageOf(aiSpeechVoiceSchema) } },
    },
    create: {
      method: 'POST',
      path: '/v1/ai_speech_voices',
      summary: 'Add a voice to a speech provider (or to the built-in provider).',
      idempotent: true,
      body: closed(z.object({ provider_id: idSchema, ...voiceFields })),
      responses: {
        201: { description: 'The voice.', schema: aiSpeechVoiceSchema },
        400: { description: '`ai_provider_not_speech`: the provider cannot speak.' },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
      },
    },
    read: {
      method: 'GET',
      path: '/v1/ai_speech_voices/:id',
      summary: 'One voice.',
      params: idParams,
      responses: {
        200: { description: 'The voice.', schema: aiSpeechVoiceSchema },
        404: { description: '`ai_voice_not_found`.' },
      },
    },
    update: {
      method: 'PATCH',
      path: '/v1/ai_speech_voices/:id',
      summary: 'Change a voice.',
      params: idParams,
      body: patchOf(z.object(voiceFields).partial()),
      responses: {
        200: { description: 'The voice.', schema: aiSpeechVoiceSchema },
        403: { description: platformOnly },
        404: { description: '`ai_voice_not_found`.' },
      },
    },
    delete: {
      method: 'DELETE',
      path: '/v1/ai_speech_voices/:id',
      summary: 'Delete a voice nothing uses.',
      params: idParams,
      responses: {
        204: { description: 'Deleted.' },
        403: { description: platformOnly },
        404: { description: '`ai_voice_not_found`.' },
        409: { description: '`ai_voice_in_use`: personas or scenarios still use it (`details.used_by` names them).' },
      },
    },
    preview: {
      method: 'POST',
      path: '/v1/ai_speech_voices/:id/preview',
      summary:
        'A short sample of the voice (“Hello, I am {name}…” in its first language), made by the provider with the provider’s first speech model on the first request, then served from the cache; a voice whose voice id or name changes gets a new one.',
      params: idParams,
      responses: {
        200: {
          description:
            'The audio (`Content-Type` as the provider made it, `audio/mpeg` for the hosted kinds); `X-Preview-Cache: hit` when it came from the cache.',
        },
        404: { description: '`ai_voice_not_found`.' },
        409: {
          description: `\`ai_voice_no_speech_model\`: the provider has no model with the \`speech\` capability. ${speechNotSupported.description}`,
        },
        502: aiCallFailed,
      },
    },
    import: {
      method: 'POST',
      path: '/v1/ai_speech_voices/import',
      summary:
        'Import voices of the provider’s own list by their ids: the missing ones are created with the provider’s name, languages and gender, those already there are skipped (importing again changes nothing).',
      idempotent: true,
      body: closed(
        z.object({
          provider_id: idSchema,
          voice_ids: z.array(voiceFields.voice_id).min(1).max(AI_VOICE_IMPORT_MAX),
        }),
      ),
      responses: {
        200: { description: 'What was created, skipped, or not found.', schema: aiVoiceImportResultSchema },
        403: { description: platformOnly },
        404: { description: '`ai_provider_not_found`.' },
        409: speechNotSupported,
        502: aiCallFailed,
      },
    },
  },
);
