import {
  AiCallError,
  VOICE_SAMPLE_RATE,
  type AiAdapter,
  type AiConnection,
  type AiVoiceGender,
  type ProviderVoice,
  type SessionLanguage,
} from '@ai-coaching/domain';
import type * as ElevenLabsSdk from '@elevenlabs/elevenlabs-js';
import {
  createProviderCaller,
  DEFAULT_AI_CALL_TIMEOUT_MS,
  notChat,
  providerSetup,
  sessionLanguagesOf,
  speechUsageOf,
  trimmedHref,
  type ProviderAnswer,
  type ProviderCallOptions,
} from './provider-call.js';
import { pcm16Of, readableChunks } from './speech-audio.js';

/**
 * `elevenlabs`: text-to-speech and the account's voice library, through the official
 * `@elevenlabs/elevenlabs-js` SDK with our guarded fetch (its own retries off: ours respect
 * Retry-After within bounds and open the provider's circuit). Streamed synthesis is
 * `textToSpeech.stream` as `pcm_24000` (`POST /v1/text-to-speech/{voice}/stream`, a chunked body).
 */

const ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';
const OUTPUT_FORMAT = 'mp3_44100_128';
/** Raw PCM16 at the canonical rate: nothing to decode or resample. */
const STREAM_FORMAT = 'pcm_24000';

/**
 * The SDK (about 2 s to load) loads with the first adapter that calls ElevenLabs, not with the platform's index: every
 * process and integration file paid for it before.
 */
let sdk: typeof ElevenLabsSdk | undefined;
const loadSdk = async () => (sdk ??= await import('@elevenlabs/elevenlabs-js'));

/** The status, text and headers of the SDK's error answer (`{detail: {status, message}}`). */
const answerOf = (error: unknown): ProviderAnswer | undefined => {
  // Only the SDK throws its errors, so it is loaded whenever one reaches here.
  if (!sdk || !(error instanceof sdk.ElevenLabsError) || error.statusCode === undefined) return undefined;
  const body = error.body as { detail?: unknown } | undefined;
  const detail = body?.detail;
  const text =
    typeof detail === 'string'
      ? detail
      : typeof (detail as { message?: unknown } | undefined)?.message === 'string'
        ? (detail as { message: string }).message
        : `ElevenLabs answered ${error.statusCode}.`;
  const code = (detail as { status?: unknown } | undefined)?.status;
  return {
    status: error.statusCode,
    text,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.rawResponse?.headers ? { headers: error.rawResponse.headers } : {}),
  };
};

const ACCENTS: Record<string, SessionLanguage> = {
  british: 'en-GB',
  english: 'en-GB',
  'british-english': 'en-GB',
  american: 'en-US',
  'us-english': 'en-US',
};

/** One language entry of a voice as a session language: the locale when given, else language and accent. */
const languagesOf = (language: string | undefined, accent: string | undefined, locale?: string): SessionLanguage[] => {
  const exact = sessionLanguagesOf([locale]);
  if (exact.length > 0) return exact;
  const lang = language?.toLowerCase().slice(0, 2);
  if (lang === 'fr') return ['fr-FR'];
  const fromAccent = accent ? ACCENTS[accent.toLowerCase().replace(/\s+/g, '-')] : undefined;
  if (lang === 'en') return fromAccent ? [fromAccent] : ['en-GB', 'en-US'];
  // Legacy voices carry only an accent label.
  return lang === undefined && fromAccent ? [fromAccent] : [];
};

const GENDERS: Record<string, AiVoiceGender> = {
  female: 'female',
  male: 'male',
  neutral: 'neutral',
  'non-binary': 'neutral',
  nonbinary: 'neutral',
};

type VoiceRecord = {
  voiceId: string;
  name?: string;
  labels?: Record<string, string>;
  verifiedLanguages?: { language: string; accent?: string; locale?: string }[];
};

/**
 * A voice of the library in the catalogue's terms: its languages from `verified_languages` (a locale
 * such as `en-GB`, or a language with an accent), else from its labels (`language`, `accent`).
 */
export const elevenLabsVoiceOf = (voice: VoiceRecord): ProviderVoice | undefined => {
  const verified = voice.verifiedLanguages ?? [];
  const found =
    verified.length > 0
      ? verified.flatMap((entry) => languagesOf(entry.language, entry.accent, entry.locale))
      : languagesOf(voice.labels?.language, voice.labels?.accent);
  const languages = sessionLanguagesOf(found);
  if (languages.length === 0) return undefined;
  const gender = GENDERS[voice.labels?.gender?.toLowerCase() ?? ''];
  return {
    voiceId: voice.voiceId,
    displayName: voice.name?.trim() || voice.voiceId,
    languages,
    ...(gender ? { gender } : {}),
  };
};

const readAll = async (stream: ReadableStream<Uint8Array>): Promise<Uint8Array> => {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks));
};

export const createElevenLabsAdapter = (connection: AiConnection, options: ProviderCallOptions = {}): AiAdapter => {
  const { url, origin, setupError } = providerSetup(connection, connection.baseUrl ?? ELEVENLABS_BASE_URL, options);
  const caller = createProviderCaller(connection, origin, options, answerOf);
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS;
  let client: Promise<ElevenLabsSdk.ElevenLabsClient> | undefined;
  const ready = () => {
    if (setupError || !url) throw setupError ?? new AiCallError('address_refused', 'The provider is not set up.');
    client ??= loadSdk().then(
      ({ ElevenLabsClient }) =>
        new ElevenLabsClient({
          apiKey: connection.apiKey!,
          baseUrl: trimmedHref(url),
          fetch: caller.fetch as unknown as typeof fetch,
          maxRetries: 0,
          // Ours ends the call first; the SDK's own is only a backstop.
          timeoutInSeconds: Math.ceil((timeoutMs * 2) / 1000),
        }),
    );
    return client;
  };
  const requestOptions = (signal: AbortSignal) => ({ abortSignal: signal, maxRetries: 0 });

  return {
    capabilities: ['speech'],
    ...notChat(connection.kind),
    async speak(request, context) {
      const api = await ready();
      const audio = await caller.call(context, async (signal) =>
        readAll(
          await api.textToSpeech.convert(
            request.voiceId,
            { text: request.text, modelId: request.model.modelId, outputFormat: OUTPUT_FORMAT },
            requestOptions(signal),
          ),
        ),
      );
      return { audio, mimeType: 'audio/mpeg', usage: speechUsageOf(request.text) };
    },
    async *speakStream(request, context) {
      const api = await ready();
      const bytes = caller.stream(context, async (signal) =>
        readableChunks(
          await api.textToSpeech.stream(
            request.voiceId,
            { text: request.text, modelId: request.model.modelId, outputFormat: STREAM_FORMAT },
            requestOptions(signal),
          ),
        ),
      );
      yield* pcm16Of(bytes, VOICE_SAMPLE_RATE);
    },
    async listVoices(context) {
      const api = await ready();
      const { voices } = await caller.call(context, (signal) => api.voices.getAll({}, requestOptions(signal)));
      return voices.flatMap((voice) => elevenLabsVoiceOf(voice) ?? []);
    },
    async test(context) {
      const api = await ready();
      await caller.call(context, (signal) => api.voices.getAll({}, requestOptions(signal)), { bypassBreaker: true });
    },
  };
};
