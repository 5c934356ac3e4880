import type { IncomingMessage, ServerResponse } from 'node:http';
import { fakeMp3, fakeSpeechPcm, streamAudio, type PcmStreaming, type StreamRecord } from './fake-audio.js';
import { openEventStream } from './support/event-stream.js';
import { readBodyBytes, sendJson, startHttpServer } from './support/http-server.js';
import { multipartOf, wavOf } from './support/multipart.js';

/**
 * A Chat Completions server in the test process that speaks the real wire protocol (issue 10 item 7),
 * so the official `openai` SDK talks to it unchanged: `GET /v1/models`, `POST /v1/chat/completions`
 * as plain JSON or as server-sent events (`data: {chunk}` … `data: [DONE]`, with the usage chunk when
 * `stream_options.include_usage` asks), `response_format: json_schema` (the answer is whatever the test
 * scripts), and the Azure forms `/openai/deployments/{deployment}/chat/completions?api-version=…` and
 * `/openai/models` with an `api-key` header. Each completion request takes the next scripted behaviour
 * (a reply, an error status, a stream cut halfway, a redirect, a delay); with none left it answers
 * "ok". A wrong key gets 401 `invalid_api_key` and an unknown model 404 `model_not_found` (Azure:
 * `DeploymentNotFound`) without taking a behaviour. Every request is recorded. `POST /v1/audio/speech`
 * (`{model, voice, input}`, the `openai_audio` kind) answers a small MP3 of its own per voice
 * (`speechAudioOf`), for a model it knows.
 */

export type FakeBehaviour =
  | {
      kind: 'reply';
      /** The assistant's text: for a json_schema request, the JSON the test wants the model to answer. */
      text: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
      /** Pause between streamed chunks (cancellation and idle-timeout tests). */
      chunkDelayMs?: number;
      /** How many characters each streamed delta carries; default: one word per chunk. */
      chunkSize?: number;
    }
  | { kind: 'error'; status: number; body?: unknown; retryAfter?: string }
  /** Streams `text` as deltas, then destroys the socket after `afterChunks` of them (no [DONE]). */
  | { kind: 'cut'; text: string; afterChunks: number }
  | { kind: 'redirect'; status?: 301 | 302 | 307 | 308; location: string }
  /** Waits, then behaves as `then` (a reply "late" by default): for timeouts. */
  | { kind: 'delay'; ms: number; then?: FakeBehaviour };

export type RecordedRequest = {
  method: string;
  /** The path without the query. */
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body, if any. */
  body: Record<string, unknown> | undefined;
  /** The deployment of an Azure path. */
  deployment?: string;
  /** The client went away before the answer was complete (a cancelled stream). */
  abandoned: boolean;
};

/** A transcription as scripted: the text heard, or an error answer with this status. */
export type FakeTranscription = string | { status: number };

/** The `file` part of a transcription request, as recorded. */
export type RecordedAudioFile = { filename: string; type: string; sampleRate: number; samples: Int16Array };

export type FakeOpenAiServer = {
  /** `http://127.0.0.1:PORT/v1`: the `baseURL` of OpenAI and OpenAI-compatible providers. */
  baseUrl: string;
  /** `http://127.0.0.1:PORT`: the endpoint of an Azure OpenAI resource. */
  origin: string;
  port: number;
  /** Every request received, in order (a 401 or 404 included). */
  requests: RecordedRequest[];
  /** Completion requests only. */
  completions(): RecordedRequest[];
  /** Speech requests only (`POST /v1/audio/speech`). */
  speeches(): RecordedRequest[];
  /** The bytes a speech request in this voice answers. */
  speechAudioOf(voice: string): Uint8Array;
  /** Transcription requests only (OpenAI's and Azure's paths). */
  transcriptions(): RecordedRequest[];
  /** Streamed (`pcm`) speech answers, in order. */
  streams: StreamRecord[];
  /** Queues what the next transcription requests answer. */
  scriptTranscription(...answers: FakeTranscription[]): void;
  /** Queues behaviours for the next completion requests, in order. */
  script(...behaviours: FakeBehaviour[]): void;
  /** Behaviours not yet used. */
  pending(): number;
  /** Forgets recorded requests and queued behaviours. */
  reset(): void;
  close(): Promise<void>;
};

export type FakeOpenAiServerOptions = {
  /** The key the server expects (as `Authorization: Bearer` or Azure's `api-key`). */
  apiKey?: string;
  /** Model (or deployment) ids it knows. */
  models?: string[];
  /** What a transcription hears when none is scripted; by default the length of the audio. */
  transcriptOf?: (audio: { sampleRate: number; samples: Int16Array }, language: string | undefined) => string;
  streaming?: PcmStreaming;
};

const DEFAULT_MODELS = ['gpt-4o-mini', 'gpt-4o'];

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
const splitText = (text: string, chunkSize?: number): string[] => {
  if (chunkSize) {
    const parts: string[] = [];
    for (let index = 0; index < text.length; index += chunkSize) parts.push(text.slice(index, index + chunkSize));
    return parts;
  }
  return text.match(/\S+\s*|\s+/g) ?? [];
};
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What one fake server holds: its settings, what tests scripted, and what it recorded. */
type FakeState = {
  apiKey: string;
  models: string[];
  requests: RecordedRequest[];
  queue: FakeBehaviour[];
  transcriptionQueue: FakeTranscription[];
  streams: StreamRecord[];
  transcriptOf: (audio: { sampleRate: number; samples: Int16Array }, language: string | undefined) => string;
  streaming: PcmStreaming | undefined;
  speechAudioOf(voice: string): Uint8Array;
  /** The next completion id. */
  completionId(): string;
};

const invalidRequest = (message: string) => ({ error: { message, type: 'invalid_request_error', code: null } });

const modelNotFound = (model: string) => ({
  error: {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    param: null,
    code: 'model_not_found',
  },
});

const completionUsage = (body: Record<string, unknown>, text: string, scripted?: FakeBehaviour) => {
  const messages = (body.messages as { content?: unknown }[] | undefined) ?? [];
  const prompt = messages.reduce((sum, message) => sum + words(String(message.content ?? '')), 0);
  const usage =
    scripted?.kind === 'reply' && scripted.usage
      ? scripted.usage
      : { prompt_tokens: prompt, completion_tokens: words(text) };
  return { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
};
const chunk = (id: string, model: string, delta: Record<string, unknown>, finish: string | null = null) => ({
  id,
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model,
  system_fingerprint: 'fp_fake',
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
});
/** A completion streamed as server-sent events, one delta a chunk; `cut` drops the connection halfway. */
const streamCompletion = async (
  request: IncomingMessage,
  response: ServerResponse,
  body: Record<string, unknown>,
  text: string,
  behaviour: FakeBehaviour,
  id: string,
) => {
  const model = String(body.model);
  const send = openEventStream(response);
  send(chunk(id, model, { role: 'assistant', content: '', refusal: null }));
  const parts = splitText(text, behaviour.kind === 'reply' ? behaviour.chunkSize : undefined);
  const delay = behaviour.kind === 'reply' ? (behaviour.chunkDelayMs ?? 0) : 5;
  for (const [index, part] of parts.entries()) {
    if (behaviour.kind === 'cut' && index === behaviour.afterChunks) {
      // Cut halfway, as a dropped connection or a crashed server would: no finish_reason, no [DONE].
      request.socket.destroy();
      return;
    }
    if (request.socket.destroyed) return;
    send(chunk(id, model, { content: part }));
    if (delay > 0) await wait(delay);
  }
  send(chunk(id, model, {}, 'stop'));
  const streamOptions = body.stream_options as { include_usage?: boolean } | undefined;
  if (streamOptions?.include_usage) {
    send({ ...chunk(id, model, {}), choices: [], usage: completionUsage(body, text, behaviour) });
  }
  response.write('data: [DONE]\n\n');
  response.end();
};

/**
 * A transcription streamed as OpenAI streams it: server-sent events with data lines only, a
 * `transcript.text.delta` per word (with its leading space), then `transcript.text.done` with the whole text and
 * the token usage.
 */
const streamTranscription = async (
  request: IncomingMessage,
  response: ServerResponse,
  text: string,
  seconds: number,
) => {
  const send = openEventStream(response);
  for (const delta of text.match(/\s*\S+/g) ?? []) {
    if (request.socket.destroyed) return;
    send({ type: 'transcript.text.delta', delta });
    await wait(5);
  }
  const audioTokens = Math.max(1, Math.round(seconds * 10));
  send({
    type: 'transcript.text.done',
    text,
    usage: {
      type: 'tokens',
      input_tokens: audioTokens,
      input_token_details: { text_tokens: 0, audio_tokens: audioTokens },
      output_tokens: words(text),
      total_tokens: audioTokens + words(text),
    },
  });
  response.end();
};
const complete = async (
  state: FakeState,
  request: IncomingMessage,
  response: ServerResponse,
  body: Record<string, unknown>,
  behaviour: FakeBehaviour,
): Promise<void> => {
  switch (behaviour.kind) {
    case 'delay':
      await wait(behaviour.ms);
      if (request.socket.destroyed) return;
      return complete(state, request, response, body, behaviour.then ?? { kind: 'reply', text: 'late' });
    case 'error': {
      const headers: Record<string, string> = behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {};
      const fallback = {
        error: {
          message: behaviour.status === 429 ? 'Rate limit reached for requests' : 'The server had an error',
          type: behaviour.status === 429 ? 'requests' : 'server_error',
          param: null,
          code: behaviour.status === 429 ? 'rate_limit_exceeded' : null,
        },
      };
      return sendJson(response, behaviour.status, behaviour.body ?? fallback, headers);
    }
    case 'redirect':
      response.writeHead(behaviour.status ?? 302, { location: behaviour.location });
      response.end();
      return;
    case 'cut':
      return streamCompletion(request, response, body, behaviour.text, behaviour, state.completionId());
    case 'reply': {
      if (body.stream === true)
        return streamCompletion(request, response, body, behaviour.text, behaviour, state.completionId());
      return sendJson(response, 200, {
        id: state.completionId(),
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: String(body.model),
        system_fingerprint: 'fp_fake',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: behaviour.text, refusal: null },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: completionUsage(body, behaviour.text, behaviour),
      });
    }
  }
};
const keyOf = (request: IncomingMessage) => {
  const bearer = /^Bearer (.*)$/i.exec(request.headers.authorization ?? '');
  return bearer?.[1] ?? (request.headers['api-key'] as string | undefined);
};
/** The JSON or multipart body of a request (a WAVE file part read as audio); undefined once it answered 400. */
const readRequestBody = async (
  request: IncomingMessage,
  response: ServerResponse,
): Promise<{ body: Record<string, unknown> | undefined; audioFile: RecordedAudioFile | undefined } | undefined> => {
  const raw = await readBodyBytes(request);
  const contentType = request.headers['content-type'] ?? '';
  let body: Record<string, unknown> | undefined;
  let audioFile: RecordedAudioFile | undefined;
  if (contentType.startsWith('multipart/form-data')) {
    const parts = multipartOf(raw, contentType);
    if (!parts) {
      sendJson(response, 400, invalidRequest('Could not parse multipart form'));
      return undefined;
    }
    body = {};
    for (const part of parts) {
      if (part.filename === undefined) {
        body[part.name] = part.data.toString('utf8');
        continue;
      }
      const wav = wavOf(part.data);
      if (wav) audioFile = { filename: part.filename, type: part.type ?? '', ...wav };
      body[part.name] = wav ? audioFile : { filename: part.filename, type: part.type ?? '', invalid: true };
    }
  } else {
    try {
      body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : undefined;
    } catch {
      sendJson(response, 400, invalidRequest('We could not parse the JSON body'));
      return undefined;
    }
  }
  return { body, audioFile };
};

/** Answers a request without its api-version (Azure) or with a wrong key, as the provider would; true when it did. */
const refusedAccess = (apiKey: string, request: IncomingMessage, response: ServerResponse, url: URL): boolean => {
  const isAzure = url.pathname.startsWith('/openai/');
  if (isAzure && !url.searchParams.get('api-version')) {
    sendJson(response, 404, { error: { code: '404', message: 'Resource not found' } });
    return true;
  }
  if (keyOf(request) !== apiKey) {
    if (isAzure) {
      sendJson(response, 401, {
        error: {
          code: '401',
          message:
            'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
        },
      });
      return true;
    }
    // As OpenAI does: part of the wrong key is quoted back, which the adapter must never pass on.
    const given = keyOf(request) ?? '';
    sendJson(response, 401, {
      error: {
        message: `Incorrect API key provided: ${given.slice(0, 3)}*****${given.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
    return true;
  }
  return false;
};

/** `POST …/audio/transcriptions`: the scripted (or heard) text, streamed as the gpt-4o models do when asked. */
const answerTranscription = (
  state: FakeState,
  request: IncomingMessage,
  response: ServerResponse,
  {
    body,
    audioFile,
    deployment,
  }: {
    body: Record<string, unknown> | undefined;
    audioFile: RecordedAudioFile | undefined;
    deployment: string | undefined;
  },
) => {
  const model = deployment ?? String(body?.model ?? '');
  if (!state.models.includes(model)) {
    return sendJson(response, 404, {
      error:
        deployment !== undefined
          ? { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' }
          : modelNotFound(model).error,
    });
  }
  if (!audioFile) {
    return sendJson(response, 400, {
      error: {
        message:
          "Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
  }
  const scripted = state.transcriptionQueue.shift();
  if (scripted !== undefined && typeof scripted !== 'string') {
    return sendJson(response, scripted.status, {
      error: {
        message: 'The server had an error while processing your request.',
        type: 'server_error',
        code: null,
      },
    });
  }
  const language = typeof body?.language === 'string' ? body.language : undefined;
  const text = scripted ?? state.transcriptOf(audioFile, language);
  // As OpenAI: the gpt-4o transcription models stream when asked; whisper-1 ignores the flag.
  if (body?.stream === 'true' && !/whisper/i.test(model)) {
    return streamTranscription(request, response, text, audioFile.samples.length / audioFile.sampleRate);
  }
  return sendJson(response, 200, { text });
};

/** `POST /v1/chat/completions` (or an Azure deployment's): the next scripted behaviour, "ok" with none left. */
const answerCompletion = (
  state: FakeState,
  request: IncomingMessage,
  response: ServerResponse,
  body: Record<string, unknown> | undefined,
  deployment: string | undefined,
) => {
  const model = deployment ?? String(body?.model ?? '');
  if (!state.models.includes(model)) {
    if (deployment !== undefined) {
      return sendJson(response, 404, {
        error: {
          code: 'DeploymentNotFound',
          message:
            'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
        },
      });
    }
    return sendJson(response, 404, modelNotFound(model));
  }
  const behaviour = state.queue.shift() ?? { kind: 'reply', text: 'ok' };
  return complete(state, request, response, body ?? {}, behaviour);
};

/** `POST /v1/audio/speech`: the voice's MP3, or streamed PCM when `response_format` is `pcm`. */
const answerSpeech = (state: FakeState, response: ServerResponse, body: Record<string, unknown> | undefined) => {
  const model = String(body?.model ?? '');
  if (!state.models.includes(model)) {
    return sendJson(response, 404, modelNotFound(model));
  }
  if (typeof body?.input !== 'string' || typeof body.voice !== 'string') {
    return sendJson(response, 400, invalidRequest('input and voice are required'));
  }
  if (body.response_format === 'pcm') {
    const record: StreamRecord = { chunksSent: 0, ended: false, bytes: 0 };
    state.streams.push(record);
    return streamAudio(response, fakeSpeechPcm(body.input), 'audio/pcm', state.streaming, record);
  }
  const audio = state.speechAudioOf(body.voice);
  response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(audio.byteLength) });
  response.end(Buffer.from(audio));
  return;
};

/** Records the request, refuses what the provider would refuse, then answers by path. */
const handle = async (state: FakeState, request: IncomingMessage, response: ServerResponse) => {
  const url = new URL(request.url ?? '/', 'http://fake');
  const parsed = await readRequestBody(request, response);
  if (!parsed) return;
  const { body, audioFile } = parsed;
  const azure = /^\/openai\/deployments\/([^/]+)\/(?:chat\/completions|audio\/transcriptions)$/.exec(url.pathname);
  const recorded: RecordedRequest = {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: request.headers,
    body,
    ...(azure ? { deployment: decodeURIComponent(azure[1]!) } : {}),
    abandoned: false,
  };
  state.requests.push(recorded);
  response.on('close', () => {
    if (!response.writableFinished) recorded.abandoned = true;
  });

  if (refusedAccess(state.apiKey, request, response, url)) return;
  if (request.method === 'GET' && (url.pathname === '/v1/models' || url.pathname === '/openai/models')) {
    return sendJson(response, 200, {
      object: 'list',
      data: state.models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
    });
  }
  const transcription = url.pathname === '/v1/audio/transcriptions' || url.pathname.endsWith('/audio/transcriptions');
  if (request.method === 'POST' && transcription) {
    return answerTranscription(state, request, response, { body, audioFile, deployment: recorded.deployment });
  }
  if (request.method === 'POST' && (url.pathname === '/v1/chat/completions' || azure)) {
    return answerCompletion(state, request, response, body, recorded.deployment);
  }
  if (request.method === 'POST' && url.pathname === '/v1/audio/speech') return answerSpeech(state, response, body);
  return sendJson(response, 404, invalidRequest(`Invalid URL (${request.method} ${url.pathname})`));
};

export const startFakeOpenAiServer = async (options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> => {
  let sequence = 0;
  const state: FakeState = {
    apiKey: options.apiKey ?? 'sk-test-fake-0123456789',
    models: options.models ?? DEFAULT_MODELS,
    requests: [],
    queue: [],
    transcriptionQueue: [],
    streams: [],
    transcriptOf:
      options.transcriptOf ??
      ((audio: { sampleRate: number; samples: Int16Array }) =>
        `${Math.round((audio.samples.length / audio.sampleRate) * 10) / 10} seconds of speech`),
    streaming: options.streaming,
    speechAudioOf: (voice: string) => fakeMp3(`openai:${voice}`),
    completionId: () => `chatcmpl-fake-${++sequence}`,
  };
  const { requests, queue, transcriptionQueue, streams, speechAudioOf } = state;
  const { port, origin, close } = await startHttpServer(
    (request, response) => handle(state, request, response),
    (error) => ({ error: { message: String(error), type: 'server_error' } }),
  );

  return {
    baseUrl: `${origin}/v1`,
    origin,
    port,
    requests,
    completions: () => requests.filter((request) => request.path.endsWith('/chat/completions')),
    speeches: () => requests.filter((request) => request.path === '/v1/audio/speech'),
    speechAudioOf,
    transcriptions: () => requests.filter((request) => request.path.endsWith('/audio/transcriptions')),
    streams,
    scriptTranscription: (...answers) => void transcriptionQueue.push(...answers),
    script: (...behaviours) => void queue.push(...behaviours),
    pending: () => queue.length,
    reset() {
      requests.length = 0;
      queue.length = 0;
      transcriptionQueue.length = 0;
      streams.length = 0;
    },
    close,
  };
};
