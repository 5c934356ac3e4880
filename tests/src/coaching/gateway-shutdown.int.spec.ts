import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServer,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  coachingSessionOperations as sessions,
  PROTOCOL_VERSION,
  type ClientToServerEvents,
  type CoachingSessionTurnAnswer,
  type GatewayResult,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { fakeChatModel, publishedScenario, unique } from './session-fixtures.js';

// A gateway told to stop (SIGTERM: a rolling restart, a scale-down) drains (docs/deployment.md, "Run the topology on one
// machine"): it stops taking connections, answers the text turns in flight, then closes its connections so that the
// clients reconnect by themselves, through the load balancer to another gateway. A disconnect packet ("io server
// disconnect") would leave them disconnected: socket.io clients do not reconnect after one.

const FAKE_KEY = 'sk-fake-shutdown-0123456789';
type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('[COACHING]: a gateway shutting down', () => {
  let fake: FakeOpenAiServer;
  let server: TestServer;
  let learner = '';
  let scenario = '';

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ apiKey: FAKE_KEY, models: ['llama3.1'] });
    server = await startTestServer({ AI_ALLOW_PRIVATE_NETWORK: 'true' });
    const superAdmin = (await signInAs(server, { role: 'super-admin' })).token;
    const organizationId = await createTestOrganization(server, unique('Drain'));
    const editor = (await signInAs(server, { role: 'editor', organizationId })).token;
    learner = (await signInAs(server, { role: 'user', organizationId })).token;
    const modelId = await fakeChatModel(server, superAdmin, fake, {
      apiKey: FAKE_KEY,
      modelId: 'llama3.1',
      creditsPerMinute: 0,
    });
    scenario = await publishedScenario(server, editor, { modelId, timeLimitSeconds: 120 });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('answers the turn in flight, then closes the socket as a transport close that the client reconnects after', async () => {
    const started = await apiClient(server, learner).call(sessions.create, { body: { scenario_id: scenario } });
    expect(started.status).toBe(201);
    const reply = 'Let me think about it. We have budget for one more tool this quarter, if the numbers work out.';
    fake.script({ kind: 'reply', text: reply, chunkDelayMs: 80 });

    const socket: ClientSocket = connect(server.url, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnectionDelay: 100,
      reconnectionDelayMax: 100,
      auth: { token: learner, protocolVersion: PROTOCOL_VERSION, locale: 'en-GB' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const events: string[] = [];
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
      const reconnecting = new Promise<void>((resolve) => socket.io.once('reconnect_attempt', () => resolve()));
      const firstDelta = new Promise<void>((resolve) => socket.once('session.reply.delta', () => resolve()));
      const answered = new Promise<GatewayResult<CoachingSessionTurnAnswer>>((resolve) =>
        socket.emit(
          'session.turn',
          { session_id: started.body.id!, turn_id: 'turn-1', text: 'Can we agree today?' },
          (result) => {
            events.push('answered');
            resolve(result);
          },
        ),
      );
      void disconnected.then(() => events.push('disconnected'));

      await firstDelta;
      const closing = server.close();
      expect(await answered).toEqual({ ok: true, answer: { reply, status: 'in-progress' } });
      expect(await disconnected).toBe('transport close');
      expect(events).toEqual(['answered', 'disconnected']);
      // The client tries again by itself (here the server is gone; behind nginx it reaches the other gateway).
      await reconnecting;
      await closing;
    } finally {
      socket.close();
    }
  }, 60_000);
});
