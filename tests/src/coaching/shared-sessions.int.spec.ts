import { starterLibraryItemId } from '@ai-coaching/application';
import { createTestOrganization, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  coachingSessionAnalysisOperations as analyses,
  coachingSessionOperations as sessions,
  PROTOCOL_VERSION,
  sharedSessionOperations as links,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { beforeAll, expect, it } from 'vitest';
import { moveCredits, walletOf } from '../credits/credit-test-client.js';
import { paidBuiltinModel, publishedScenario, tablesMentioning, unique, winStarterPrice } from './session-fixtures.js';

// Issue 13: share links, guests, and what a guest token may touch (docs/shared-sessions.md).

const hour = () => new Date(Date.now() + 3600_000).toISOString();
const CODE_FAILURES = 4;
const JOINS_PER_LINK = 3;

await describeApi(
  '[SHARED SESSIONS]: links, guests and guest tokens,',
  (context) => {
    let organizationId = '';
    const organizationName = unique('Acme');
    let operator = '';
    let sharer = { token: '', userId: '', email: '' };
    let other = '';
    let stranger = '';
    let strangerLearner = '';
    /** The library's free scenario, and an own one on a model at 2 credits a minute (4 for its 2 minutes). */
    let freeScenario = '';
    let paidScenario = '';
    const { api } = context;

    /** The figures the operator sees of a user's wallet. */
    const wallet = (userId: string) => walletOf(context.server, operator, userId);
    const share = (scenarioId: string, body: Record<string, unknown> = {}, token = sharer.token) =>
      api(token).call(links.create, {
        body: { scenario_id: scenarioId, label: 'Workshop', expires_at: hour(), max_uses: 5, ...body } as never,
      });
    const join = (code: string, name = 'Ada Guest', headers: Record<string, string> = {}) =>
      api().call(
        links.join,
        { params: { access_code: code }, body: { display_name: name, accept_terms: true } },
        { headers },
      );

    beforeAll(async () => {
      organizationId = await createTestOrganization(context.server, organizationName);
      operator = (await signInAs(context.server, { role: 'operator', organizationId })).token;
      const editor = (await signInAs(context.server, { role: 'editor', organizationId })).token;
      sharer = await signInAs(context.server, { role: 'user', organizationId });
      other = (await signInAs(context.server, { role: 'user', organizationId })).token;
      const otherOrganization = await createTestOrganization(context.server, unique('B'));
      stranger = (await signInAs(context.server, { role: 'operator', organizationId: otherOrganization })).token;
      strangerLearner = (await signInAs(context.server, { role: 'user', organizationId: otherOrganization })).token;
      freeScenario = starterLibraryItemId('scenario', 'price', 'en-GB');
      paidScenario = await publishedScenario(context.server, editor, {
        modelId: await paidBuiltinModel(context.server, context.superAdmin.token),
        timeLimitSeconds: 120,
      });
      await moveCredits(context.server, context.superAdmin.token, 'organizations', 'allocate_credit', organizationId, {
        nb_credits: 20,
      });
      await moveCredits(context.server, operator, 'users', 'allocate_credit', sharer.userId, { nb_credits: 6 });
    }, 180_000);

    it('makes a link whose code is long, random-looking, given again to its sharer, and stored only as a hash', async () => {
      const created = await share(freeScenario);
      expect(created.status).toBe(201);
      const link = created.body;
      expect(link).toMatchObject({ scenario_id: freeScenario, label: 'Workshop', uses: 0, status: 'active' });
      expect(link.access_code).toMatch(/^[\w-]{43}$/);
      expect(link.url).toMatch(new RegExp(`/shared/ai-coaching-session/${link.access_code}$`));
      expect(link.paid_by).toEqual({ type: 'user', user_id: sharer.userId });
      const listed = await api(sharer.token).call(links.list, { query: {} });
      expect(listed.body.items.find((item) => item.id === link.id)?.access_code).toBe(link.access_code);
      const { rows } = await context.server.platform.db.query<{ found: number }>(
        `SELECT count(*)::int AS found FROM es_events WHERE data::text LIKE '%' || $1 || '%'`,
        [link.access_code],
      );
      expect(rows[0]!.found).toBe(0);
      // Not the other user's, nor another organization's.
      expect((await api(other).call(links.read, { params: { id: link.id } })).status).toBe(404);
      expect((await api(stranger).call(links.read, { params: { id: link.id } })).status).toBe(404);
      expect((await api(stranger).call(links.revoke, { params: { id: link.id } })).status).toBe(404);
      expect((await api(operator).call(links.read, { params: { id: link.id } })).status).toBe(200);
    });

    it('refuses a draft or unknown scenario, a past expiry and a group the sharer may not allocate from', async () => {
      expect((await share('00000000-0000-0000-0000-000000000000')).body.code).toBe('coaching_item_not_found');
      const past = await share(freeScenario, { expires_at: new Date(Date.now() - 1000).toISOString() });
      expect(past.status).toBe(400);
      expect(past.body.code).toBe('invalid_shared_session_expiry');
      const group = await api(operator).send<{ id: string }>('POST', '/v1/user_groups', {
        body: { name: unique('G'), organization_id: organizationId },
      });
      const refused = await share(freeScenario, { paid_by: { type: 'user_group', user_group_id: group.body.id } });
      expect(refused.status).toBe(403);
      const allowed = await share(
        freeScenario,
        { paid_by: { type: 'user_group', user_group_id: group.body.id } },
        operator,
      );
      expect(allowed.body.paid_by).toEqual({ type: 'user_group', user_group_id: group.body.id });
    });

    it('lets a visitor read the page, join with a name and play the one session the guest token names', async () => {
      const link = (await share(paidScenario)).body;
      const before = await wallet(sharer.userId);
      const page = await api().call(links.page, { params: { access_code: link.access_code } });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ label: 'Workshop', mission: { goal: 'Close the deal' } });
      expect(JSON.stringify(page.body)).not.toContain(sharer.userId);

      const joined = await join(link.access_code);
      expect(joined.status).toBe(201);
      const guest = joined.body.access_token;
      const sessionId = joined.body.session_id;
      // The link's wallet holds the price: the sharer's.
      expect((await wallet(sharer.userId)).credit_pending).toBe(before.credit_pending + 4);

      const me = await api(guest).send<{ organization_role: string; email: string }>('GET', '/v1/me');
      expect(me.body).toMatchObject({ organization_role: 'guest', email: '' });
      const read = await api(guest).call(sessions.read, { params: { id: sessionId } });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ user_id: null, guest_name: 'Ada Guest', status: 'in-progress' });

      // Over the gateway, the guest's own session plays; another one is refused.
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(context.server.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: guest, protocolVersion: PROTOCOL_VERSION },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      try {
        const played = await socket.emitWithAck('session.turn', {
          session_id: sessionId,
          turn_id: 'turn-1',
          text: 'Shall we make a deal?',
        });
        expect(played).toMatchObject({ ok: true, answer: { status: 'win' } });
        const own = (await api(sharer.token).call(sessions.create, { body: { scenario_id: freeScenario } })).body;
        const elsewhere = await socket.emitWithAck('session.turn', {
          session_id: own.id!,
          turn_id: 'turn-x',
          text: 'Hello',
        });
        expect(elsewhere).toMatchObject({ ok: false, status: 404, error: { code: 'coaching_session_not_found' } });
        // Over HTTP, nothing but its own session: not another session, nor lists, users, credits or content.
        expect((await api(guest).call(sessions.read, { params: { id: own.id! } })).status).toBe(403);
        expect((await api(guest).call(sessions.turn, { params: { id: own.id! }, body: { text: 'Hi' } })).status).toBe(
          403,
        );
        expect((await api(guest).call(sessions.end, { params: { id: own.id! } })).status).toBe(403);
        for (const path of [
          '/v1/coaching/sessions',
          '/v1/users',
          `/v1/users/${sharer.userId}`,
          '/v1/coaching/scenarios',
          '/v1/coaching/shared_sessions',
          `/v1/organizations/${organizationId}`,
        ]) {
          expect((await api(guest).send('GET', path)).status, path).toBe(403);
        }
        expect((await api(guest).call(links.create, { body: { scenario_id: freeScenario } as never })).status).toBe(
          403,
        );
      } finally {
        socket.disconnect();
      }

      // The guest reads the result and its report; the sharer lists and reads the guest's session.
      expect((await api(guest).call(analyses.analysis, { params: { id: sessionId }, query: {} })).status).not.toBe(403);
      const mine = await api(sharer.token).call(sessions.list, { query: {} });
      expect(mine.body.items.find((item) => item.id === sessionId)).toMatchObject({
        guest_name: 'Ada Guest',
        status: 'win',
      });
      expect((await api(sharer.token).call(sessions.read, { params: { id: sessionId } })).status).toBe(200);
      expect((await api(other).call(sessions.read, { params: { id: sessionId } })).status).toBe(404);
      // Captured from the sharer's wallet: one started minute.
      expect(await wallet(sharer.userId)).toMatchObject({
        credit_wallet: before.credit_wallet - 2,
        credit_pending: before.credit_pending,
      });
      expect((await api(sharer.token).call(links.read, { params: { id: link.id } })).body.uses).toBe(1);
    });

    it('tells a guest whether their link takes another guest and who offered it, to them alone', async () => {
      const link = (await share(freeScenario, { max_uses: 2 })).body;
      const first = (await join(link.access_code, 'Ada')).body;
      const guestLink = (token: string, id: string) => api(token).call(links.guestLink, { params: { id } });
      const open = await guestLink(first.access_token, first.session_id);
      expect(open.status).toBe(200);
      expect(open.body).toEqual({
        status: 'active',
        uses_left: 1,
        access_code: link.access_code,
        organization_name: organizationName,
      });
      const second = (await join(link.access_code, 'Bea')).body;
      // Used up: nothing to start again with, and still who offered it, for the guest's last page.
      expect((await guestLink(first.access_token, first.session_id)).body).toEqual({
        status: 'used_up',
        uses_left: 0,
        access_code: null,
        organization_name: organizationName,
      });
      // Another guest's session, or a user (the sharer and operators read links through their list): 403.
      for (const [token, id] of [
        [first.access_token, second.session_id],
        [sharer.token, first.session_id],
        [operator, first.session_id],
      ] as const) {
        const refused = await guestLink(token, id);
        expect(refused.status).toBe(403);
        expect(refused.body.code).toBe('forbidden');
      }
    });

    it('names the observers in a guest’s report, and gives a guest no other session’s report', async () => {
      const link = (await share(freeScenario)).body;
      const guest = (await join(link.access_code, 'Ada')).body;
      const other = (await join(link.access_code, 'Bea')).body;
      const say = (text: string) =>
        api(guest.access_token).call(sessions.turn, { params: { id: guest.session_id }, body: { text } });
      expect((await winStarterPrice(say)).body.status).toBe('win');
      const report = () =>
        api(guest.access_token).call(analyses.analysis, { params: { id: guest.session_id }, query: {} });
      await expect.poll(async () => (await report()).body.status, { timeout: 30_000, interval: 100 }).toBe('done');
      // The names the scenario's observers were published under, as the sharer reads them in its briefing.
      const briefing = (await api(sharer.token).call(sessions.briefing, { params: { id: freeScenario } })).body;
      const observers = (await report()).body.observers!;
      expect(observers.length).toBeGreaterThan(0);
      expect(observers.map((observer) => observer.name)).toEqual(
        observers.map((observer) => briefing.observers!.find((known) => known.id === observer.observer_id)!.name),
      );
      const elsewhere = await api(other.access_token).call(analyses.analysis, {
        params: { id: guest.session_id },
        query: {},
      });
      expect(elsewhere.status).toBe(403);
      expect(JSON.stringify(elsewhere.body)).not.toContain(observers[0]!.name!);
    });

    it('answers every closed or wrong code alike', async () => {
      const usedUp = (await share(freeScenario, { max_uses: 1 })).body;
      expect((await join(usedUp.access_code)).status).toBe(201);
      const revoked = (await share(freeScenario)).body;
      const live = await join(revoked.access_code);
      expect((await api(sharer.token).call(links.revoke, { params: { id: revoked.id } })).status).toBe(204);
      // Revoking ended the guest's live session.
      const ended = await api(live.body.access_token).call(sessions.read, { params: { id: live.body.session_id } });
      expect(ended.body.status).toBe('end');

      const answers = [];
      for (const code of [usedUp.access_code, revoked.access_code, 'a'.repeat(43)]) {
        const answer = await join(code, 'Ada');
        answers.push({ status: answer.status, body: answer.body });
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 404, body: { code: 'shared_session_unavailable' } });
    });

    it('counts starts per link: past the limit a link answers 429 for a while', async () => {
      const link = (await share(freeScenario, { max_uses: 10 })).body;
      for (let start = 0; start < JOINS_PER_LINK; start++) expect((await join(link.access_code)).status).toBe(201);
      const limited = await join(link.access_code);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('too_many_requests');
    });

    it('refuses guests once the link’s wallet runs dry, with a clear message, and tells the sharer by mail', async () => {
      const poor = await signInAs(context.server, { role: 'user', organizationId });
      const link = (await share(paidScenario, {}, poor.token)).body;
      const refused = await join(link.access_code);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('shared_session_wallet_empty');
      expect((await join(link.access_code, 'Bob', { 'accept-language': 'fr-FR' })).body.message).toContain('crédits');
      await expect
        .poll(
          async () => {
            const { rows } = await context.server.platform.db.query<{ count: number }>(
              'SELECT count(*)::int AS count FROM mail_outbox WHERE to_address = $1',
              [poor.email],
            );
            return rows[0]!.count;
          },
          { timeout: 15_000 },
        )
        .toBe(1);
    });

    it('lets whoever reads a guest’s session erase it: its sharer and their organization’s operators, nobody else', async () => {
      const link = (await share(freeScenario)).body;
      const name = unique('Grace Quokka');
      const first = (await join(link.access_code, name)).body;
      const second = (await join(link.access_code)).body;
      const remove = (token: string, id: string) => api(token).call(sessions.delete, { params: { id } });

      // A learner of the organization who did not share it, and another organization's operator and learner, find
      // no such session; the guest may play it but not delete it.
      for (const token of [other, stranger, strangerLearner]) {
        const refused = await remove(token, first.session_id);
        expect([refused.status, refused.body.code]).toEqual([404, 'coaching_session_not_found']);
      }
      expect((await remove(first.access_token, first.session_id)).status).toBe(403);
      expect((await api(sharer.token).call(sessions.read, { params: { id: first.session_id } })).status).toBe(200);
      expect(await tablesMentioning(context.server, name)).not.toEqual([]);

      // The sharer erases the first (still playing: it ends, charged as an abort), an operator the second.
      expect((await remove(sharer.token, first.session_id)).status).toBe(204);
      expect((await remove(operator, second.session_id)).status).toBe(204);
      for (const { session_id, access_token } of [first, second]) {
        expect((await api(sharer.token).call(sessions.read, { params: { id: session_id } })).status).toBe(404);
        expect((await api(access_token).call(sessions.read, { params: { id: session_id } })).status).toBe(404);
        expect((await remove(operator, session_id)).status).toBe(404);
      }
      const mine = await api(sharer.token).call(sessions.list, { query: {} });
      expect(mine.body.items.map((item) => item.id)).not.toContain(first.session_id);
      // Shredded like any other session: the guest's name is nowhere any more, while the link still counts its uses.
      expect(await tablesMentioning(context.server, name)).toEqual([]);
      expect((await api(sharer.token).call(links.read, { params: { id: link.id } })).body.uses).toBe(2);
    });

    it('tells a guest their session expired with the link; an operator can still open it, and its sharer erase it', async () => {
      const link = (await share(freeScenario, { expires_at: new Date(Date.now() + 2500).toISOString() })).body;
      const joined = (await join(link.access_code)).body;
      await new Promise((resolve) => setTimeout(resolve, 2600));
      const expired = await api(joined.access_token).call(sessions.read, { params: { id: joined.session_id } });
      expect(expired.status).toBe(403);
      expect(expired.body.code).toBe('coaching_session_access_expired');
      expect((await api(sharer.token).call(sessions.read, { params: { id: joined.session_id } })).body.code).toBe(
        'coaching_session_access_expired',
      );
      expect((await api(operator).call(sessions.read, { params: { id: joined.session_id } })).status).toBe(200);
      expect((await join(link.access_code)).body.code).toBe('shared_session_unavailable');
      // Erasing shows nothing of it: the link's expiry does not stand in the way.
      expect((await api(sharer.token).call(sessions.delete, { params: { id: joined.session_id } })).status).toBe(204);
      expect((await api(operator).call(sessions.read, { params: { id: joined.session_id } })).status).toBe(404);
    });

    // Last: it blocks this suite's only address (127.0.0.1) for a minute.
    it('blocks an address that tries codes, then answers 429 even to a good one', async () => {
      const good = (await share(freeScenario)).body;
      const statuses: number[] = [];
      for (let attempt = 0; attempt < CODE_FAILURES + 1; attempt++) {
        statuses.push((await api().call(links.page, { params: { access_code: `guess-${attempt}` } })).status);
      }
      // Earlier tests' wrong codes count too: 404s until the limit (maybe none left), then 429.
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((status) => status !== 404 && status !== 429)).toEqual([]);
      const blocked = await api().call(links.page, { params: { access_code: good.access_code } });
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('too_many_requests');
    });
  },
  {
    server: {
      authLimits: {
        'shared-session-code': { address: { max: CODE_FAILURES, windowSeconds: 60, blockSeconds: 60 } },
        // Every visitor here comes from 127.0.0.1: the suite counts starts per link only.
        'shared-session-join': {
          account: { max: JOINS_PER_LINK, windowSeconds: 60, blockSeconds: 60 },
          address: { max: 1000, windowSeconds: 60, blockSeconds: 60 },
        },
      },
    },
  },
);
