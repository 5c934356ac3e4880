import { isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns/promises';
import { AiCallError, pcm16Bytes, resamplePcm16, type AiConnection, type TranscribeRequest } from '@ai-coaching/domain';
import * as sdk from 'microsoft-cognitiveservices-speech-sdk';
import { addressRefusal, type OutboundPolicy, type Resolver } from './outbound-guard.js';
import { answerError, redact } from './provider-call.js';
import { utterancePcmOf } from './speech-audio.js';

/**
 * `azure_microsoft` recognition (docs/voice.md, "Cascade recognition and streamed synthesis"): one utterance
 * through the Speech SDK (`microsoft-cognitiveservices-speech-sdk`), which speaks Azure's USP protocol over
 * WebSocket. The utterance is resampled to 16 kHz (the rate the service reads), written to a push stream that is
 * then closed, and recognised continuously until the SDK says the session stopped, so an utterance with pauses
 * gives every phrase, joined by spaces.
 */

/** Azure recognises at 16 kHz; the canonical 24 kHz is resampled (an exact 3:2). */
export const AZURE_RECOGNITION_RATE = 16_000;

const TTS_HOST = /^([a-z0-9-]+)\.tts\.speech\.microsoft\.com$/i;

/**
 * Where recognition connects: the region's `wss://{region}.stt.speech.microsoft.com`, or the provider's own
 * endpoint with its scheme made WebSocket (https → wss, http → ws, the origin only; a regional text-to-speech
 * host becomes its speech-to-text twin). The SDK appends its own path.
 */
export const azureRecognitionHost = (connection: Pick<AiConnection, 'baseUrl' | 'region'>): URL | undefined => {
  if (connection.baseUrl) {
    const url = new URL(connection.baseUrl);
    const region = TTS_HOST.exec(url.hostname)?.[1];
    if (region) return new URL(`wss://${region}.stt.speech.microsoft.com`);
    return new URL(`${url.protocol === 'http:' ? 'ws:' : 'wss:'}//${url.host}`);
  }
  return connection.region ? new URL(`wss://${connection.region}.stt.speech.microsoft.com`) : undefined;
};

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true });

/**
 * The address guard for a connection the SDK makes itself: its socket cannot be handed the guard's `lookup`, so
 * the host's addresses are resolved and checked just before it connects (the URL itself was checked when the
 * adapter was made).
 */
export const checkRecognitionHost = async (host: URL, policy: OutboundPolicy, resolver = systemResolver) => {
  const name = host.hostname.replace(/^\[|\]$/g, '');
  const plainHttp = host.protocol === 'ws:';
  if (isIP(name)) {
    const refusal = addressRefusal(name, name, { ...policy, plainHttp });
    if (refusal) throw refusal;
    return;
  }
  const addresses = await resolver(name).catch((error: NodeJS.ErrnoException) => {
    throw Object.assign(new Error(`getaddrinfo ${error.code ?? 'ENOTFOUND'} ${name}`), {
      code: error.code ?? 'ENOTFOUND',
    });
  });
  for (const { address } of addresses) {
    const refusal = addressRefusal(name, address, { ...policy, plainHttp });
    if (refusal) throw refusal;
  }
};

const NETWORK = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ETIMEDOUT|ECONNRESET/;

/** What a cancellation of the SDK means, in the terms of AiCallError; never with the key. */
export const azureCancellationError = (
  errorCode: sdk.CancellationErrorCode,
  details: string,
  context: { origin: string; apiKey?: string },
): AiCallError => {
  const text = redact(details, context.apiKey);
  const status = Number(/Unexpected server response: (\d{3})/.exec(details)?.[1] ?? '') || undefined;
  if (status) return answerError({ status, text }, context);
  switch (errorCode) {
    case sdk.CancellationErrorCode.AuthenticationFailure:
    case sdk.CancellationErrorCode.Forbidden:
      return answerError({ status: errorCode === sdk.CancellationErrorCode.Forbidden ? 403 : 401, text }, context);
    case sdk.CancellationErrorCode.TooManyRequests:
      return answerError({ status: 429, text }, context);
    case sdk.CancellationErrorCode.ServiceTimeout:
      return new AiCallError('timeout', `The speech service at ${context.origin} did not answer in time.`);
    case sdk.CancellationErrorCode.ConnectionFailure: {
      const code = NETWORK.exec(details)?.[0];
      if (code) {
        return new AiCallError(
          'unreachable',
          `The provider at ${context.origin} could not be reached (${code}). Check the address and that the server is running.`,
        );
      }
      return new AiCallError(
        'provider_error',
        `The connection to the speech service at ${context.origin} failed: ${text}`,
      );
    }
    case sdk.CancellationErrorCode.BadRequestParameters:
      return new AiCallError('provider_error', `The speech service refused the request: ${text}`, { status: 400 });
    default:
      return new AiCallError('provider_error', `The speech service failed: ${text}`, { status: 500 });
  }
};

/** What a recognition needs besides the audio. */
export type AzureRecognitionOptions = {
  /** The rate of the samples written (the cascades' 24 kHz); resampled to 16 kHz. */
  sampleRate: number;
  language?: string;
  /** The words so far (the phrases recognised, then the hypothesis of the one being spoken). */
  onPartial?: (partial: { text: string }) => void;
};

/** Recognition as it is fed: frames written as they come, the words at `end` (after the SDK's `sessionStopped`). */
export type AzureRecognition = {
  write(samples: Int16Array): void;
  end(): Promise<string>;
};

/** Resampling works on blocks of about 100 ms (Azure reads 100 ms at a time too): fewer block edges. */
const BLOCK_MS = 100;

/**
 * Opens a recognition of one utterance and streams what is written into the SDK's push stream as it comes. The
 * connection starts at once (after the address check), so the service hears the learner while they speak and its
 * hypotheses come back as partials. `end` closes the stream and answers the phrases joined by spaces; it rejects with
 * what cancelled the SDK (read by `azureCancellationError`), or an abort of the signal. Nothing here times out: the
 * caller's scope does, once it waits at `end`.
 */
export const openAzureRecognition = (
  host: URL,
  apiKey: string,
  options: AzureRecognitionOptions,
  signal: AbortSignal,
  guard: { policy: OutboundPolicy; resolver?: Resolver },
): AzureRecognition => {
  const context = { origin: new URL(host.href.replace(/^ws/, 'http')).origin, apiKey };
  const push = sdk.AudioInputStream.createPushStream(
    sdk.AudioStreamFormat.getWaveFormatPCM(AZURE_RECOGNITION_RATE, 16, 1),
  );
  const blockSamples = Math.max(1, Math.round((options.sampleRate * BLOCK_MS) / 1000));
  let block: Int16Array[] = [];
  let blockLength = 0;
  let closed = false;
  const send = () => {
    if (blockLength === 0) return;
    const samples = new Int16Array(blockLength);
    let at = 0;
    for (const part of block) {
      samples.set(part, at);
      at += part.length;
    }
    block = [];
    blockLength = 0;
    const pcm = pcm16Bytes(resamplePcm16(samples, options.sampleRate, AZURE_RECOGNITION_RATE));
    push.write(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength) as ArrayBuffer);
  };

  let recognizer: sdk.SpeechRecognizer | undefined;
  const words = new Promise<string>((resolve, reject) => {
    const phrases: string[] = [];
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    const finish = (settle: () => void) => {
      signal.removeEventListener('abort', onAbort);
      settle();
    };
    void checkRecognitionHost(host, guard.policy, guard.resolver).then(
      () => {
        if (signal.aborted) return;
        const config = sdk.SpeechConfig.fromHost(host, apiKey);
        config.speechRecognitionLanguage = options.language ?? 'en-US';
        // One connection attempt: retries are the caller's (bounded, and counted by the provider's circuit breaker).
        config.setProperty('SPEECH-Error-MaxRetryCount', '0');
        const listening = new sdk.SpeechRecognizer(config, sdk.AudioConfig.fromStreamInput(push));
        recognizer = listening;
        listening.recognizing = (_sender, event) => {
          const heard = event.result.text.trim();
          if (heard) options.onPartial?.({ text: [...phrases, heard].join(' ') });
        };
        listening.recognized = (_sender, event) => {
          if (event.result.reason === sdk.ResultReason.RecognizedSpeech && event.result.text.trim()) {
            phrases.push(event.result.text.trim());
          }
        };
        listening.canceled = (_sender, event) => {
          if (event.reason !== sdk.CancellationReason.Error) return;
          finish(() => reject(azureCancellationError(event.errorCode, event.errorDetails ?? '', context)));
        };
        // Reached once the service ended the turn after the end of the audio: every phrase has been told.
        listening.sessionStopped = () => finish(() => resolve(phrases.join(' ')));
        listening.startContinuousRecognitionAsync(undefined, (error) =>
          finish(() => reject(azureCancellationError(sdk.CancellationErrorCode.RuntimeError, String(error), context))),
        );
      },
      (error: unknown) => finish(() => reject(error)),
    );
  });
  // A failure while the learner still speaks is told at `end`, not as an unhandled rejection now.
  words.catch(() => undefined);
  const released = words
    .catch(() => undefined)
    .then(
      // Closing without stopping first: stopping waits for the service, which a failed or cancelled call may never hear.
      () =>
        new Promise<void>((resolve) => {
          if (!closed) {
            closed = true;
            push.close();
          }
          if (!recognizer) return resolve();
          try {
            recognizer.close(resolve, () => resolve());
          } catch {
            resolve();
          }
        }),
    );

  return {
    write(samples) {
      if (closed || signal.aborted) return;
      block.push(samples);
      blockLength += samples.length;
      if (blockLength >= blockSamples) send();
    },
    async end() {
      if (!closed) {
        send();
        closed = true;
        push.close();
      }
      try {
        return await words;
      } finally {
        await released;
      }
    },
  };
};

/** Recognises one utterance; rejects with an AiCallError (the signal: `cancelled`, told by the caller's scope). */
export const recogniseWithAzure = async (
  host: URL,
  apiKey: string,
  request: TranscribeRequest,
  signal: AbortSignal,
  guard: { policy: OutboundPolicy; resolver?: Resolver },
): Promise<string> => {
  const { sampleRate, samples } = utterancePcmOf(request.audio, request.mimeType);
  const recognition = openAzureRecognition(
    host,
    apiKey,
    { sampleRate, ...(request.language ? { language: request.language } : {}) },
    signal,
    guard,
  );
  recognition.write(samples);
  return recognition.end();
};
