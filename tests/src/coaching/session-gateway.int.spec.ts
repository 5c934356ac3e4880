import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingSessionOperations as sessions,
  type CoachingSessionTurnAnswer,
  type GatewayResult,
  type SessionReplyDelta,
} from '@ai-coaching/contracts';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { moveCredits, walletOf } from '../credits/credit-test-client.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { fakeChatModel, publishedScenario, unique } from './session-fixtures.js';
import { type GatewaySocket, voiceSockets } from './voice-gateway-client.js';

// The gateway's streamed turn (docs/coaching-sessions.md, "Streaming over the gateway") and its faults: the provider
// failing midway, the socket dropping midway. The gateway does not depend on the engine: PostgreSQL when it runs.

const FAKE_KEY = 'sk-fake-gateway-0123456789';

let fake: FakeOpenAiServer;

await describeApi(
  '[COACHING]: session turns over the gateway, streamed,',
  (context) => {
    let organizationId = '';
    let operator = '';
    let learner = { token: '', userId: '' };
    let stranger = '';
    let scenario = '';
    const { api } = context;

    const sockets = voiceSockets(() => context.server.url);
    const { socketOf } = sockets;

    /** Sends a turn and gathers its deltas; `onDelta` may act midway (drop the socket). */
    const playTurn = (
      socket: GatewaySocket,
      message: { session_id: string; turn_id: string; text: string },
      onDelta: (delta: SessionReplyDelta, socket: GatewaySocket) => void = () => undefined,
    ) => {
      const deltas: string[] = [];
      const listener = (delta: SessionReplyDelta) => {
        deltas.push(delta.text);
        onDelta(delta, socket);
      };
      socket.on('session.reply.delta', listener);
      const result = new Promise<GatewayResult<CoachingSessionTurnAnswer> | 'dropped'>((resolve) => {
        socket.once('disconnect', () => resolve('dropped'));
        socket.emit('session.turn', message as never, resolve);
      }).finally(() => socket.off('session.reply.delta', listener));
      return { deltas, result };
    };

    const startSession = async () => {
      const started = await api(learner.token).call(sessions.create, { body: { scenario_id: scenario } });
      expect(started.status).toBe(201);
      return started.body.id!;
    };
    const transcript = async (id: string) =>
      (await api(learner.token).call(sessions.read, { params: { id } })).body.turns!.map((turn) => turn.text);
    const wallet = () => walletOf(context.server, operator, learner.userId);

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, unique('Acme'));
      operator = (await signInAs(context.server, { role: 'operator', organizationId })).token;
      const editor = (await signInAs(context.server, { role: 'editor', organizationId })).token;
      learner = await signInAs(context.server, { role: 'user', organizationId });
      stranger = (await signInAs(context.server, { role: 'user', organizationId })).token;
      await moveCredits(context.server, context.superAdmin.token, 'organizations', 'allocate_credit', organizationId, {
        nb_credits: 100,
      });
      const funded = await moveCredits(context.server, operator, 'users', 'allocate_credit', learner.userId, {
        nb_credits: 100,
      });
      expect(funded.status).toBe(200);
      const modelId = await fakeChatModel(context.server, context.superAdmin.token, fake, {
        apiKey: FAKE_KEY,
        modelId: 'llama3.1',
        creditsPerMinute: 2,
      });
      scenario = await publishedScenario(context.server, editor, { modelId, timeLimitSeconds: 120 });
    }, 180_000);
    afterEach(() => {
      sockets.closeAll();
      fake.reset();
    });
    afterAll(async () => {
      await fake?.close();
    });

    it('streams the reply delta by delta, never showing an outcome marker, and records the turn as HTTP would', async () => {
      const id = await startSession();
      const socket = await socketOf(learner.token);
      // Three characters a delta: "[[WIN]]" reaches the gateway cut in pieces.
      fake.script({ kind: 'reply', text: 'Deal, then. Send me the contract. [[WIN]]', chunkSize: 3 });
      const { deltas, result } = playTurn(socket, { session_id: id, turn_id: 'turn-1', text: 'So, a deal?' });
      expect(await result).toEqual({ ok: true, answer: { reply: 'Deal, then. Send me the contract.', status: 'win' } });
      expect(deltas.length).toBeGreaterThan(5);
      expect(deltas.join('')).toBe('Deal, then. Send me the contract. ');
      expect(deltas.join('')).not.toMatch(/[[\]#]/);
      expect((await transcript(id)).slice(1)).toEqual(['So, a deal?', 'Deal, then. Send me the contract.']);
    });

    it.each([
      ['the stream is cut halfway', [{ kind: 'cut', text: 'Well, I suppose we could', afterChunks: 2 } as const]],
      // The adapter retries a 5xx twice before it gives up.
      ['the provider answers 500', [1, 2, 3].map(() => ({ kind: 'error', status: 500 }) as const)],
      ['the provider does not answer in time', [{ kind: 'delay', ms: 4000 } as const]],
    ])(
      'when %s, tells the learner in their language, records no reply, and the resent turn plays once',
      async (_case, failure) => {
        const before = await wallet();
        const id = await startSession();
        const socket = await socketOf(learner.token, 'fr-FR');
        fake.script(...failure);
        const failed = await playTurn(socket, { session_id: id, turn_id: 'turn-1', text: 'On signe ?' }).result;
        expect(failed).toMatchObject({
          ok: false,
          status: 503,
          error: { code: 'coaching_session_reply_failed', details: { turn_id: 'turn-1' } },
        });
        const message = failed !== 'dropped' && !failed.ok ? failed.error.message : '';
        expect(message).not.toBe('');
        expect(message).not.toMatch(/could not answer/);
        // A turn over the gateway does not wait for the read models (its answer carries what the player shows).
        await expect.poll(() => transcript(id)).toHaveLength(2);

        fake.script({ kind: 'reply', text: 'Deal, then. [[WIN]]' });
        const retried = await playTurn(socket, { session_id: id, turn_id: 'turn-1', text: 'On signe ?' }).result;
        expect(retried).toEqual({ ok: true, answer: { reply: 'Deal, then.', status: 'win' } });
        expect((await transcript(id)).slice(1)).toEqual(['On signe ?', 'Deal, then.']);
        // One started minute, captured once; nothing left held.
        expect(await wallet()).toMatchObject({
          credit_wallet: before.credit_wallet - 2,
          credit_pending: before.credit_pending,
        });
      },
      30_000,
    );

    it('resumes a reply after the socket drops midway: the rest streams to the new socket and the provider is asked once', async () => {
      const id = await startSession();
      const reply = 'Let me think about it. We have budget for one more tool this quarter, if the numbers work.';
      fake.script({ kind: 'reply', text: reply, chunkDelayMs: 60 });
      const first = await socketOf(learner.token);
      const dropped = playTurn(first, { session_id: id, turn_id: 'turn-1', text: 'Can we agree today?' }, (_, socket) =>
        socket.disconnect(),
      );
      expect(await dropped.result).toBe('dropped');
      expect(dropped.deltas.length).toBeGreaterThanOrEqual(1);

      const second = await socketOf(learner.token);
      const resumed = playTurn(second, { session_id: id, turn_id: 'turn-1', text: 'Can we agree today?' });
      expect(await resumed.result).toEqual({ ok: true, answer: { reply, status: 'in-progress' } });
      // What was shown before the drop comes first, then the rest: the whole reply, once.
      expect(resumed.deltas.join('')).toBe(reply);
      expect(fake.completions()).toHaveLength(1);
      await expect.poll(async () => (await transcript(id)).slice(1)).toEqual(['Can we agree today?', reply]);
    });

    it('keeps the reply of a turn whose socket never came back, for the transcript to show', async () => {
      const id = await startSession();
      fake.script({ kind: 'reply', text: 'Fine, send the proposal.', chunkDelayMs: 30 });
      const socket = await socketOf(learner.token);
      const dropped = playTurn(socket, { session_id: id, turn_id: 'turn-1', text: 'Shall I send it?' }, (_, s) =>
        s.disconnect(),
      );
      expect(await dropped.result).toBe('dropped');
      await expect.poll(() => transcript(id), { timeout: 10_000 }).toHaveLength(3);
      expect((await transcript(id))[2]).toBe('Fine, send the proposal.');
    });

    it('plays one turn whether it comes over the socket or over HTTP under the same id', async () => {
      const id = await startSession();
      fake.script({ kind: 'reply', text: 'Go on.' });
      const socket = await socketOf(learner.token);
      const overSocket = await playTurn(socket, { session_id: id, turn_id: 'turn-1', text: 'Hello' }).result;
      const overHttp = await api(learner.token).call(sessions.turn, {
        params: { id },
        body: { text: 'Hello', turn_id: 'turn-1' },
      });
      expect(overSocket).toEqual({ ok: true, answer: overHttp.body });
      expect(fake.completions()).toHaveLength(1);
      await expect.poll(() => transcript(id)).toHaveLength(3);
    });

    it('streams the built-in provider’s reply to a library scenario', async () => {
      const library = starterLibraryItemId('scenario', 'price', 'en-GB');
      const started = await api(learner.token).call(sessions.create, { body: { scenario_id: library } });
      expect(started.status).toBe(201);
      const socket = await socketOf(learner.token);
      const { deltas, result } = playTurn(socket, {
        session_id: started.body.id!,
        turn_id: 'turn-1',
        text: 'What would make this worth it for you?',
      });
      const answer = await result;
      expect(answer).toMatchObject({ ok: true, answer: { status: 'in-progress' } });
      expect(deltas.length).toBeGreaterThan(1);
      expect(deltas.join('').trim()).toBe(answer !== 'dropped' && answer.ok ? answer.answer.reply : '');
    });

    it("refuses another user's session as missing, and a malformed turn with the fields at fault, in the socket's language", async () => {
      const id = await startSession();
      const theirs = await socketOf(stranger);
      const refused = await playTurn(theirs, { session_id: id, turn_id: 'turn-1', text: 'Hi' }).result;
      expect(refused).toMatchObject({ ok: false, status: 404, error: { code: 'coaching_session_not_found' } });
      const malformed = await playTurn(theirs, { session_id: id, turn_id: 'turn 1!', text: '' }).result;
      expect(malformed).toMatchObject({ ok: false, status: 400, error: { code: 'invalid_request' } });
      const paths = malformed !== 'dropped' && !malformed.ok ? malformed.error.details?.issues : [];
      expect(paths?.map((issue) => issue.path).sort()).toEqual(['text', 'turn_id']);
      const french = await socketOf(stranger, 'fr-FR');
      const worded = await playTurn(french, { session_id: id, turn_id: 'turn-2', text: '' }).result;
      expect(worded !== 'dropped' && !worded.ok ? worded.error.details?.issues : []).toEqual([
        { path: 'text', message: 'Renseignez ce champ.' },
      ]);
      expect(fake.completions()).toHaveLength(0);
      expect(await transcript(id)).toHaveLength(1);
    });
  },
  {
    engines: 'one',
    env: async () => {
      fake = await startFakeOpenAiServer({ apiKey: FAKE_KEY, models: ['llama3.1'] });
      return { AI_ALLOW_PRIVATE_NETWORK: 'true', AI_CALL_TIMEOUT_MS: '1500' };
    },
  },
);
