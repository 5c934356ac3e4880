import { createServer, type Server } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { selfSignedCertificate } from './self-signed-certificate.js';

/**
 * OpenAI's realtime API in the test process (issue 14, the voice note §5 "FakeRealtime"), over TLS because
 * the `openai` SDK's `OpenAIRealtimeWS` only speaks wss: an HTTPS server with a throw-away self-signed
 * certificate, upgraded by `ws`. It answers the GA event names: `session.created` on connect,
 * `session.updated` to `session.update`; an energy VAD over the appended PCM16 (20 ms windows) sends
 * `input_audio_buffer.speech_started` / `speech_stopped` / `committed` and the learner's transcript, then, as
 * `server_vad` with `create_response` does, a reply; `response.create` (after `conversation.item.create` or
 * `input_audio_buffer.commit`) does too. A reply is the next scripted text: `response.created`, its audio item,
 * then audio deltas (a tone, `chunkMs` each, every `deltaIntervalMs`) interleaved with its transcript word
 * by word, `response.output_audio.done`, `response.output_audio_transcript.done` and `response.done` with
 * usage. `response.cancel` ends the active reply (`status: 'cancelled'`, no delta after it) and
 * `conversation.item.truncate` answers `conversation.item.truncated`, or an error past the audio sent; both
 * are recorded for assertions. Paths: `/v1/realtime?model=` (Bearer key), Azure's GA `/openai/v1/realtime?model=`
 * and its preview `/openai/realtime?api-version=&deployment=` (`api-key`); a wrong key is refused with 401 at the
 * upgrade.
 */

const RATE = 24_000;
const WINDOW = 480; // 20 ms

export type FakeRealtimeReply = {
  /** What the persona says (its transcript); may end with an outcome marker such as [[WIN]]. */
  text: string;
  /** Length of its audio; default 300 ms a word, at least 600 ms. */
  audioMs?: number;
  /** What the learner's turn before it is transcribed as; default "(speech)". */
  userTranscript?: string;
};

export type RecordedClientEvent = { type: string; at: number; [field: string]: unknown };

export type RecordedRealtimeConnection = {
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  /** Every client event but the audio appends, in order. */
  events: RecordedClientEvent[];
  /** Audio appended, in samples. */
  appendedSamples: number;
  /** Audio deltas sent, by response id, with when each left. */
  sentAudio: { responseId: string; samples: number; at: number }[];
  /** The session as the last `session.update` left it. */
  session: Record<string, unknown>;
};

export type FakeRealtimeServer = {
  /** `https://127.0.0.1:PORT/v1`: OpenAI's base URL (the SDK connects to wss on it). */
  baseUrl: string;
  /** `https://127.0.0.1:PORT`: the endpoint of an Azure OpenAI resource. */
  origin: string;
  connections: RecordedRealtimeConnection[];
  /** The client events of this type over every connection. */
  received(type: string): RecordedClientEvent[];
  /** Queues the next replies, in order; with none left the persona says "I see." */
  script(...replies: FakeRealtimeReply[]): void;
  /** The next reply is refused with this `error` event instead (its socket stays open). */
  failNextResponse(error: { type: string; code: string; message: string }): void;
  /** Cuts every open socket without a closing handshake (a dropped connection). */
  dropAll(): void;
  /** Stops reading every open socket (a stalled provider: the client's unsent data piles up), or reads again. */
  stallReading(stalled: boolean): void;
  close(): Promise<void>;
};

export type FakeRealtimeOptions = {
  apiKey?: string;
  /** The TLS certificate to serve (one a server process trusts as an extra root); a fresh one by default. */
  certificate?: { key: string; cert: string };
  /** Pause between audio deltas. Default 20 ms (faster than real time, as the real API is). */
  deltaIntervalMs?: number;
  /** Audio per delta. Default 100 ms. */
  chunkMs?: number;
  /** RMS of a 20 ms window above which it is speech. Default 1000 (of 32767). */
  vadThreshold?: number;
  /** Delay before `session.created` (a slow start). */
  startDelayMs?: number;
  /**
   * Audio deltas of a cancelled reply still sent after `response.cancel`, before its `response.done`: what
   * was already in flight from the real provider, which the client must drop. Default 0.
   */
  lateDeltasAfterCancel?: number;
  /**
   * Pause between a reply's start and its first audio delta: a model's time to first audio, fixed so that a
   * benchmark can take it off a voice-to-voice figure. Default `deltaIntervalMs`.
   */
  responseDelayMs?: number;
  /**
   * Called as each appended audio frame arrives and as each server event leaves, on the caller's clock: how
   * bench/voice.mjs times the gateway's hops without the millisecond `at` of the records.
   */
  observe?: {
    append?: (connection: RecordedRealtimeConnection, bytes: Buffer) => void;
    sent?: (connection: RecordedRealtimeConnection, event: Record<string, unknown>) => void;
  };
};

type TurnDetection = {
  type?: string;
  silence_duration_ms?: number;
  prefix_padding_ms?: number;
  create_response?: boolean;
};

const toneOf = (samples: number, frequency = 220, amplitude = 6000): Buffer => {
  const bytes = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index++) {
    bytes.writeInt16LE(Math.round(amplitude * Math.sin((2 * Math.PI * frequency * index) / RATE)), index * 2);
  }
  return bytes;
};

type ActiveReply = {
  id: string;
  itemId: string;
  timer: NodeJS.Timeout | undefined;
  finish: () => void;
  late: () => void;
};

/** What every connection of one fake server shares: its settings, the scripted replies and a refusal to come. */
type Shared = {
  options: FakeRealtimeOptions;
  replies: FakeRealtimeReply[];
  /** The scripted refusal of the next reply, if any (taken once). */
  takeFailure(): { type: string; code: string; message: string } | undefined;
  nextId(prefix: string): string;
  deltaIntervalMs: number;
  chunkSamples: number;
  threshold: number;
};

/** One connection's conversation, as the server keeps it. */
type Conversation = {
  send(event: Record<string, unknown>): void;
  recorded: RecordedRealtimeConnection;
  session: Record<string, unknown>;
  items: Map<string, { audioSamples: number }>;
  lastItemId: string | null;
  active: ActiveReply | undefined;
};

const turnDetectionOf = (session: Record<string, unknown>) =>
  ((session.audio as { input?: { turn_detection?: TurnDetection | null } } | undefined)?.input?.turn_detection ??
    null) as TurnDetection | null;

const commitUserTurn = ({ replies }: Shared, c: Conversation, itemId: string) => {
  const { send } = c;
  send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: c.lastItemId });
  c.lastItemId = itemId;
  send({
    type: 'conversation.item.input_audio_transcription.completed',
    item_id: itemId,
    content_index: 0,
    // The learner's words are those the reply about to answer them was scripted for.
    transcript: replies[0]?.userTranscript ?? '(speech)',
  });
};

/** A reply: the next scripted text as audio deltas and its transcript word by word, then its done events. */
const startResponse = (shared: Shared, c: Conversation) => {
  const { options, nextId, chunkSamples, deltaIntervalMs } = shared;
  const { send, recorded } = c;
  if (c.active) {
    send({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code: 'conversation_already_has_active_response',
        message: 'Conversation already has an active response in progress.',
      },
    });
    return;
  }
  const failure = shared.takeFailure();
  if (failure) {
    send({ type: 'error', error: failure });
    return;
  }
  const reply = shared.replies.shift() ?? { text: 'I see.' };
  const words = reply.text.split(/(?<=\s)/);
  const audioSamples = Math.round(((reply.audioMs ?? Math.max(600, words.length * 300)) * RATE) / 1000);
  const id = nextId('resp');
  const itemId = nextId('item');
  c.items.set(itemId, { audioSamples: 0 });
  c.lastItemId = itemId;
  send({ type: 'response.created', response: { id, object: 'realtime.response', status: 'in_progress' } });
  send({
    type: 'response.output_item.added',
    response_id: id,
    output_index: 0,
    item: { id: itemId, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
  });
  const chunks = Math.max(1, Math.ceil(audioSamples / chunkSamples));
  let sentChunks = 0;
  let sentWords = 0;
  const tone = toneOf(chunkSamples);
  const finish = () => {
    clearTimeout(current.timer);
    c.active = undefined;
    send({
      type: 'response.output_audio.done',
      response_id: id,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
    });
    send({
      type: 'response.output_audio_transcript.done',
      response_id: id,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      transcript: reply.text,
    });
    send({
      type: 'response.done',
      response: {
        id,
        object: 'realtime.response',
        status: 'completed',
        usage: { total_tokens: 10 + words.length, input_tokens: 10, output_tokens: words.length },
      },
    });
  };
  /** One audio delta of the tone, recorded as sent. */
  const sendAudio = (samples: number) => {
    send({
      type: 'response.output_audio.delta',
      response_id: id,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      delta: tone.subarray(0, samples * 2).toString('base64'),
    });
    recorded.sentAudio.push({ responseId: id, samples, at: Date.now() });
    c.items.get(itemId)!.audioSamples += samples;
  };
  const tick = () => {
    const samples = Math.min(chunkSamples, audioSamples - sentChunks * chunkSamples);
    sendAudio(samples);
    sentChunks++;
    const wordsDue = Math.ceil((words.length * sentChunks) / chunks);
    while (sentWords < wordsDue) {
      send({
        type: 'response.output_audio_transcript.delta',
        response_id: id,
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta: words[sentWords++],
      });
    }
    if (sentChunks >= chunks) finish();
    else current.timer = setTimeout(tick, deltaIntervalMs);
  };
  const late = () => {
    for (let count = 0; count < (options.lateDeltasAfterCancel ?? 0); count++) {
      sendAudio(chunkSamples);
    }
  };
  const current = {
    id,
    itemId,
    timer: setTimeout(tick, options.responseDelayMs ?? deltaIntervalMs) as NodeJS.Timeout | undefined,
    finish,
    late,
  };
  c.active = current;
};

/** The server VAD over the appended audio: speech started, stopped, the user's turn committed and a reply started. */
const createVad = (shared: Shared, c: Conversation) => {
  const { nextId, threshold } = shared;
  const { send, recorded } = c;
  // The VAD's state over the appended audio.
  let pending = Buffer.alloc(0);
  let cursorSamples = 0;
  let speech: { itemId: string; silentMs: number } | undefined;
  return (bytes: Buffer) => {
    recorded.appendedSamples += bytes.length >> 1;
    const detection = turnDetectionOf(c.session);
    if (!detection) return;
    pending = Buffer.concat([pending, bytes]);
    const silenceMs = detection.silence_duration_ms ?? 500;
    while (pending.length >= WINDOW * 2) {
      let energy = 0;
      for (let index = 0; index < WINDOW; index++) energy += pending.readInt16LE(index * 2) ** 2;
      pending = pending.subarray(WINDOW * 2);
      cursorSamples += WINDOW;
      const loud = Math.sqrt(energy / WINDOW) > threshold;
      const atMs = Math.round((cursorSamples * 1000) / RATE);
      if (loud && !speech) {
        speech = { itemId: nextId('item'), silentMs: 0 };
        send({
          type: 'input_audio_buffer.speech_started',
          audio_start_ms: Math.max(0, atMs - 20 - (detection.prefix_padding_ms ?? 300)),
          item_id: speech.itemId,
        });
      } else if (loud && speech) {
        speech.silentMs = 0;
      } else if (speech) {
        speech.silentMs += 20;
        if (speech.silentMs >= silenceMs) {
          const { itemId } = speech;
          speech = undefined;
          send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: atMs, item_id: itemId });
          commitUserTurn(shared, c, itemId);
          if (detection.create_response !== false) startResponse(shared, c);
        }
      }
    }
  };
};

/** Answers one client event as the API does (audio appends aside: the VAD takes them). */
const answerClientEvent = (
  shared: Shared,
  c: Conversation,
  type: string,
  event: { type?: string; [field: string]: unknown },
) => {
  const { send } = c;
  switch (type) {
    case 'session.update': {
      const update = (event.session ?? {}) as Record<string, unknown>;
      c.session = { ...c.session, ...update };
      c.recorded.session = c.session;
      send({ type: 'session.updated', session: c.session });
      return;
    }
    case 'input_audio_buffer.commit': {
      const itemId = shared.nextId('item');
      commitUserTurn(shared, c, itemId);
      return;
    }
    case 'conversation.item.create': {
      const item = { id: shared.nextId('item'), ...(event.item as Record<string, unknown>) };
      send({ type: 'conversation.item.added', previous_item_id: c.lastItemId, item });
      c.lastItemId = item.id;
      return;
    }
    case 'response.create':
      startResponse(shared, c);
      return;
    case 'response.cancel': {
      if (!c.active || (event.response_id && event.response_id !== c.active.id)) {
        send({
          type: 'error',
          error: {
            type: 'invalid_request_error',
            code: 'response_cancel_not_active',
            message: 'Cancellation failed: no active response found.',
          },
        });
        return;
      }
      const cancelled = c.active;
      clearTimeout(cancelled.timer);
      c.active = undefined;
      cancelled.late();
      send({
        type: 'response.done',
        response: {
          id: cancelled.id,
          object: 'realtime.response',
          status: 'cancelled',
          status_details: { type: 'cancelled', reason: 'client_cancelled' },
        },
      });
      return;
    }
    case 'conversation.item.truncate': {
      const itemId = String(event.item_id);
      const item = c.items.get(itemId);
      const audioEndMs = Number(event.audio_end_ms);
      if (!item || !(audioEndMs <= Math.round((item.audioSamples * 1000) / RATE))) {
        send({
          type: 'error',
          error: {
            type: 'invalid_request_error',
            code: 'invalid_value',
            message: `Audio content of ${Math.round((item?.audioSamples ?? 0) / 24)}ms is already shorter than ${audioEndMs}ms`,
            param: 'audio_end_ms',
          },
        });
        return;
      }
      send({ type: 'conversation.item.truncated', item_id: itemId, content_index: 0, audio_end_ms: audioEndMs });
      return;
    }
    default:
      return;
  }
};

/** One client connection: its conversation, the VAD over its audio, and its events answered. */
const serve = (shared: Shared, ws: WebSocket, recorded: RecordedRealtimeConnection, model: string) => {
  const { options, nextId } = shared;
  const c: Conversation = {
    send: (event) => {
      if (ws.readyState !== ws.OPEN) return;
      options.observe?.sent?.(recorded, event);
      ws.send(JSON.stringify({ event_id: nextId('event'), ...event }));
    },
    recorded,
    session: { id: nextId('sess'), type: 'realtime', model },
    items: new Map(),
    lastItemId: null,
    active: undefined,
  };
  const { send } = c;
  const listen = createVad(shared, c);

  ws.on('message', (raw) => {
    let event: { type?: string; [field: string]: unknown };
    try {
      event = JSON.parse(String(raw)) as typeof event;
    } catch {
      send({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_json', message: 'Not JSON.' } });
      return;
    }
    const type = String(event.type);
    if (type === 'input_audio_buffer.append') {
      const bytes = Buffer.from(String(event.audio ?? ''), 'base64');
      options.observe?.append?.(recorded, bytes);
      listen(bytes);
      return;
    }
    recorded.events.push({ ...event, type, at: Date.now() });
    answerClientEvent(shared, c, type, event);
  });
  ws.on('close', () => {
    if (c.active) clearTimeout(c.active.timer);
  });
  const greet = () => send({ type: 'session.created', session: c.session });
  if (options.startDelayMs) setTimeout(greet, options.startDelayMs);
  else greet();
};

export const startFakeRealtimeServer = async (options: FakeRealtimeOptions = {}): Promise<FakeRealtimeServer> => {
  const apiKey = options.apiKey ?? 'sk-realtime-test-key';
  const deltaIntervalMs = options.deltaIntervalMs ?? 20;
  const chunkSamples = Math.round(((options.chunkMs ?? 100) * RATE) / 1000);
  const threshold = options.vadThreshold ?? 1000;
  const replies: FakeRealtimeReply[] = [];
  const connections: RecordedRealtimeConnection[] = [];
  const sockets = new Set<WebSocket>();
  const rawSockets = new Set<Duplex>();
  let failure: { type: string; code: string; message: string } | undefined;
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${(++sequence).toString().padStart(4, '0')}`;
  const shared: Shared = {
    options,
    replies,
    takeFailure: () => {
      const taken = failure;
      failure = undefined;
      return taken;
    },
    nextId,
    deltaIntervalMs,
    chunkSamples,
    threshold,
  };

  const server: Server = createServer(options.certificate ?? selfSignedCertificate(), (_request, response) => {
    response.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    rawSockets.add(socket);
    socket.on('close', () => rawSockets.delete(socket));
  });
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'https://fake');
    // Azure's GA v1 surface takes `?model=` like OpenAI; its dated preview path takes `?deployment=`.
    const azure = url.pathname.startsWith('/openai/');
    const model =
      url.pathname === '/openai/realtime' ? url.searchParams.get('deployment') : url.searchParams.get('model');
    const known = ['/v1/realtime', '/openai/v1/realtime', '/openai/realtime'].includes(url.pathname) && !!model;
    const key = azure ? request.headers['api-key'] : request.headers.authorization?.replace(/^Bearer /, '');

    const refuse = (status: number, text: string) => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n`);
    };
    if (!known) return refuse(404, 'Not Found');
    if (key !== apiKey) return refuse(401, 'Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => {
      const recorded: RecordedRealtimeConnection = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: request.headers,
        events: [],
        appendedSamples: 0,
        sentAudio: [],
        session: {},
      };
      connections.push(recorded);
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      serve(shared, ws, recorded, model!);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    connections,
    received: (type) => connections.flatMap((connection) => connection.events.filter((event) => event.type === type)),
    script: (...next) => void replies.push(...next),
    failNextResponse: (error) => {
      failure = error;
    },
    dropAll: () => {
      for (const socket of rawSockets) socket.destroy();
    },
    stallReading: (stalled) => {
      // The TLS sockets the WebSockets read: pausing the TCP socket under one does not stop TLS from reading it.
      for (const socket of [...sockets].map((ws) => (ws as unknown as { _socket: Duplex })._socket)) {
        if (stalled) socket.pause();
        else socket.resume();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of sockets) ws.terminate();
        for (const socket of rawSockets) socket.destroy();
        wss.close();
        server.close(() => resolve());
      }),
  };
};
