import {
  AiCallError,
  VOICE_SAMPLE_RATE,
  type AiCallContext,
  type AiConnection,
  type Pcm,
  type SessionLanguage,
  type VoiceEventListener,
  type VoiceProvider,
  type VoiceSessionRequest,
  type VoiceTurnDetection,
} from '@ai-coaching/domain';
import OpenAI from 'openai';
import type { RealtimeClientEvent } from 'openai/resources/realtime/realtime';
import { OpenAIRealtimeWS } from 'openai/realtime/ws';
import type { LookupFunction } from 'node:net';
import type { ClientOptions as WsClientOptions } from 'ws';
import type { CircuitBreaker } from './circuit-breaker.js';
import { checkProviderUrl, guardedLookup, type Resolver } from './outbound-guard.js';
import {
  answerError,
  causeChain,
  DEFAULT_AI_CALL_TIMEOUT_MS,
  redact,
  settle,
  sharedBreakers,
  transportError,
  type ErrorContext,
  type ProviderCallOptions,
} from './provider-call.js';

/**
 * OpenAI realtime speech to speech (issue 14 item 3), for `openai` and `openai_azure` providers, through the
 * `openai` SDK's WebSocket client (`OpenAIRealtimeWS`; for Azure on its GA v1 surface, below). One socket per
 * conversation. The provider detects the end of the learner's turn (server VAD) and transcribes both sides;
 * the gateway owns barge-in: the session asks the provider not to cancel a reply by itself on speech
 * (`interrupt_response: false`), because only the gateway can tell the learner from the persona's own
 * voice coming back through the microphone, and only the browser knows how much of the reply was heard
 * (docs/voice.md, "Barge-in").
 */

/**
 * Unsent bytes on the provider's socket beyond which microphone frames are dropped: about three seconds of audio (a
 * 20 ms frame is about 1.3 kB of JSON and base64).
 */
export const MAX_UNSENT_AUDIO_BYTES = 192 * 1024;

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const DEFAULT_TRANSCRIPTION_MODEL = 'gpt-4o-mini-transcribe';
/** How long `close` waits for the provider's closing handshake before dropping the socket. */
const CLOSE_GRACE_MS = 1000;
/** Replies kept for a late barge-in (the browser may still be playing one the provider has finished). */
const RESPONSES_KEPT = 8;

export type OpenAiRealtimeOptions = ProviderCallOptions & {
  /**
   * The API base the realtime socket goes to instead of the provider's (`https://host/v1`; the SDK always
   * connects with wss): a local OpenAI-compatible realtime server, a test fake.
   */
  realtimeBaseUrl?: string;
  /** Accepts any certificate. Only for tests against a fake with a throw-away certificate. */
  tlsInsecureForTests?: boolean;
  /** Resolves provider host names for the address guard; tests give names of their own. */
  resolver?: Resolver;
};

type ServerEvent = { type: string; [field: string]: unknown };

type ReplyState = {
  id: string;
  itemId?: string;
  /** Samples of audio received: the most the learner can have heard. */
  samples: number;
  transcript: string;
  done: boolean;
  /** Interrupted: its late deltas are dropped. */
  cut: boolean;
};

const turnDetectionOf = (detection: VoiceTurnDetection | undefined) => {
  const chosen = detection ?? { type: 'server_vad' };
  if (chosen.type === 'manual') return null;
  const common = { create_response: true, interrupt_response: false };
  if (chosen.type === 'semantic_vad') return { type: 'semantic_vad', eagerness: chosen.eagerness ?? 'auto', ...common };
  return {
    type: 'server_vad',
    threshold: chosen.threshold ?? 0.5,
    prefix_padding_ms: chosen.prefixPaddingMs ?? 300,
    silence_duration_ms: chosen.silenceDurationMs ?? 500,
    ...common,
  };
};

/** The recognition language as OpenAI takes it (ISO 639-1). */
const isoLanguage = (language: SessionLanguage) => language.slice(0, 2).toLowerCase();

/** PCM16 as little-endian bytes, whatever the machine's byte order. */
export const pcm16ToBase64 = (data: Int16Array): string => {
  const bytes = Buffer.allocUnsafe(data.length * 2);
  for (let index = 0; index < data.length; index++) bytes.writeInt16LE(data[index]!, index * 2);
  return bytes.toString('base64');
};

export const base64ToPcm16 = (text: string): Int16Array => {
  const bytes = Buffer.from(text, 'base64');
  const data = new Int16Array(bytes.length >> 1);
  for (let index = 0; index < data.length; index++) data[index] = bytes.readInt16LE(index * 2);
  return data;
};

/**
 * The part of a reply's transcript the learner heard: the same share of its text as of its audio, cut back to
 * the last whole word. An estimate (speech is not spoken at an even rate), and the provider forgets the rest.
 */
export const heardPartOf = (transcript: string, playedMs: number, receivedMs: number): string => {
  if (receivedMs <= 0 || playedMs <= 0) return '';
  if (playedMs >= receivedMs) return transcript.trim();
  const end = Math.floor((transcript.length * playedMs) / receivedMs);
  const next = transcript[end];
  if (next === undefined || /\s/.test(next)) return transcript.slice(0, end).trim();
  const lastSpace = transcript.slice(0, end).search(/\s\S*$/);
  return lastSpace < 0 ? '' : transcript.slice(0, lastSpace).trim();
};

/** Whether opening a new conversation may work after this failure. */
export const isVoiceRetryable = (error: AiCallError) =>
  error.code === 'timeout' ||
  error.code === 'unreachable' ||
  error.code === 'rate_limited' ||
  (error.code === 'provider_error' && (error.details.status === undefined || error.details.status >= 500));

/** What a server `error` event means: the codes OpenAI documents, the rest as the provider's own words. */
const serverError = (body: { code?: unknown; type?: unknown; message?: unknown }, apiKey?: string) => {
  const code = String(body.code ?? body.type ?? '');
  const text = redact(typeof body.message === 'string' ? body.message : 'no message', apiKey);
  if (/invalid_api_key|unauthorized|authentication/i.test(code)) {
    return new AiCallError('wrong_key', `The provider refused the service key: ${text}`);
  }
  if (/model_not_found|deploymentnotfound/i.test(code)) {
    return new AiCallError('unknown_model', `The provider does not know this model or deployment: ${text}`);
  }
  if (/rate_limit/i.test(code)) {
    return new AiCallError('rate_limited', `The provider is limiting the rate of calls: ${text}`);
  }
  return new AiCallError('provider_error', `The provider reported an error${code ? ` (${code})` : ''}: ${text}`);
};

/** What a failed connection means: a refused upgrade by its HTTP status, the rest as the transport failed. */
const connectionError = (error: unknown, context: ErrorContext): AiCallError => {
  const chain = causeChain(error);
  const own = chain.find((link): link is AiCallError => link instanceof AiCallError);
  if (own) return own;
  for (const link of chain) {
    const message = link instanceof Error ? link.message : '';
    const status = /Unexpected server response: (\d{3})/.exec(message)?.[1];
    if (status) return answerError({ status: Number(status), text: message }, context);
    if (/handshake has timed out/i.test(message)) {
      return new AiCallError('timeout', `The provider at ${context.origin} did not open the conversation in time.`);
    }
  }
  return transportError(error, context);
};

/** One conversation with the provider: what it was opened with, its socket, and the replies it is speaking. */
type Conversation = {
  connection: AiConnection;
  request: VoiceSessionRequest;
  context: AiCallContext;
  options: OpenAiRealtimeOptions;
  apiKey: string | undefined;
  allowPrivateNetwork: boolean;
  timeoutMs: number;
  breaker: CircuitBreaker;
  detection: ReturnType<typeof turnDetectionOf>;
  origin: string;
  socket: OpenAIRealtimeWS | undefined;
  listener: VoiceEventListener;
  ready: boolean;
  closing: boolean;
  replies: Map<string, ReplyState>;
  /** Truncations sent and not yet confirmed, by the reply's audio item. */
  truncations: Map<string, { responseId: string; playedMs: number; heardText: string }>;
  /** Ends a `start` still waiting for the provider, when the conversation is closed or its caller leaves. */
  abortStart: ((error: AiCallError) => void) | undefined;
  onAbort: () => void;
};

const errorContextOf = (conversation: Conversation): ErrorContext => ({
  origin: conversation.origin,
  timeoutMs: conversation.timeoutMs,
  ...(conversation.apiKey ? { apiKey: conversation.apiKey } : {}),
});

const send = (conversation: Conversation, event: Record<string, unknown>) => {
  const { socket } = conversation;
  if (!socket || conversation.closing || socket.socket.readyState !== socket.socket.OPEN) return;
  socket.send(event as unknown as RealtimeClientEvent);
};

const sessionUpdate = ({ request, detection }: Conversation) => ({
  type: 'session.update',
  session: {
    type: 'realtime',
    instructions: request.instructions,
    output_modalities: ['audio'],
    audio: {
      input: {
        format: { type: 'audio/pcm', rate: VOICE_SAMPLE_RATE },
        transcription: {
          model: request.transcriptionModel ?? DEFAULT_TRANSCRIPTION_MODEL,
          language: isoLanguage(request.language),
        },
        turn_detection: detection,
      },
      output: {
        format: { type: 'audio/pcm', rate: VOICE_SAMPLE_RATE },
        ...(request.voiceId ? { voice: request.voiceId } : {}),
        ...(request.speed !== undefined ? { speed: request.speed } : {}),
      },
    },
    ...(request.model.maxOutputTokens !== undefined ? { max_output_tokens: request.model.maxOutputTokens } : {}),
  },
});

const replyOf = ({ replies }: Conversation, id: string): ReplyState => {
  let reply = replies.get(id);
  if (!reply) {
    reply = { id, samples: 0, transcript: '', done: false, cut: false };
    replies.set(id, reply);
    // Only the latest replies can still be playing; a long conversation must not keep them all.
    for (const old of replies.keys()) {
      if (replies.size <= RESPONSES_KEPT) break;
      replies.delete(old);
    }
  }
  return reply;
};

/** A finished response: its usage, then how it ended. */
const responseDone = (conversation: Conversation, event: ServerEvent) => {
  const response = (event.response ?? {}) as {
    id?: string;
    status?: string;
    usage?: { input_tokens?: number; output_tokens?: number };
  };
  if (!response.id) return;
  const reply = replyOf(conversation, response.id);
  reply.done = true;
  if (response.usage) {
    conversation.listener({
      type: 'usage',
      responseId: reply.id,
      usage: {
        inputTokens: response.usage.input_tokens ?? 0,
        outputTokens: response.usage.output_tokens ?? 0,
        audioSeconds: Math.round((reply.samples / VOICE_SAMPLE_RATE) * 10) / 10,
      },
    });
  }
  const status =
    reply.cut || response.status === 'cancelled'
      ? 'cancelled'
      : response.status === 'failed' || response.status === 'incomplete'
        ? response.status
        : 'completed';
  conversation.listener({ type: 'response_done', responseId: reply.id, status });
};

const onServerEvent = (conversation: Conversation, event: ServerEvent) => {
  const { listener } = conversation;
  switch (event.type) {
    case 'input_audio_buffer.speech_started':
      listener({ type: 'speech_started', ...msOf(event.audio_start_ms) });
      return;
    case 'input_audio_buffer.speech_stopped':
      listener({ type: 'speech_stopped', ...msOf(event.audio_end_ms) });
      return;
    case 'conversation.item.input_audio_transcription.delta':
      listener({ type: 'user_transcript', ...itemOf(event), text: String(event.delta ?? ''), final: false });
      return;
    case 'conversation.item.input_audio_transcription.completed':
      listener({ type: 'user_transcript', ...itemOf(event), text: String(event.transcript ?? ''), final: true });
      return;
    case 'response.created': {
      const id = (event.response as { id?: string } | undefined)?.id;
      if (id) replyOf(conversation, id);
      return;
    }
    case 'response.output_item.added': {
      const item = event.item as { id?: string; type?: string } | undefined;
      if (typeof event.response_id === 'string' && item?.id && item.type === 'message') {
        replyOf(conversation, event.response_id).itemId ??= item.id;
      }
      return;
    }
    case 'response.output_audio.delta':
    case 'response.audio.delta': {
      const reply = replyOf(conversation, String(event.response_id));
      if (reply.cut) return;
      if (typeof event.item_id === 'string') reply.itemId ??= event.item_id;
      const data = base64ToPcm16(String(event.delta ?? ''));
      reply.samples += data.length;
      listener({ type: 'audio', responseId: reply.id, pcm: { sampleRate: VOICE_SAMPLE_RATE, data } });
      return;
    }
    case 'response.output_audio_transcript.delta':
    case 'response.audio_transcript.delta': {
      const reply = replyOf(conversation, String(event.response_id));
      if (reply.cut) return;
      const delta = String(event.delta ?? '');
      reply.transcript += delta;
      listener({ type: 'assistant_transcript', responseId: reply.id, delta });
      return;
    }
    case 'response.done':
      return responseDone(conversation, event);
    case 'conversation.item.truncated': {
      const pending = typeof event.item_id === 'string' ? conversation.truncations.get(event.item_id) : undefined;
      if (!pending) return;
      conversation.truncations.delete(String(event.item_id));
      listener({ type: 'response_truncated', ...pending });
      return;
    }
    default:
      return;
  }
};

const openSocket = async (conversation: Conversation): Promise<OpenAIRealtimeWS> => {
  const { connection, options, apiKey, allowPrivateNetwork, request } = conversation;
  const kind = connection.kind;
  if (kind !== 'openai' && kind !== 'openai_azure') {
    throw new AiCallError('not_supported', `A provider of kind ${kind} has no realtime voice.`);
  }
  const base =
    options.realtimeBaseUrl ?? (kind === 'openai' ? (connection.baseUrl ?? OPENAI_BASE_URL) : connection.baseUrl);
  if (!base) throw new AiCallError('address_refused', `A provider of kind ${kind} needs a base URL.`);
  const url = checkProviderUrl(base, { allowPrivateNetwork });
  conversation.origin = url.origin;
  if (!apiKey) throw new AiCallError('no_key', 'No service key is set for this provider: add one.');
  // `ws` hands its options to `https.request`, so the guard's lookup reaches the TLS connection.
  const wsOptions: WsClientOptions & { lookup: LookupFunction } = {
    // The socket is always TLS, so the resolved address is checked as an https call's would be.
    lookup: guardedLookup(
      { allowPrivateNetwork, plainHttp: false },
      options.resolver ??
        ((hostname, family) =>
          import('node:dns/promises').then((dns) => dns.lookup(hostname, { all: true, family: family ?? 0 }))),
    ),
    handshakeTimeout: conversation.timeoutMs,
    perMessageDeflate: false,
    followRedirects: false,
    ...(options.tlsInsecureForTests ? { rejectUnauthorized: false } : {}),
  };
  const href = url.href.replace(/\/+$/, '');
  // Azure's GA realtime lives on its v1 surface, `<endpoint>/openai/v1/realtime?model=<deployment>`, which speaks
  // the GA protocol this adapter sends; the SDK's `OpenAIRealtimeWS.azure` builds the dated preview URL
  // (`/openai/realtime?api-version=…&deployment=…`), whose preview protocol has another session shape. So
  // Azure is reached as openai-node's azure.md says for v1: the standard client on that base URL, with the key
  // also in Azure's own `api-key` header.
  const azure = kind === 'openai_azure';
  const client = new OpenAI({
    apiKey,
    baseURL: azure ? `${href}/openai/v1` : href,
    maxRetries: 0,
    organization: null,
    project: null,
    webhookSecret: null,
    logLevel: 'off',
  });
  const headers: Record<string, string> = azure ? { 'api-key': apiKey } : {};
  return new OpenAIRealtimeWS({ model: request.model.modelId, options: { ...wsOptions, headers } }, client);
};

const closeSocket = ({ socket: current }: Conversation) =>
  new Promise<void>((resolve) => {
    if (!current || current.socket.readyState === current.socket.CLOSED) return resolve();
    const timer = setTimeout(() => {
      current.socket.terminate();
      resolve();
    }, CLOSE_GRACE_MS);
    current.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    current.close({ code: 1000, reason: 'conversation ended' });
  });

const closeConversation = async (conversation: Conversation) => {
  conversation.abortStart?.(new AiCallError('cancelled', 'The call was cancelled.'));
  if (conversation.closing) return;
  conversation.closing = true;
  conversation.context.signal?.removeEventListener('abort', conversation.onAbort);
  await closeSocket(conversation);
};

/** Listens to an opened socket: its errors, its events once the session is set, its close. */
const listenTo = (
  conversation: Conversation,
  opened: OpenAIRealtimeWS,
  start: { starting: () => boolean; fail: (error: AiCallError) => void; ready: () => void },
) => {
  opened.on('error', (error) => {
    const failure = error.error
      ? serverError(error.error, conversation.apiKey)
      : connectionError(error, errorContextOf(conversation));
    if (start.starting()) return start.fail(failure);
    // Errors on an open socket are followed by its close, which ends the conversation.
    if (error.error) conversation.listener({ type: 'error', error: failure, retryable: false, fatal: false });
  });
  opened.on('event', (event) => {
    const serverEvent = event as unknown as ServerEvent;
    if (serverEvent.type === 'session.created') send(conversation, sessionUpdate(conversation));
    if (serverEvent.type === 'session.updated' && start.starting()) return start.ready();
    if (conversation.ready) onServerEvent(conversation, serverEvent);
  });
  opened.socket.on('close', (code: number) => {
    if (conversation.closing) return;
    conversation.closing = true;
    const failure = new AiCallError(
      'provider_error',
      `The provider at ${conversation.origin} closed the conversation (${code}).`,
    );
    if (start.starting()) return start.fail(failure);
    conversation.listener({ type: 'error', error: failure, retryable: isVoiceRetryable(failure), fatal: true });
  });
};

/** Opens the socket and sets the session up: resolved once the provider has taken the session's settings. */
const startConversation = (conversation: Conversation, onProviderEvent: VoiceEventListener) => {
  const { context, breaker, timeoutMs } = conversation;
  conversation.listener = onProviderEvent;
  return new Promise<void>((resolve, reject) => {
    let ticket: ReturnType<typeof breaker.admit> | undefined;
    let starting = true;
    const failStart = (error: AiCallError) => {
      if (!starting) return;
      starting = false;
      clearTimeout(timer);
      if (ticket) settle(ticket, error);
      conversation.closing = true;
      conversation.socket?.socket.terminate();
      reject(error);
    };
    conversation.abortStart = failStart;
    const timer = setTimeout(
      () =>
        failStart(
          new AiCallError('timeout', `The provider at ${conversation.origin} did not open the conversation in time.`),
        ),
      timeoutMs,
    );
    if (context.signal?.aborted) return failStart(new AiCallError('cancelled', 'The call was cancelled.'));
    context.signal?.addEventListener('abort', conversation.onAbort, { once: true });
    try {
      ticket = breaker.admit();
    } catch (error) {
      return failStart(error as AiCallError);
    }
    openSocket(conversation).then(
      (opened) => {
        conversation.socket = opened;
        if (conversation.closing) return failStart(new AiCallError('cancelled', 'The call was cancelled.'));
        listenTo(conversation, opened, {
          starting: () => starting,
          fail: failStart,
          ready: () => {
            starting = false;
            conversation.ready = true;
            clearTimeout(timer);
            ticket?.succeeded();
            conversation.listener({ type: 'ready' });
            resolve();
          },
        });
      },
      (error: unknown) => failStart(connectionError(error, errorContextOf(conversation))),
    );
  });
};

/** Barge-in: the reply stops, and the provider forgets what the learner did not hear of it. */
const interrupt = (conversation: Conversation, responseId: string, playedMs: number) => {
  const reply = conversation.replies.get(responseId);
  if (!reply || reply.cut) return;
  reply.cut = true;
  if (!reply.done) send(conversation, { type: 'response.cancel', response_id: responseId });
  const receivedMs = Math.floor((reply.samples * 1000) / VOICE_SAMPLE_RATE);
  // The provider refuses a truncation past the audio it sent.
  const audioEndMs = Math.max(0, Math.min(Math.round(playedMs), receivedMs));
  const heard = {
    responseId,
    playedMs: audioEndMs,
    heardText: heardPartOf(reply.transcript, audioEndMs, receivedMs),
  };
  // Cut before its audio began: the provider holds nothing of it to forget.
  if (!reply.itemId) return conversation.listener({ type: 'response_truncated', ...heard, playedMs: 0, heardText: '' });
  conversation.truncations.set(reply.itemId, heard);
  send(conversation, {
    type: 'conversation.item.truncate',
    item_id: reply.itemId,
    content_index: 0,
    audio_end_ms: audioEndMs,
  });
};

export const createOpenAiRealtimeVoice = (
  connection: AiConnection,
  request: VoiceSessionRequest,
  context: AiCallContext,
  options: OpenAiRealtimeOptions = {},
): VoiceProvider => {
  const detection = turnDetectionOf(request.turnDetection);
  const conversation: Conversation = {
    connection,
    request,
    context,
    options,
    apiKey: connection.apiKey,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    timeoutMs: context.timeoutMs ?? options.timeoutMs ?? DEFAULT_AI_CALL_TIMEOUT_MS,
    breaker: (options.breakers ?? sharedBreakers).forProvider(connection.providerId),
    detection,
    origin: new URL(OPENAI_BASE_URL).origin,
    socket: undefined,
    listener: () => undefined,
    ready: false,
    closing: false,
    replies: new Map(),
    truncations: new Map(),
    abortStart: undefined,
    onAbort: () => void closeConversation(conversation),
  };
  return {
    capabilities: {
      kind: 'speech_to_speech',
      serverVad: detection !== null,
      userTranscripts: true,
      assistantTranscripts: true,
      truncation: 'server',
    },
    start: (onProviderEvent) => startConversation(conversation, onProviderEvent),
    pushAudio(frame: Pcm) {
      if (!conversation.ready) return;
      if (frame.sampleRate !== VOICE_SAMPLE_RATE) {
        throw new AiCallError('not_supported', `Realtime voice takes ${VOICE_SAMPLE_RATE} Hz audio.`);
      }
      // Flow control: a provider that stops reading would otherwise have every frame queued in this process and heard
      // seconds late. Past a couple of seconds of unsent audio, frames are dropped until the socket drains: live
      // speech that late is no use to a conversation, and memory stays bounded.
      if ((conversation.socket?.socket.bufferedAmount ?? 0) > MAX_UNSENT_AUDIO_BYTES) return;
      send(conversation, { type: 'input_audio_buffer.append', audio: pcm16ToBase64(frame.data) });
    },
    commit() {
      // The learner ended the turn by hand: the reply is asked for, as no VAD will ask for it.
      send(conversation, { type: 'input_audio_buffer.commit' });
      send(conversation, { type: 'response.create' });
    },
    sendText(text: string) {
      send(conversation, {
        type: 'conversation.item.create',
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
      });
      send(conversation, { type: 'response.create' });
    },
    interrupt: (responseId, playedMs) => interrupt(conversation, responseId, playedMs),
    close: () => closeConversation(conversation),
  };
};

const msOf = (value: unknown) => (typeof value === 'number' ? { atMs: value } : {});
const itemOf = (event: ServerEvent) => (typeof event.item_id === 'string' ? { itemId: event.item_id } : {});
