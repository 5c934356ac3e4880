import {
  AiCallError,
  VOICE_SAMPLE_RATE,
  type AiAdapter,
  type AiConnection,
  type AiVoiceGender,
  type ProviderVoice,
  type SpeakRequest,
} from '@ai-coaching/domain';
import {
  checkedFetch,
  createProviderCaller,
  notChat,
  providerSetup,
  sessionLanguagesOf,
  speechUsageOf,
  trimmedHref,
  type ProviderCallOptions,
} from './provider-call.js';
import { azureRecognitionHost, openAzureRecognition, recogniseWithAzure } from './azure-speech-recognition.js';
import {
  failedTranscription,
  pcm16Of,
  readableChunks,
  transcriptionOf,
  transcriptionUsageOfSamples,
} from './speech-audio.js';

/**
 * `azure_microsoft`: Azure Speech's text-to-speech REST API (the voices list and SSML synthesis),
 * at `https://{region}.tts.speech.microsoft.com` or the provider's own endpoint; streamed synthesis is the same
 * call as raw 24 kHz PCM, read as it arrives. Recognition goes through the Speech SDK
 * (`azure-speech-recognition.ts`).
 */

const OUTPUT_FORMAT = 'audio-24khz-48kbitrate-mono-mp3';
const STREAM_FORMAT = 'raw-24khz-16bit-mono-pcm';
const USER_AGENT = 'ai-coaching';

/** Text as SSML character data: the five characters XML gives a meaning. */
export const escapeSsml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (character) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[character]};`,
  );

/** The SSML of one sentence in one voice; the voice's own locale comes from its name. */
export const ssmlOf = (voiceId: string, language: string, text: string): string =>
  `<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="${escapeSsml(language)}">` +
  `<voice name="${escapeSsml(voiceId)}">${escapeSsml(text)}</voice></speak>`;

type AzureVoice = {
  ShortName?: string;
  DisplayName?: string;
  LocalName?: string;
  Gender?: string;
  Locale?: string;
  SecondaryLocaleList?: string[];
};

/** A voice of Azure's list in the catalogue's terms: its locale and, for multilingual voices, its others. */
export const azureVoiceOf = (voice: AzureVoice): ProviderVoice | undefined => {
  if (!voice.ShortName) return undefined;
  const languages = sessionLanguagesOf([voice.Locale, ...(voice.SecondaryLocaleList ?? [])]);
  if (languages.length === 0) return undefined;
  const gender = voice.Gender?.toLowerCase();
  return {
    voiceId: voice.ShortName,
    displayName: voice.DisplayName?.trim() || voice.ShortName,
    languages,
    ...(gender === 'female' || gender === 'male' || gender === 'neutral' ? { gender: gender as AiVoiceGender } : {}),
  };
};

export const createAzureSpeechAdapter = (connection: AiConnection, options: ProviderCallOptions = {}): AiAdapter => {
  const base =
    connection.baseUrl ?? (connection.region ? `https://${connection.region}.tts.speech.microsoft.com` : undefined);
  const { url, origin, setupError } = providerSetup(connection, base, options);
  const caller = createProviderCaller(connection, origin, options);
  const ready = () => {
    if (setupError || !url) throw setupError ?? new AiCallError('address_refused', 'The provider is not set up.');
    return trimmedHref(url);
  };
  const headers = { 'Ocp-Apim-Subscription-Key': connection.apiKey ?? '', 'User-Agent': USER_AGENT };
  const synthesise = (root: string, request: SpeakRequest, format: string, signal: AbortSignal) =>
    checkedFetch(caller.fetch, `${root}/cognitiveservices/v1`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/ssml+xml', 'X-Microsoft-OutputFormat': format },
      body: ssmlOf(request.voiceId, request.language, request.text),
      signal,
    });
  const voices = (root: string, signal: AbortSignal) =>
    checkedFetch(caller.fetch, `${root}/cognitiveservices/voices/list`, { headers, signal }).then(
      (response) => response.json() as Promise<AzureVoice[]>,
    );

  const recognitionHost = setupError ? undefined : azureRecognitionHost(connection);

  return {
    capabilities: ['speech', 'transcription'],
    ...notChat(connection.kind),
    async transcribe(request, context) {
      ready();
      if (!recognitionHost) throw new AiCallError('address_refused', 'The provider is not set up.');
      const text = await caller.call(context, (signal) =>
        recogniseWithAzure(recognitionHost, connection.apiKey!, request, signal, {
          policy: { allowPrivateNetwork: options.allowPrivateNetwork ?? false },
        }),
      );
      return transcriptionOf(request, text);
    },
    // Streaming: the SDK's connection opens with the utterance and hears each frame as it comes (docs/voice.md).
    transcribeStream(request, context) {
      try {
        ready();
        if (!recognitionHost) throw new AiCallError('address_refused', 'The provider is not set up.');
        const call = caller.live(context);
        const recognition = openAzureRecognition(
          recognitionHost,
          connection.apiKey!,
          {
            sampleRate: request.sampleRate,
            ...(request.language ? { language: request.language } : {}),
            ...(request.onPartial ? { onPartial: request.onPartial } : {}),
          },
          call.signal,
          { policy: { allowPrivateNetwork: options.allowPrivateNetwork ?? false } },
        );
        let samples = 0;
        return {
          write(frame) {
            samples += frame.length;
            recognition.write(frame);
          },
          async end() {
            const text = await call.finish(recognition.end());
            return { text, usage: transcriptionUsageOfSamples(samples, request.sampleRate) };
          },
        };
      } catch (error) {
        return failedTranscription(error);
      }
    },
    async speak(request, context) {
      const root = ready();
      const audio = await caller.call(context, async (signal) => {
        const response = await synthesise(root, request, OUTPUT_FORMAT, signal);
        return new Uint8Array(await response.arrayBuffer());
      });
      return { audio, mimeType: 'audio/mpeg', usage: speechUsageOf(request.text) };
    },
    async *speakStream(request, context) {
      const root = ready();
      const bytes = caller.stream(context, async (signal) => {
        const response = await synthesise(root, request, STREAM_FORMAT, signal);
        if (!response.body) throw new AiCallError('provider_error', 'The provider answered no audio.');
        return readableChunks(response.body as ReadableStream<Uint8Array>);
      });
      yield* pcm16Of(bytes, VOICE_SAMPLE_RATE);
    },
    async listVoices(context) {
      const root = ready();
      const list = await caller.call(context, (signal) => voices(root, signal));
      return (Array.isArray(list) ? list : []).flatMap((voice) => azureVoiceOf(voice) ?? []);
    },
    async test(context) {
      const root = ready();
      await caller.call(context, (signal) => voices(root, signal), { bypassBreaker: true });
    },
  };
};
