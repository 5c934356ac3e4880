import {
  AiCallError,
  SESSION_LANGUAGES,
  VOICE_SAMPLE_RATE,
  type AiAdapter,
  type AiConnection,
  type ProviderVoice,
  type TranscribeRequest,
} from '@ai-coaching/domain';
import OpenAI, { APIError, toFile, type ClientOptions } from 'openai';
import {
  createProviderCaller,
  DEFAULT_AI_CALL_TIMEOUT_MS,
  notChat,
  providerSetup,
  speechUsageOf,
  trimmedHref,
  type ProviderAnswer,
  type ProviderCallOptions,
} from './provider-call.js';
import {
  bufferedTranscription,
  failedTranscription,
  pcm16Of,
  readableChunks,
  transcriptionOf,
} from './speech-audio.js';

/**
 * `openai_audio`: OpenAI's audio endpoints over HTTP, through the official `openai` SDK
 * (`audio.speech.create`, `audio.transcriptions.create`), and any server that copies them (speaches,
 * Kokoro-FastAPI) at a base URL. Streamed synthesis asks for `pcm` (raw 24 kHz PCM16) and reads the body as it
 * arrives.
 */

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * OpenAI's built-in voices (platform.openai.com/docs/guides/text-to-speech). They are not listed by
 * the API, and each speaks every language the model speaks, so each is offered in every session language.
 */
export const OPENAI_SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const;

const MIME_OF_FORMAT = 'audio/mpeg';

const FILE_NAMES: Record<string, string> = {
  'audio/wav': 'speech.wav',
  'audio/x-wav': 'speech.wav',
  'audio/wave': 'speech.wav',
  'audio/webm': 'speech.webm',
  'audio/ogg': 'speech.ogg',
  'audio/mpeg': 'speech.mp3',
  'audio/flac': 'speech.flac',
};

/**
 * Whether a model answers a transcription as a stream of text deltas (`stream: true`): OpenAI's gpt-4o transcription
 * models do; whisper-1 ignores the flag, and other servers are not assumed to know it. Read from the model's id (an
 * Azure deployment named otherwise is not streamed).
 */
export const streamsTranscription = (modelId: string): boolean => /gpt-4o(?:-mini)?-transcribe/i.test(modelId);

/**
 * One utterance through `POST …/audio/transcriptions` (multipart: the file, the model, the language as ISO-639-1,
 * which OpenAI reads; `en-GB` → `en`). Shared by `openai_audio` and the Chat Completions kinds (OpenAI, Azure
 * OpenAI's deployments, OpenAI-compatible servers), whose clients build the path. With `onPartial`, a model that
 * streams is asked to (`stream: true`): its server-sent `transcript.text.delta` events are told as the text so far,
 * and `transcript.text.done` holds the whole text.
 */
export const transcribeWith = async (
  api: OpenAI,
  request: TranscribeRequest,
  signal: AbortSignal,
  onPartial?: (partial: { text: string }) => void,
): Promise<string> => {
  const type = request.mimeType.split(';')[0]!.trim().toLowerCase();
  const fileName = FILE_NAMES[type];
  if (!fileName) throw new AiCallError('not_supported', `Speech as ${request.mimeType} cannot be recognised here.`);
  const file = await toFile(request.audio, fileName, { type });
  const body = {
    file,
    model: request.model.modelId,
    response_format: 'json' as const,
    ...(request.language ? { language: request.language.slice(0, 2) } : {}),
  };
  if (!onPartial || !streamsTranscription(request.model.modelId)) {
    const answer = await api.audio.transcriptions.create(body, { signal, maxRetries: 0 });
    return answer.text.trim();
  }
  const events = await api.audio.transcriptions.create({ ...body, stream: true }, { signal, maxRetries: 0 });
  let text = '';
  for await (const event of events) {
    if (event.type === 'transcript.text.delta') {
      text += event.delta;
      if (text.trim()) onPartial({ text: text.trim() });
    } else if (event.type === 'transcript.text.done') text = event.text;
  }
  // The SDK ends an aborted stream quietly: a cut answer is not a whole one.
  if (signal.aborted) throw new Error('aborted');
  return text.trim();
};

/** The status, text and headers of the SDK's error answer. */
const answerOf = (error: unknown): ProviderAnswer | undefined => {
  if (!(error instanceof APIError) || error.status === undefined) return undefined;
  const body = error.error as { message?: unknown; code?: unknown; type?: unknown } | undefined;
  return {
    status: error.status,
    text: typeof body?.message === 'string' ? body.message : error.message,
    code: String(error.code ?? body?.code ?? body?.type ?? ''),
    headers: error.headers,
  };
};

export const createOpenAiAudioAdapter = (connection: AiConnection, options: ProviderCallOptions = {}): AiAdapter => {
  const { url, origin, setupError } = providerSetup(connection, connection.baseUrl ?? OPENAI_BASE_URL, options);
  const caller = createProviderCaller(connection, origin, options, answerOf);
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS;
  const client = url
    ? new OpenAI({
        apiKey: connection.apiKey!,
        baseURL: trimmedHref(url),
        fetch: caller.fetch as unknown as ClientOptions['fetch'],
        maxRetries: 0,
        // Ours ends the call first; the SDK's own is only a backstop.
        timeout: timeoutMs * 2,
        // Set explicitly so that OPENAI_* variables of the server's environment never leak into a provider.
        organization: null,
        project: null,
        webhookSecret: null,
        logLevel: 'off',
      })
    : undefined;
  const ready = () => {
    if (setupError || !client) throw setupError ?? new AiCallError('address_refused', 'The provider is not set up.');
    return client;
  };

  return {
    capabilities: ['speech', 'transcription'],
    ...notChat(connection.kind),
    async transcribe(request, context) {
      const api = ready();
      const text = await caller.call(context, (signal) => transcribeWith(api, request, signal));
      return transcriptionOf(request, text);
    },
    // The HTTP API hears whole files: the utterance is sent once it has ended, its text streamed back when it can be.
    transcribeStream(request, context) {
      try {
        const api = ready();
        return bufferedTranscription(request, (whole) =>
          caller.call(context, (signal) => transcribeWith(api, whole, signal, request.onPartial)),
        );
      } catch (error) {
        return failedTranscription(error);
      }
    },
    async *speakStream(request, context) {
      const api = ready();
      const bytes = caller.stream(context, async (signal) => {
        const response = await api.audio.speech.create(
          { model: request.model.modelId, voice: request.voiceId, input: request.text, response_format: 'pcm' },
          { signal, maxRetries: 0 },
        );
        if (!response.body) throw new AiCallError('provider_error', 'The provider answered no audio.');
        return readableChunks(response.body as ReadableStream<Uint8Array>);
      });
      yield* pcm16Of(bytes, VOICE_SAMPLE_RATE);
    },
    async speak(request, context) {
      const api = ready();
      const audio = await caller.call(context, async (signal) => {
        const response = await api.audio.speech.create(
          { model: request.model.modelId, voice: request.voiceId, input: request.text, response_format: 'mp3' },
          { signal, maxRetries: 0 },
        );
        return {
          bytes: new Uint8Array(await response.arrayBuffer()),
          mimeType: response.headers.get('content-type')?.split(';')[0]?.trim() || MIME_OF_FORMAT,
        };
      });
      return { audio: audio.bytes, mimeType: audio.mimeType, usage: speechUsageOf(request.text) };
    },
    listVoices() {
      const voices: ProviderVoice[] = OPENAI_SPEECH_VOICES.map((voiceId) => ({
        voiceId,
        displayName: voiceId.charAt(0).toUpperCase() + voiceId.slice(1),
        languages: [...SESSION_LANGUAGES],
      }));
      return Promise.resolve(voices);
    },
    async test(context) {
      const api = ready();
      await caller.call(context, (signal) => api.models.list({ signal, maxRetries: 0 }), { bypassBreaker: true });
    },
  };
};
