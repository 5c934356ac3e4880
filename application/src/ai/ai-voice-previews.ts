import {
  AI_VOICE_DISPLAY_NAME_MAX,
  AiCallError,
  ConflictError,
  NotFoundError,
  type ProviderVoice,
  type SessionLanguage,
} from '@ai-coaching/domain';
import type {
  AiAvailableVoice,
  aiSpeechVoiceOperations,
  AiSpeechVoice,
  AiVoiceImportResult,
  ParsedRequest,
} from '@ai-coaching/contracts';
import { findVoicePreview, saveVoicePreview, voicePreviewHash } from '@ai-coaching/platform';
import {
  findAiProvider,
  findAiSpeechVoice,
  findSpeechModel,
  listAiSpeechVoices,
  type AiProviderView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { signedInUser, type UserCaller } from '../tenancy/scope.js';
import { adapterFor, connectionOf } from './ai-connection.js';
import { aiPort } from './ai-port.js';
import { manageableProvider, providerNotFound, visibleItem } from './ai-scope.js';
import { createAiSpeechVoice } from './ai-speech-voices.js';

// A voice's preview sample and the import of voices from the provider's own list (issue 10 item 1).
// Provider failures are AiCallErrors: the API answers them with their code (docs/ai-providers.md).

const voiceNotFound = () => new NotFoundError('ai_voice_not_found', 'This speech voice does not exist.');

/** What a voice says to introduce itself, in its first language. */
const PREVIEW_SENTENCES: Record<SessionLanguage, (name: string) => string> = {
  'en-GB': (name) => `Hello, I am ${name}. This is how I will sound in your coaching sessions.`,
  'en-US': (name) => `Hello, I am ${name}. This is how I will sound in your coaching sessions.`,
  'fr-FR': (name) => `Bonjour, je suis ${name}. Voici ma voix pour vos séances de coaching.`,
};

export const previewSentence = (language: SessionLanguage, name: string): string => PREVIEW_SENTENCES[language](name);

export type VoicePreviewAnswer = { audio: Uint8Array; mimeType: string; cached: boolean };

/** The organization a call is made and recorded for: the provider's own, else the caller's. */
const callerOrganization = (provider: AiProviderView, caller: UserCaller) =>
  provider.organizationId ?? caller.organizationId;

/**
 * The voice's sample: from the cache when it was made from the same voice id, language and sentence;
 * otherwise made by the provider through the AI port (which records the usage) with the provider's
 * first speech model, and kept.
 */
export const previewAiSpeechVoice = async (
  services: AppServices,
  origin: Origin,
  aiSpeechVoiceId: string,
): Promise<VoicePreviewAnswer> => {
  const caller = signedInUser(origin.caller);
  const voice = visibleItem(caller, await findAiSpeechVoice(services.db, aiSpeechVoiceId), voiceNotFound);
  const language = voice.languages[0] ?? 'en-GB';
  const text = previewSentence(language, voice.displayName);
  const textHash = voicePreviewHash({ providerVoiceId: voice.voiceId, language, text });
  const cached = await findVoicePreview(services.db, voice.aiSpeechVoiceId, textHash);
  if (cached) return { ...cached, cached: true };

  const provider = await findAiProvider(services.db, voice.providerId);
  if (!provider) throw providerNotFound();
  if (provider.kind === 'builtin') {
    throw new AiCallError('not_supported', 'The built-in provider cannot speak yet.');
  }
  const model = await findSpeechModel(services.db, provider.providerId);
  if (!model) {
    throw new ConflictError(
      'ai_voice_no_speech_model',
      'Add a model with the speech capability to this provider first: voice samples are made with it.',
    );
  }
  const spoken = await aiPort(services).speak(
    { providerId: provider.providerId, modelId: model.aiModelId },
    { voiceId: voice.voiceId, text, language },
    { organizationId: callerOrganization(provider, caller) },
  );
  await saveVoicePreview(services.db, {
    aiSpeechVoiceId: voice.aiSpeechVoiceId,
    textHash,
    mimeType: spoken.mimeType,
    audio: spoken.audio,
    at: nowIso(services),
  });
  return { audio: spoken.audio, mimeType: spoken.mimeType, cached: false };
};

/** The provider's own voices, each once, asked with its current key. */
const providerVoices = async (
  services: AppServices,
  caller: UserCaller,
  provider: AiProviderView,
): Promise<ProviderVoice[]> => {
  const { connection } = await connectionOf(services, provider);
  const adapter = adapterFor(services, connection);
  if (!adapter.listVoices) {
    throw new AiCallError('not_supported', `Providers of kind ${provider.kind} have no voice list to import from.`);
  }
  const voices = await adapter.listVoices({
    organizationId: callerOrganization(provider, caller),
    timeoutMs: services.config.AI_CALL_TIMEOUT_MS,
  });
  const seen = new Set<string>();
  return voices.filter((voice) => !seen.has(voice.voiceId) && seen.add(voice.voiceId));
};

/** The voice ids the catalogue already has for this provider. */
const importedVoiceIds = async (services: AppServices, providerId: string): Promise<Set<string>> => {
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const found = await listAiSpeechVoices(services.db, { providerId, page, page_size: 48, sort: 'name' });
    for (const voice of found.items) ids.add(voice.voiceId);
    if (found.items.length === 0 || page * found.page_size >= found.total) return ids;
  }
};

export const listAvailableVoices = async (
  services: AppServices,
  origin: Origin,
  providerId: string,
): Promise<{ items: AiAvailableVoice[]; total: number }> => {
  const caller = signedInUser(origin.caller);
  const provider = await manageableProvider(services, caller, providerId);
  const voices = await providerVoices(services, caller, provider);
  const imported = await importedVoiceIds(services, provider.providerId);
  const items = voices.map((voice) => ({
    voice_id: voice.voiceId,
    display_name: voice.displayName,
    languages: voice.languages,
    gender: voice.gender ?? null,
    imported: imported.has(voice.voiceId),
  }));
  return { items, total: items.length };
};

/** Creates the requested voices the catalogue lacks, from the provider's list; the others are skipped. */
export const importAiSpeechVoices = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<(typeof aiSpeechVoiceOperations)['import']>['body'],
): Promise<AiVoiceImportResult> => {
  const caller = signedInUser(origin.caller);
  const provider = await manageableProvider(services, caller, body.provider_id);
  const listed = new Map((await providerVoices(services, caller, provider)).map((voice) => [voice.voiceId, voice]));
  const imported = await importedVoiceIds(services, provider.providerId);
  const result: { created: AiSpeechVoice[]; skipped: string[]; unknown: string[] } = {
    created: [],
    skipped: [],
    unknown: [],
  };
  for (const voiceId of new Set(body.voice_ids)) {
    const voice = listed.get(voiceId);
    if (imported.has(voiceId)) result.skipped.push(voiceId);
    else if (!voice) result.unknown.push(voiceId);
    else {
      result.created.push(
        await createAiSpeechVoice(services, origin, {
          provider_id: provider.providerId,
          voice_id: voice.voiceId,
          display_name: voice.displayName.slice(0, AI_VOICE_DISPLAY_NAME_MAX),
          languages: voice.languages,
          gender: voice.gender ?? null,
        }),
      );
      imported.add(voiceId);
    }
  }
  return result;
};
