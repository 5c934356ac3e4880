import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fakeMp3, fakeSpeechPcm, streamAudio, type PcmStreaming, type StreamRecord } from './fake-audio.js';

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

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

type FormPart = { name: string; filename?: string; type?: string; data: Buffer };

/** The parts of a multipart/form-data body (RFC 7578), read from its boundary. */
const multipartOf = (body: Buffer, contentType: string): FormPart[] | undefined => {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]!.trim()}`);
  const parts: FormPart[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) return undefined;
    // Each part: CRLF, its headers, a blank line, its data, then CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) return undefined;
    const headers = part.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/.exec(disposition)?.[1];
    if (name === undefined) return undefined;
    const filename = /\bfilename="([^"]*)"/.exec(disposition)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim();
    parts.push({
      name,
      ...(filename !== undefined ? { filename } : {}),
      ...(type ? { type } : {}),
      data: part.subarray(split + 4),
    });
    at = next;
  }
  return parts;
};

/** The samples of a PCM16 RIFF/WAVE file (first channel), or undefined when it is not one. */
const wavOf = (bytes: Buffer): { sampleRate: number; samples: Int16Array } | undefined => {
  if (bytes.length < 12 || bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    return undefined;
  }
  let at = 12;
  let format: { channels: number; sampleRate: number; bits: number } | undefined;
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      format = {
        channels: bytes.readUInt16LE(at + 10),
        sampleRate: bytes.readUInt32LE(at + 12),
        bits: bytes.readUInt16LE(at + 22),
      };
    } else if (id === 'data') {
      if (!format || format.bits !== 16) return undefined;
      const frames = Math.floor(Math.min(size, bytes.length - at - 8) / (2 * format.channels));
      const samples = new Int16Array(frames);
      for (let frame = 0; frame < frames; frame++)
        samples[frame] = bytes.readInt16LE(at + 8 + frame * 2 * format.channels);
      return { sampleRate: format.sampleRate, samples };
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
};

const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const startFakeOpenAiServer = async (options: FakeOpenAiServerOptions = {}): Promise<FakeOpenAiServer> => {
  const apiKey = options.apiKey ?? 'sk-test-fake-0123456789';
  const models = options.models ?? DEFAULT_MODELS;
  const requests: RecordedRequest[] = [];
  const queue: FakeBehaviour[] = [];
  const transcriptionQueue: FakeTranscription[] = [];
  const streams: StreamRecord[] = [];
  const transcriptOf =
    options.transcriptOf ??
    ((audio: { sampleRate: number; samples: Int16Array }) =>
      `${Math.round((audio.samples.length / audio.sampleRate) * 10) / 10} seconds of speech`);
  const sockets = new Set<Socket>();
  let sequence = 0;
  const speechAudioOf = (voice: string) => fakeMp3(`openai:${voice}`);

  const keyOf = (request: IncomingMessage) => {
    const bearer = /^Bearer (.*)$/i.exec(request.headers.authorization ?? '');
    return bearer?.[1] ?? (request.headers['api-key'] as string | undefined);
  };

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

  const stream = async (
    request: IncomingMessage,
    response: ServerResponse,
    body: Record<string, unknown>,
    text: string,
    behaviour: FakeBehaviour,
  ) => {
    const id = `chatcmpl-fake-${++sequence}`;
    const model = String(body.model);
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
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
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
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
    request: IncomingMessage,
    response: ServerResponse,
    body: Record<string, unknown>,
    behaviour: FakeBehaviour,
  ): Promise<void> => {
    switch (behaviour.kind) {
      case 'delay':
        await wait(behaviour.ms);
        if (request.socket.destroyed) return;
        return complete(request, response, body, behaviour.then ?? { kind: 'reply', text: 'late' });
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
        return stream(request, response, body, behaviour.text, behaviour);
      case 'reply': {
        if (body.stream === true) return stream(request, response, body, behaviour.text, behaviour);
        return sendJson(response, 200, {
          id: `chatcmpl-fake-${++sequence}`,
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

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const raw = await readBody(request);
    const contentType = request.headers['content-type'] ?? '';
    let body: Record<string, unknown> | undefined;
    let audioFile: RecordedAudioFile | undefined;
    if (contentType.startsWith('multipart/form-data')) {
      const parts = multipartOf(raw, contentType);
      if (!parts) {
        return sendJson(response, 400, {
          error: { message: 'Could not parse multipart form', type: 'invalid_request_error', code: null },
        });
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
        return sendJson(response, 400, {
          error: { message: 'We could not parse the JSON body', type: 'invalid_request_error', code: null },
        });
      }
    }
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
    requests.push(recorded);
    response.on('close', () => {
      if (!response.writableFinished) recorded.abandoned = true;
    });

    const isAzure = url.pathname.startsWith('/openai/');
    if (isAzure && !url.searchParams.get('api-version')) {
      return sendJson(response, 404, { error: { code: '404', message: 'Resource not found' } });
    }
    if (keyOf(request) !== apiKey) {
      if (isAzure) {
        return sendJson(response, 401, {
          error: {
            code: '401',
            message:
              'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
          },
        });
      }
      // As OpenAI does: part of the wrong key is quoted back, which the adapter must never pass on.
      const given = keyOf(request) ?? '';
      return sendJson(response, 401, {
        error: {
          message: `Incorrect API key provided: ${given.slice(0, 3)}*****${given.slice(-4)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: 'invalid_api_key',
        },
      });
    }

    if (request.method === 'GET' && (url.pathname === '/v1/models' || url.pathname === '/openai/models')) {
      return sendJson(response, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake' })),
      });
    }
    const transcription = url.pathname === '/v1/audio/transcriptions' || url.pathname.endsWith('/audio/transcriptions');
    if (request.method === 'POST' && transcription) {
      const model = azure ? recorded.deployment! : String(body?.model ?? '');
      if (!models.includes(model)) {
        return sendJson(response, 404, {
          error: azure
            ? { code: 'DeploymentNotFound', message: 'The API deployment for this resource does not exist.' }
            : {
                message: `The model \`${model}\` does not exist or you do not have access to it.`,
                type: 'invalid_request_error',
                param: null,
                code: 'model_not_found',
              },
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
      const scripted = transcriptionQueue.shift();
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
      const text = scripted ?? transcriptOf(audioFile, language);
      // As OpenAI: the gpt-4o transcription models stream when asked; whisper-1 ignores the flag.
      if (body?.stream === 'true' && !/whisper/i.test(model)) {
        return streamTranscription(request, response, text, audioFile.samples.length / audioFile.sampleRate);
      }
      return sendJson(response, 200, { text });
    }
    if (request.method === 'POST' && (url.pathname === '/v1/chat/completions' || azure)) {
      const model = azure ? recorded.deployment! : String(body?.model ?? '');
      if (!models.includes(model)) {
        if (azure) {
          return sendJson(response, 404, {
            error: {
              code: 'DeploymentNotFound',
              message:
                'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
            },
          });
        }
        return sendJson(response, 404, {
          error: {
            message: `The model \`${model}\` does not exist or you do not have access to it.`,
            type: 'invalid_request_error',
            param: null,
            code: 'model_not_found',
          },
        });
      }
      const behaviour = queue.shift() ?? { kind: 'reply', text: 'ok' };
      return complete(request, response, body ?? {}, behaviour);
    }
    if (request.method === 'POST' && url.pathname === '/v1/audio/speech') {
      const model = String(body?.model ?? '');
      if (!models.includes(model)) {
        return sendJson(response, 404, {
          error: {
            message: `The model \`${model}\` does not exist or you do not have access to it.`,
            type: 'invalid_request_error',
            param: null,
            code: 'model_not_found',
          },
        });
      }
      if (typeof body?.input !== 'string' || typeof body.voice !== 'string') {
        return sendJson(response, 400, {
          error: { message: 'input and voice are required', type: 'invalid_request_error', code: null },
        });
      }
      if (body.response_format === 'pcm') {
        const record: StreamRecord = { chunksSent: 0, ended: false, bytes: 0 };
        streams.push(record);
        return streamAudio(response, fakeSpeechPcm(body.input), 'audio/pcm', options.streaming, record);
      }
      const audio = speechAudioOf(body.voice);
      response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': String(audio.byteLength) });
      response.end(Buffer.from(audio));
      return;
    }
    return sendJson(response, 404, {
      error: { message: `Invalid URL (${request.method} ${url.pathname})`, type: 'invalid_request_error', code: null },
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error), type: 'server_error' } });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

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
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
