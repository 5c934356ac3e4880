import { BUILTIN_AI_MODEL_ID, starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  CLIENT_EVENTS,
  coachingSessionOperations as sessions,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { publishedScenario } from '../coaching/session-fixtures.js';

// Issue 22 §8: nothing a user sends over the gateway makes an internal error. Every client event of the protocol,
// and names outside it, get malformed arguments over a real socket: each answer is a refusal with a stable code, the
// socket and the server stay up (a ping answers), nothing is logged as an error, and no promise rejection or
// exception escapes to the process.

type GatewaySocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Answer = { ok: boolean; status?: number; error?: { code: string; message: string } };

/** A small seeded generator, so that a failing run can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const nested = (depth: number, leaf: unknown): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = level % 2 ? { session_id: value } : [value];
  return value;
};

/** Values of every wrong kind, and some nearly right, for a message that wants `{session_id, …}`. */
const malformed = (sessionId: string, next: () => number): unknown[] => {
  const garbage: unknown[] = [
    undefined,
    null,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER,
    true,
    '',
    'session.turn',
    'x'.repeat(100_000),
    '\uD800',
    [],
    [sessionId],
    {},
    { session_id: 42 },
    { session_id: null },
    { session_id: ['a'] },
    { session_id: 'a'.repeat(5000) },
    { session_id: '../../etc/passwd' },
    { session_id: 'a\u0000b' },
    { session_id: Buffer.from(sessionId) },
    { session_id: sessionId, turn_id: {}, text: [] },
    { session_id: sessionId, turn_id: 'turn-x', text: 'x'.repeat(60_000) },
    { session_id: sessionId, turn_id: 'turn-x', text: Buffer.from('hello') },
    { session_id: sessionId, turn_id: 'turn-x', text: '   ' },
    { session_id: sessionId, turn_id: 'turn x!', text: 'Hi' },
    { session_id: sessionId, seq: -1 },
    { session_id: sessionId, seq: 'zero' },
    { session_id: sessionId, response_id: 42, played_ms: -5 },
    { session_id: sessionId, response_id: 'r', played_ms: 1e12 },
    JSON.parse(`{"__proto__": {"polluted": true}, "session_id": "${sessionId}"}`),
    { constructor: { prototype: { polluted: true } }, session_id: sessionId },
    nested(300, 'x'),
    nested(40, Buffer.from('binary')),
    Buffer.alloc(16),
    new ArrayBuffer(8),
    new Uint8Array(3),
  ];
  // Random objects of random kinds, reproducible from the seed.
  for (let index = 0; index < 30; index++) {
    const pick = () => garbage[Math.floor(next() * garbage.length)];
    garbage.push(next() < 0.5 ? { session_id: pick(), turn_id: pick(), text: pick() } : [pick(), pick()]);
  }
  return garbage;
};

/** Second arguments where a PCM frame is expected. */
const badFrames: unknown[] = [
  undefined,
  42,
  'pcm',
  { length: 960 },
  [1, 2, 3],
  Buffer.alloc(1),
  Buffer.alloc(961),
  Buffer.alloc(100_000),
  new ArrayBuffer(0),
];

/** The protocol's client events and whether each is answered (`CLIENT_EVENTS` must agree). */
const EVENTS = {
  'gateway.ping': 'required',
  'session.turn': 'required',
  'voice.start': 'required',
  'voice.text': 'required',
  'voice.audio.in': 'none',
  'voice.playback': 'none',
  'voice.commit': 'none',
  'voice.stop': 'optional',
} as const satisfies Record<keyof ClientToServerEvents, 'required' | 'optional' | 'none'>;

const UNKNOWN_EVENTS = ['error', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'gateway.welcome', 'x'];

/** What the server logged, one JSON line each. */
const lines: string[] = [];

await describeApi(
  '[SECURITY]: malformed gateway messages,',
  (context) => {
    let learner = '';
    let textSession = '';
    let voiceSession = '';
    const escaped: unknown[] = [];
    const open: GatewaySocket[] = [];
    const record = (error: unknown) => void escaped.push(error);

    const socketOf = async (): Promise<GatewaySocket> => {
      const socket: GatewaySocket = connect(context.server.url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: { token: learner, protocolVersion: PROTOCOL_VERSION, locale: 'fr-FR' },
      });
      open.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      return socket;
    };

    /** The answer to a message sent with an acknowledgement, or 'silent' after a while. */
    const ask = (socket: GatewaySocket, event: string, args: unknown[]) =>
      new Promise<Answer | 'silent'>((resolve) =>
        (socket.timeout(5000) as unknown as { emit: (...values: unknown[]) => void }).emit(
          event,
          ...args,
          (error: unknown, answer: Answer) => resolve(error ? 'silent' : answer),
        ),
      );
    const send = (socket: GatewaySocket, event: string, args: unknown[]) =>
      (socket as unknown as { emit: (...values: unknown[]) => void }).emit(event, ...args);

    const ping = (socket: GatewaySocket) => ask(socket, 'gateway.ping', []);

    /** A refusal the client can act on: a 4xx with a stable code and a message, never an internal error. */
    const expectRefusal = (answer: Answer | 'silent', context: string) => {
      expect(answer, context).not.toBe('silent');
      const refused = answer as Answer;
      expect(refused.ok, context).toBe(false);
      expect(refused.status, context).toBeGreaterThanOrEqual(400);
      expect(refused.status, context).toBeLessThan(500);
      expect(refused.error?.code, context).toMatch(/^[a-z_]+$/);
      expect(refused.error?.message, context).toBeTruthy();
    };

    beforeAll(async () => {
      process.on('unhandledRejection', record);
      process.on('uncaughtException', record);
      const organizationId = await createTestOrganization(context.server, 'Fuzz');
      const editor = (await signInAs(context.server, { role: 'editor', organizationId })).token;
      learner = (await signInAs(context.server, { role: 'user', organizationId })).token;
      const api = context.api(learner);
      const text = await api.call(sessions.create, {
        body: { scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB') },
      });
      expect(text.status).toBe(201);
      textSession = text.body.id!;
      const voiceScenario = await publishedScenario(context.server, editor, {
        modelId: BUILTIN_AI_MODEL_ID,
        timeLimitSeconds: 300,
        mode: 'voice',
      });
      const voice = await api.call(sessions.create, { body: { scenario_id: voiceScenario } });
      expect(voice.status).toBe(201);
      voiceSession = voice.body.id!;
    }, 180_000);
    afterEach(() => {
      // Nothing the server did escaped to the process, and nothing it logged was an error.
      expect(escaped).toEqual([]);
      const errors = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((e) => e.level >= 50);
      expect(errors).toEqual([]);
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    });
    afterAll(async () => {
      for (const socket of open.splice(0)) socket.disconnect();
      process.off('unhandledRejection', record);
      process.off('uncaughtException', record);
    });

    it('answers every protocol event sent with malformed arguments with a refusal, and stays up', async () => {
      const socket = await socketOf();
      // The voice session listens on this socket, so that its messages go past "not started".
      const started = await ask(socket, 'voice.start', [{ session_id: voiceSession }]);
      expect(started, JSON.stringify(started)).toMatchObject({ ok: true });
      const next = random(22);
      let asked = 0;
      for (const [event, ack] of Object.entries(EVENTS) as [keyof typeof EVENTS, string][]) {
        for (const sessionId of [voiceSession, textSession]) {
          const answers = await Promise.all(
            malformed(sessionId, next).flatMap((value) => {
              const argumentLists =
                event === 'voice.audio.in'
                  ? [
                      [value, Buffer.alloc(960)],
                      ...badFrames.map((frame) => [{ session_id: sessionId, seq: 0 }, frame]),
                    ]
                  : [[value], [value, value]];
              return argumentLists.map(async (args) => ({ args, answer: await ask(socket, event, args) }));
            }),
          );
          for (const { args, answer } of answers) {
            asked += 1;
            // An event the protocol never answers stays silent when its message is good (a frame of a session).
            if (ack === 'none' && answer === 'silent') continue;
            // No turn here is well formed; opening or stopping the voice of a good session id is (unknown keys beside it
            // are left out).
            if (answer !== 'silent' && answer.ok) {
              expect(['voice.start', 'voice.stop'], JSON.stringify(args).slice(0, 200)).toContain(event);
              continue;
            }
            expectRefusal(answer, `${event} ${JSON.stringify(args).slice(0, 200)}`);
          }
          // Without an acknowledgement, or with something else in its place: nothing to answer, nothing breaks.
          for (const value of malformed(sessionId, next).slice(0, 12)) {
            send(socket, event, [value]);
            send(socket, event, [value, 'not a function']);
            send(socket, event, [value, { then: 'x' }, 42]);
          }
        }
        expect(await ping(socket), event).toMatchObject({ at: expect.any(String) });
      }
      expect(asked).toBeGreaterThan(1000);
      expect(socket.connected).toBe(true);
    }, 300_000);

    it('declares what every client event carries and whether it is answered', () => {
      for (const [event, ack] of Object.entries(EVENTS) as [keyof typeof EVENTS, string][]) {
        expect(CLIENT_EVENTS[event].ack, event).toBe(ack);
      }
    });

    it('refuses events outside the protocol with gateway_unknown_event, whatever they carry', async () => {
      const socket = await socketOf();
      for (const event of UNKNOWN_EVENTS) {
        const answer = await ask(socket, event, [{ session_id: textSession }]);
        expectRefusal(answer, event);
        expect((answer as Answer).error?.code).toBe('gateway_unknown_event');
        send(socket, event, ['no acknowledgement']);
      }
      expect(await ping(socket)).toMatchObject({ at: expect.any(String) });
      expect(socket.connected).toBe(true);
    });

    it('closes only the socket that sends a message over the size limit; the server answers the next one', async () => {
      const socket = await socketOf();
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      send(socket, 'voice.audio.in', [{ session_id: voiceSession, seq: 1 }, Buffer.alloc(2_000_000)]);
      expect(await closed).toMatch(/close|error/);
      const other = await socketOf();
      expect(await ping(other)).toMatchObject({ at: expect.any(String) });
      expect((await fetch(`${context.server.url}/healthz`)).status).toBe(200);
    });

    it('refuses handshakes with malformed credentials as unauthorized', async () => {
      const auths: Record<string, unknown>[] = [
        {},
        { token: 42 },
        { token: { a: 1 } },
        { token: 'x'.repeat(100_000) },
        { token: 'a.b.c' },
        { token: learner.slice(0, -2) },
        { token: learner, protocolVersion: 'new' },
        { token: learner, locale: { toString: 1 } },
      ];
      for (const auth of auths) {
        const refused = await new Promise<string>((resolve) => {
          const socket: GatewaySocket = connect(context.server.url, {
            transports: ['websocket'],
            reconnection: false,
            auth,
          });
          open.push(socket);
          socket.once('connect', () => resolve('connected'));
          socket.once('connect_error', (error) =>
            resolve((error as { data?: { code?: string } }).data?.code ?? 'none'),
          );
        });
        // A valid token with garbage beside it still connects; anything else is refused as unauthorized.
        expect(['unauthorized', 'connected']).toContain(refused);
        if (typeof auth.token !== 'string' || auth.token !== learner) expect(refused).toBe('unauthorized');
      }
      expect(await ping(await socketOf())).toMatchObject({ at: expect.any(String) });
    });
  },
  {
    engines: 'one',
    env: { LOG_LEVEL: 'warn' },
    server: { logDestination: { write: (line) => void lines.push(line) } },
  },
);
