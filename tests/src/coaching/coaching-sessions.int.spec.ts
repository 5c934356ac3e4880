import { coachingSessionReservationId, expireReservation, starterLibraryItemId } from '@ai-coaching/application';
import { STARTER_CORPUS } from '@ai-coaching/application/starter-corpus';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import { coachingSessionOperations as sessions, scenarioContent } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fundUser, walletOf } from '../credits/credit-test-client.js';
import { connectFakeChatModel } from '../fakes/fake-chat-model.js';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/openai-server.js';
import { coachingTeam, paidBuiltinModel, publishedScenario, unique } from './session-fixtures.js';

const FAKE_KEY = 'sk-fake-sessions-0123456789';

let fake: FakeOpenAiServer;

await describeApi(
  '[COACHING]: text sessions over HTTP, with credits,',
  (context) => {
    const a = {
      organizationId: '',
      operator: '',
      editor: '',
      learner: '',
      learnerId: '',
      colleague: '',
      poor: '',
      poorId: '',
    };
    const b = { learner: '' };
    /** The library's en-GB "hold the price" scenario, on the free built-in model. */
    let libraryScenario = '';
    /** Own scenarios on models at 2 credits a minute: the built-in one, and the fake OpenAI-compatible one. */
    let paidScenario = '';
    let fakeScenario = '';
    const { api } = context;

    /** The figures the operator sees of a user's wallet. */
    const wallet = (userId: string) => walletOf(context.server, a.operator, userId);
    const start = (token: string, scenarioId: string) =>
      api(token).call(sessions.create, { body: { scenario_id: scenarioId } });
    const say = (token: string, id: string, text: string, turnId?: string) =>
      api(token).call(sessions.turn, {
        params: { id },
        body: { text, ...(turnId === undefined ? {} : { turn_id: turnId }) },
      });
    const read = (token: string, id: string) => api(token).call(sessions.read, { params: { id } });

    /** An own scenario with a mission to win by saying "deal", on this model (its observer's too), published with all it uses. */
    const ownScenario = (modelId: string, timeLimitSeconds: number) =>
      publishedScenario(context.server, a.editor, { modelId, timeLimitSeconds, observerModelId: modelId });

    beforeAll(async () => {
      Object.assign(a, await coachingTeam(context.server));
      const poor = await signInAs(context.server, { role: 'user', organizationId: a.organizationId });
      Object.assign(a, { poor: poor.token, poorId: poor.userId });
      await fundUser(
        context.server,
        { superAdmin: context.superAdmin.token, operator: a.operator },
        { organizationId: a.organizationId, userId: a.learnerId },
        { organization: 100, user: 100 },
      );
      b.learner = (
        await signInAs(context.server, {
          role: 'user',
          organizationId: await createTestOrganization(context.server, unique('Beta')),
        })
      ).token;

      const library = await api(a.learner).call(scenarioContent.operations.list, {
        query: { source: 'library', page_size: 48 },
      });
      const wanted = starterLibraryItemId('scenario', 'price', 'en-GB');
      libraryScenario = library.body.items.find((item) => item.id === wanted)!.id;

      paidScenario = await ownScenario(await paidBuiltinModel(context.server, context.superAdmin.token), 120);

      const fakeModel = await connectFakeChatModel(api(context.superAdmin.token), fake, {
        apiKey: FAKE_KEY,
        modelId: 'llama3.1',
        creditsPerMinute: 2,
      });
      fakeScenario = await ownScenario(fakeModel.modelId, 120);
    }, 180_000);
    afterAll(async () => {
      await fake?.close();
    });

    it('plays a library scenario on the free built-in model from the greeting to a win', async () => {
      const before = await wallet(a.learnerId);
      const started = await start(a.learner, libraryScenario);
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        scenario_id: libraryScenario,
        status: 'in-progress',
        user_id: a.learnerId,
        language: 'en-GB',
        cost_credits: 0,
        credits_per_minute: 0,
        reserved_credits: 0,
        time_limit_seconds: 600,
        end_reason: null,
      });
      expect(started.body.ended_at).toBeUndefined();
      expect(started.body.turns).toEqual([
        {
          id: expect.any(String),
          role: 'persona',
          text: expect.stringContaining('Margaret Hughes'),
          at: expect.any(String),
        },
      ]);
      const id = started.body.id!;

      // A strong conversation of the starter corpus, as a learner would type it (docs/ai-builtin-provider.md).
      const lines = STARTER_CORPUS.price['en-GB'].strong[0]!;
      for (const line of lines.slice(0, -1)) {
        const answer = await say(a.learner, id, line);
        expect(answer.status).toBe(200);
        expect(answer.body).toEqual({ reply: expect.any(String), status: 'in-progress' });
      }
      const won = await say(a.learner, id, lines.at(-1)!);
      expect(won.body.status).toBe('win');
      expect(won.body.reply).not.toMatch(/\[\[|#-/);

      const after = await read(a.learner, id);
      expect(after.body).toMatchObject({ status: 'win', end_reason: 'marker', cost_credits: 0 });
      expect(after.body.ended_at).toEqual(expect.any(String));
      expect(after.body.turns!.map((turn) => turn.role)).toEqual([
        'persona',
        ...lines.flatMap(() => ['learner', 'persona']),
      ]);
      expect(await wallet(a.learnerId)).toEqual(before);

      const ended = await say(a.learner, id, 'One more thing');
      expect(ended.status).toBe(409);
      expect(ended.body.code).toBe('coaching_session_ended');
    });

    it('starts once for a retried request with the same Idempotency-Key, reserving once', async () => {
      const before = await wallet(a.learnerId);
      const headers = { 'Idempotency-Key': `start-${newId()}` };
      const body = { scenario_id: paidScenario };
      const first = await api(a.learner).call(sessions.create, { body }, { headers });
      const retried = await api(a.learner).call(sessions.create, { body }, { headers });
      expect(retried.status).toBe(201);
      expect(retried.body.id).toBe(first.body.id);
      expect(first.body.mission_goal).toBe('Close the deal');
      // The play screens speak of the persona by its name: "Sam … is listening."
      expect(first.body.persona_name).toMatch(/^Sam/);
      expect((await wallet(a.learnerId)).credit_pending).toBe(before.credit_pending + 4);
      await api(a.learner).call(sessions.abort, { params: { id: first.body.id! } });
    });

    it('ends in loose when the learner says a failure phrase', async () => {
      const { body } = await start(a.learner, libraryScenario);
      const lost = await say(a.learner, body.id!, 'This is our final price, take it or leave it.');
      expect(lost.body.status).toBe('loose');
    });

    it('reserves the price of a paid model for the whole limit and captures only the minutes started', async () => {
      const before = await wallet(a.learnerId);
      const started = await start(a.learner, paidScenario);
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({ credits_per_minute: 2, reserved_credits: 4, time_limit_seconds: 120 });
      expect(await wallet(a.learnerId)).toMatchObject({
        credit_wallet: before.credit_wallet - 4,
        credit_pending: before.credit_pending + 4,
      });
      const won = await say(a.learner, started.body.id!, 'So we have a deal?');
      expect(won.body.status).toBe('win');
      const after = await read(a.learner, started.body.id!);
      expect(after.body.cost_credits).toBe(2);
      const me = await api(a.learner).send<{ credit_wallet: number }>('GET', '/v1/me');
      expect(me.body.credit_wallet).toBe(before.credit_wallet - 2);
      expect(await wallet(a.learnerId)).toEqual({
        ...before,
        credit_wallet: before.credit_wallet - 2,
        credit_posted: before.credit_posted - 2,
      });
      // Ending again changes nothing and charges nothing more.
      expect((await api(a.learner).call(sessions.end, { params: { id: started.body.id! } })).body.status).toBe('win');
      expect((await wallet(a.learnerId)).credit_wallet).toBe(before.credit_wallet - 2);
    });

    it('refuses to start without enough credits, with the balance and the price, reserving nothing', async () => {
      const refused = await api(a.poor).call(
        sessions.create,
        { body: { scenario_id: paidScenario } },
        { headers: { 'accept-language': 'fr-FR' } },
      );
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'insufficient_credits', details: { available: 0, price: 4 } });
      expect(refused.body.message).toContain('4');
      expect(refused.body.message).toMatch(/Crédits insuffisants/);
      expect(await wallet(a.poorId)).toMatchObject({ credit_wallet: 0, credit_pending: 0 });
      const mine = await api(a.poor).call(sessions.list, { query: {} });
      expect(mine.body.total).toBe(0);
    });

    it('briefs a learner before starting: persona and greeting, mission, observers, price and own balance', async () => {
      const briefing = await api(a.poor).call(sessions.briefing, { params: { id: paidScenario } });
      expect(briefing.status).toBe(200);
      expect(briefing.body).toMatchObject({
        scenario_id: paidScenario,
        language: 'en-GB',
        mission: { goal: 'Close the deal', success_criteria: ['deal'], turn_limit: 10 },
        credits_per_minute: 2,
        price_credits: 4,
        available_credits: 0,
      });
      expect(briefing.body.persona.greeting).toContain(briefing.body.persona.name);
      expect(briefing.body.observers).toHaveLength(1);
      const library = await api(a.learner).call(sessions.briefing, { params: { id: libraryScenario } });
      expect(library.body).toMatchObject({ price_credits: 0, credits_per_minute: 0 });
      // Another organization's scenario is not there for them.
      expect((await api(b.learner).call(sessions.briefing, { params: { id: paidScenario } })).status).toBe(404);
    });

    it('aborts: status abort, the minute started captured and the rest released, once', async () => {
      const before = await wallet(a.learnerId);
      const { body } = await start(a.learner, paidScenario);
      const aborted = await api(a.learner).call(sessions.abort, { params: { id: body.id! } });
      expect(aborted.body).toMatchObject({ status: 'abort', end_reason: 'learner_aborted', cost_credits: 2 });
      const again = await api(a.learner).call(sessions.abort, { params: { id: body.id! } });
      expect(again.body.status).toBe('abort');
      expect(await wallet(a.learnerId)).toMatchObject({
        credit_wallet: before.credit_wallet - 2,
        credit_pending: before.credit_pending,
      });
    });

    it('records a resent turn once, and asks the provider again only while it awaits its reply', async () => {
      const { body } = await start(a.learner, paidScenario);
      const id = body.id!;
      const first = await say(a.learner, id, 'Hello Sam', 'turn-1');
      const again = await say(a.learner, id, 'Hello Sam', 'turn-1');
      expect(again.body).toEqual(first.body);
      expect((await read(a.learner, id)).body.turns).toHaveLength(3);
      const reused = await say(a.learner, id, 'Something else', 'turn-1');
      expect(reused.body.code).toBe('coaching_session_turn_id_reused');
      expect((await wallet(a.learnerId)).credit_pending).toBe(4);
      await api(a.learner).call(sessions.end, { params: { id } });
    });

    it('answers a failed reply with 503, records nothing, and plays the same turn once the provider is back', async () => {
      const before = await wallet(a.learnerId);
      const { body } = await start(a.learner, fakeScenario);
      const id = body.id!;
      fake.reset();
      fake.script({ kind: 'error', status: 400, body: { error: { message: 'broken' } } });
      const failed = await say(a.learner, id, 'Is it a deal?', 'turn-1');
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ code: 'coaching_session_reply_failed', details: { turn_id: 'turn-1' } });
      const waiting = await read(a.learner, id);
      expect(waiting.body.awaiting_reply_to).toBe('turn-1');
      expect(waiting.body.turns).toHaveLength(2);
      const other = await say(a.learner, id, 'Hello?', 'turn-2');
      expect(other.body).toMatchObject({ code: 'coaching_session_awaiting_reply', details: { turn_id: 'turn-1' } });

      fake.reset();
      fake.script({ kind: 'reply', text: 'Deal, then. [[WIN]]' });
      const retried = await say(a.learner, id, 'Is it a deal?', 'turn-1');
      expect(retried.body).toEqual({ reply: 'Deal, then.', status: 'win' });
      const after = await read(a.learner, id);
      expect(after.body.turns!.map((turn) => turn.text)).toEqual([expect.any(String), 'Is it a deal?', 'Deal, then.']);
      expect(await wallet(a.learnerId)).toMatchObject({
        credit_wallet: before.credit_wallet - 2,
        credit_pending: before.credit_pending,
      });
    });

    it('shows a session to its player and to those who check others, and to nobody else', async () => {
      const { body } = await start(a.learner, libraryScenario);
      const id = body.id!;
      for (const token of [b.learner, a.colleague]) {
        expect((await read(token, id)).status).toBe(404);
        expect((await say(token, id, 'Hello')).status).toBe(404);
        expect((await api(token).call(sessions.abort, { params: { id } })).status).toBe(404);
        expect((await api(token).call(sessions.rename, { params: { id }, body: { name: 'Mine' } })).status).toBe(404);
        expect((await api(token).call(sessions.delete, { params: { id } })).status).toBe(404);
      }
      expect((await api(a.colleague).call(sessions.list, { query: { scope: 'organization' } })).status).toBe(403);
      expect((await api(a.colleague).call(sessions.list, { query: { user_id: a.learnerId } })).status).toBe(403);

      const team = await api(a.operator).call(sessions.list, {
        query: { scope: 'organization', user_id: a.learnerId, scenario_id: libraryScenario, status: 'in-progress' },
      });
      expect(team.body.items.map((item) => item.id)).toContain(id);
      expect((await read(a.operator, id)).status).toBe(200);
      // Checking is reading: the operator does not play the learner's session.
      expect((await say(a.operator, id, 'Hello')).status).toBe(404);
      const mine = await api(a.learner).call(sessions.list, { query: { page_size: 48 } });
      expect(mine.body.items.every((item) => item.user_id === a.learnerId)).toBe(true);
      expect(mine.body.items.map((item) => item.id)).toContain(id);
      const theirs = await api(b.learner).call(sessions.list, { query: {} });
      expect(theirs.body.items.map((item) => item.id)).not.toContain(id);
    });

    it('has the reservation expiry end an abandoned session at its last turn and capture that time', async () => {
      const before = await wallet(a.learnerId);
      const { body } = await start(a.learner, paidScenario);
      const id = body.id!;
      await say(a.learner, id, 'Hello Sam');
      // The runtime died with the session: the job runs past the hold's expiry (time limit + grace).
      const later = { store: context.server.platform.store, clock: { now: () => new Date(Date.now() + 15 * 60_000) } };
      const payload = { organizationId: a.organizationId, reservationId: coachingSessionReservationId(id) };
      await expireReservation(later, payload, { causationId: 'test-expiry' });
      await expireReservation(later, payload, { causationId: 'test-expiry-again' });
      context.server.projections.wake();
      await expect.poll(async () => (await read(a.learner, id)).body.status, { timeout: 10_000 }).toBe('end');
      expect((await read(a.learner, id)).body).toMatchObject({ end_reason: 'expired', cost_credits: 2 });
      await expect
        .poll(() => wallet(a.learnerId), { timeout: 10_000 })
        .toEqual({
          credit_wallet: before.credit_wallet - 2,
          credit_posted: before.credit_posted - 2,
          credit_pending: before.credit_pending,
        });
    });

    it('renames, and deletes a session still playing after settling it', async () => {
      const before = await wallet(a.learnerId);
      const { body } = await start(a.learner, paidScenario);
      const id = body.id!;
      const renamed = await api(a.learner).call(sessions.rename, { params: { id }, body: { name: 'Practice run' } });
      expect(renamed.body.name).toBe('Practice run');
      expect((await api(a.learner).call(sessions.delete, { params: { id } })).status).toBe(204);
      expect((await read(a.learner, id)).status).toBe(404);
      expect(await wallet(a.learnerId)).toMatchObject({
        credit_wallet: before.credit_wallet - 2,
        credit_pending: before.credit_pending,
      });
    });
  },
  {
    env: async () => {
      fake = await startFakeOpenAiServer({ apiKey: FAKE_KEY, models: ['llama3.1'] });
      // The fake listens on 127.0.0.1, which only AI_ALLOW_PRIVATE_NETWORK lets a provider use.
      return { AI_ALLOW_PRIVATE_NETWORK: 'true' };
    },
  },
);
