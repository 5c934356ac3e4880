import { apiRoutes, type ApiServices } from '@ai-coaching/api';
import {
  apiClient,
  createTestOrganization,
  createTestUser,
  signIn,
  signInAs,
  startTestServerOn,
  testEngines,
  type TestServer,
  type TestUser,
} from '@ai-coaching/api/testing';
import {
  creditHistoryOperations,
  userGroupOperations,
  type CreditMovementItem,
  type CreditMovementResult,
  type ErrorBody,
  type OperationRequest,
  type Page,
  type WalletFields,
} from '@ai-coaching/contracts';
import { permissionsOf, userAccount, type Permission } from '@ai-coaching/domain';
import { newId, type Caller, type GlobalPosition } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { handleLedgerCommand, releaseReservation, reserveCredits, SYSTEM } from '@ai-coaching/application';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCredits, parseCsv, type CreditTarget, type CreditVerb } from './credit-test-client.js';

const engines = await testEngines();

const MAX = 4_294_967_295;

type Signed = TestUser & { token: string };
type Tenant = {
  organizationId: string;
  operator: Signed;
  alice: Signed;
  bob: Signed;
  groupId: string;
};
type HistoryQuery = OperationRequest<typeof creditHistoryOperations.list>['query'];
type ExportQuery = OperationRequest<typeof creditHistoryOperations.export>['query'];

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[CREDITS]: credit movements on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let server: TestServer;
      let superAdmin: Signed;

      beforeAll(async () => {
        server = await startTestServerOn(engine.name);
        superAdmin = await signInAs(server, { role: 'super-admin' });
      }, 60_000);
      afterAll(() => server?.close());

      const move = (
        token: string,
        target: CreditTarget,
        verb: CreditVerb,
        id: string,
        body: unknown,
        headers: Record<string, string> = {},
      ) => moveCredits(server, token, target, verb, id, body, headers);
      const ok = async (answer: ReturnType<typeof moveCredits>) => {
        const { status, body } = await answer;
        expect(status, JSON.stringify(body)).toBe(200);
        return body as CreditMovementResult;
      };
      const history = (token: string, organizationId: string, query: HistoryQuery = {}) =>
        apiClient(server, token).call(creditHistoryOperations.list, {
          params: { organization_id: organizationId },
          query,
        });
      /** The CSV export; its body is the text of the download. */
      const exportCsv = (token: string, organizationId: string, query: ExportQuery = {}) =>
        apiClient(server, token).call(creditHistoryOperations.export, {
          params: { organization_id: organizationId },
          query,
        });

      /** An organization with an operator, two users and a group, and `credits` issued to it. */
      const tenant = async (credits = 1000): Promise<Tenant> => {
        const organizationId = await createTestOrganization(server);
        const operator = await signInAs(server, {
          role: 'operator',
          organizationId,
          firstName: 'Olive',
          lastName: 'Operator',
        });
        const alice = await signInAs(server, { role: 'user', organizationId, firstName: 'Alice', lastName: 'A' });
        const bob = await signInAs(server, { role: 'user', organizationId, firstName: 'Bob', lastName: 'B' });
        const group = await apiClient(server, operator.token).call(userGroupOperations.create, {
          body: { name: `Group ${newId().slice(-6)}`, organization_id: organizationId },
        });
        if (credits > 0) {
          await ok(move(superAdmin.token, 'organizations', 'allocate_credit', organizationId, { nb_credits: credits }));
        }
        return { organizationId, operator, alice, bob, groupId: group.body.id };
      };
      // Other areas' representations, read for their wallet figures only.
      const walletOf = async (token: string, path: string) =>
        (await apiClient(server, token).send<WalletFields>('GET', path)).body;
      const listOf = async (token: string, path: string) =>
        (await apiClient(server, token).send<Page<WalletFields & { id: string }>>('GET', path)).body;

      it('issues, allocates, deallocates and answers both sides’ wallets', async () => {
        const t = await tenant(0);
        const issued = await ok(
          move(superAdmin.token, 'organizations', 'allocate_credit', t.organizationId, { nb_credits: 1000 }),
        );
        expect(issued).toEqual({
          transfer_id: expect.any(String),
          nb_credits: 1000,
          from: { account: 'issuance', credit_wallet: -1000, posted: -1000, pending: 0 },
          to: { account: `organization:${t.organizationId}`, credit_wallet: 1000, posted: 1000, pending: 0 },
        });

        const toAlice = await ok(
          move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 300 }),
        );
        expect(toAlice.from).toMatchObject({ account: `organization:${t.organizationId}`, credit_wallet: 700 });
        expect(toAlice.to).toEqual({ account: `user:${t.alice.userId}`, credit_wallet: 300, posted: 300, pending: 0 });
        const toGroup = await ok(
          move(t.operator.token, 'user_groups', 'allocate_credit', t.groupId, { nb_credits: 200 }),
        );
        expect(toGroup.to).toMatchObject({ account: `group:${t.groupId}`, credit_wallet: 200 });
        expect(toGroup.from.credit_wallet).toBe(500);

        const back = await ok(move(t.operator.token, 'users', 'deallocate_credit', t.alice.userId, { nb_credits: 50 }));
        expect([back.from.credit_wallet, back.to.credit_wallet]).toEqual([250, 550]);
        const groupBack = await ok(
          move(t.operator.token, 'user_groups', 'deallocate_credit', t.groupId, { nb_credits: 20 }),
        );
        expect([groupBack.from.credit_wallet, groupBack.to.credit_wallet]).toEqual([180, 570]);
        const withdrawn = await ok(
          move(superAdmin.token, 'organizations', 'deallocate_credit', t.organizationId, { nb_credits: 70 }),
        );
        expect([withdrawn.from.credit_wallet, withdrawn.to]).toEqual([
          500,
          { account: 'issuance', credit_wallet: -930, posted: -930, pending: 0 },
        ]);

        // The representations carry the read model's figures as soon as the answer came.
        const wallet = (available: number) => ({
          credit_wallet: available,
          credit_posted: available,
          credit_pending: 0,
        });
        expect(await walletOf(t.operator.token, `/v1/users/${t.alice.userId}`)).toMatchObject(wallet(250));
        expect(await walletOf(t.operator.token, `/v1/user_groups/${t.groupId}`)).toMatchObject(wallet(180));
        expect(await walletOf(t.operator.token, `/v1/organizations/${t.organizationId}`)).toMatchObject(wallet(500));
        const users = await listOf(t.operator.token, '/v1/users');
        expect(users.items.find((user) => user.id === t.alice.userId)).toMatchObject(wallet(250));
        expect(users.items.find((user) => user.id === t.bob.userId)).toMatchObject(wallet(0));
        const groups = await apiClient(server, t.operator.token).call(userGroupOperations.list, { query: {} });
        expect(groups.body.items[0]).toMatchObject(wallet(180));
        const organizations = await listOf(t.operator.token, '/v1/organizations');
        expect(organizations.items[0]).toMatchObject(wallet(500));
        const me = await walletOf(t.alice.token, '/v1/me');
        expect(me.credit_wallet).toBe(250);
      });

      it('transfers the caller’s own credits to a peer or a group of the organization', async () => {
        const t = await tenant();
        await ok(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 100 }));

        const toBob = await ok(move(t.alice.token, 'users', 'transfer_credit', t.bob.userId, { nb_credits: 30 }));
        expect(toBob.from).toEqual({ account: `user:${t.alice.userId}`, credit_wallet: 70, posted: 70, pending: 0 });
        expect(toBob.to).toMatchObject({ account: `user:${t.bob.userId}`, credit_wallet: 30 });
        const toGroup = await ok(move(t.alice.token, 'user_groups', 'transfer_credit', t.groupId, { nb_credits: 20 }));
        expect([toGroup.from.credit_wallet, toGroup.to.credit_wallet]).toEqual([50, 20]);

        const self = await move(t.alice.token, 'users', 'transfer_credit', t.alice.userId, { nb_credits: 1 });
        expect([self.status, self.body.code]).toEqual([400, 'transfer_to_self']);
        const tooMuch = await move(t.alice.token, 'users', 'transfer_credit', t.bob.userId, { nb_credits: 51 });
        expect(tooMuch.status).toBe(409);
        expect(tooMuch.body).toMatchObject({ code: 'insufficient_credits', details: { available: 50 } });
        const unknown = await move(t.alice.token, 'users', 'transfer_credit', newId(), { nb_credits: 1 });
        expect([unknown.status, unknown.body.code]).toEqual([404, 'user_not_found']);

        // Peers only: another organization's user or group is unknown, also to a super-admin giving their own.
        const other = await tenant(0);
        for (const [target, id] of [
          ['users', other.alice.userId],
          ['user_groups', other.groupId],
        ] as const) {
          const refused = await move(t.alice.token, target, 'transfer_credit', id, { nb_credits: 1 });
          expect(refused.status).toBe(404);
        }
        const superAdminGift = await move(superAdmin.token, 'users', 'transfer_credit', t.bob.userId, {
          nb_credits: 1,
        });
        expect([superAdminGift.status, superAdminGift.body.code]).toEqual([404, 'user_not_found']);

        // Allocating is an operator's: a user who may only transfer is refused before anything is read.
        const allocate = await move(t.alice.token, 'users', 'allocate_credit', t.bob.userId, { nb_credits: 1 });
        expect(allocate.status).toBe(403);
        expect(await walletOf(t.bob.token, '/v1/me')).toMatchObject({ credit_wallet: 30 });
      });

      it('refuses a wrong nb_credits with invalid_nb_credits, whatever the target, and writes nothing', async () => {
        const t = await tenant();
        const wrong: unknown[] = ['5', 1.5, 0, -3, MAX + 1, 1e300, null, true, [], {}, ' 7 '];
        for (const nb_credits of wrong) {
          const answer = await move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits });
          expect([answer.status, answer.body.code], JSON.stringify(nb_credits)).toEqual([400, 'invalid_nb_credits']);
          expect(answer.body.details?.issues?.[0]?.path).toBe('nb_credits');
        }
        for (const body of [{}, '{"nb_credits": 1e999}']) {
          const answer = await move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, body);
          expect([answer.status, answer.body.code]).toEqual([400, 'invalid_nb_credits']);
        }
        // Checked before the target is looked up: an unknown one still answers 400 first.
        const first = await move(t.operator.token, 'user_groups', 'deallocate_credit', newId(), { nb_credits: 0 });
        expect([first.status, first.body.code]).toEqual([400, 'invalid_nb_credits']);
        const extra = await move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, {
          nb_credits: 1,
          note: 'x',
        });
        expect([extra.status, extra.body.code]).toEqual([400, 'invalid_request']);
        expect(extra.body.details?.issues?.map((issue) => issue.path)).toEqual(['note']);

        const movements = await history(t.operator.token, t.organizationId);
        expect(movements.body.items.map((item) => item.kind)).toEqual(['issued']);

        // The largest amount is accepted.
        const fresh = await tenant(0);
        await ok(move(superAdmin.token, 'organizations', 'allocate_credit', fresh.organizationId, { nb_credits: MAX }));
        const all = await ok(
          move(fresh.operator.token, 'users', 'allocate_credit', fresh.bob.userId, { nb_credits: MAX }),
        );
        expect(all.to.credit_wallet).toBe(MAX);
      });

      it('refuses unknown, disabled, archived and other organizations’ targets, and too few credits', async () => {
        const t = await tenant(100);
        const other = await tenant(100);
        const code = async (answer: Promise<{ status: number; body: Partial<ErrorBody> }>) => {
          const { status, body } = await answer;
          return [status, body.code];
        };
        const one = { nb_credits: 1 };
        expect(await code(move(t.operator.token, 'users', 'allocate_credit', newId(), one))).toEqual([
          404,
          'user_not_found',
        ]);
        expect(await code(move(t.operator.token, 'user_groups', 'allocate_credit', newId(), one))).toEqual([
          404,
          'user_group_not_found',
        ]);
        // Another organization's user or group answers exactly as a missing one.
        for (const verb of ['allocate_credit', 'deallocate_credit'] as const) {
          expect(await code(move(t.operator.token, 'users', verb, other.alice.userId, one))).toEqual([
            404,
            'user_not_found',
          ]);
          expect(await code(move(t.operator.token, 'user_groups', verb, other.groupId, one))).toEqual([
            404,
            'user_group_not_found',
          ]);
        }
        // A super-admin allocates in any organization, from that organization's wallet.
        const bySuperAdmin = await ok(move(superAdmin.token, 'users', 'allocate_credit', other.alice.userId, one));
        expect(bySuperAdmin.from).toMatchObject({ account: `organization:${other.organizationId}`, credit_wallet: 99 });
        // Operators do not issue credits; an unknown organization is a 404 for super-admins.
        expect((await move(t.operator.token, 'organizations', 'allocate_credit', t.organizationId, one)).status).toBe(
          403,
        );
        expect(await code(move(superAdmin.token, 'organizations', 'allocate_credit', newId(), one))).toEqual([
          404,
          'organization_not_found',
        ]);

        expect(
          await code(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 101 })),
        ).toEqual([409, 'insufficient_credits']);
        const short = await move(t.operator.token, 'users', 'deallocate_credit', t.alice.userId, { nb_credits: 1 });
        expect(short.body).toMatchObject({ code: 'insufficient_credits', details: { available: 0 } });
        const withdraw = await move(superAdmin.token, 'organizations', 'deallocate_credit', t.organizationId, {
          nb_credits: 101,
        });
        expect(withdraw.body).toMatchObject({ code: 'insufficient_credits', details: { available: 100 } });

        // An invited user can hold credits; a disabled one cannot, nor an archived group or organization.
        const operator = apiClient(server, t.operator.token);
        const invited = await operator.send<{ id: string }>('POST', '/v1/users', {
          body: {
            email: `invitee-${newId().slice(-8)}@example.test`,
            first_name: 'Ivy',
            last_name: '',
            organization_id: t.organizationId,
            organization_role: 'user',
          },
        });
        await ok(move(t.operator.token, 'users', 'allocate_credit', invited.body.id, { nb_credits: 5 }));
        expect(
          (await operator.send('PATCH', `/v1/users/${t.bob.userId}`, { body: { status: 'disabled' } })).status,
        ).toBe(200);
        for (const verb of ['allocate_credit', 'deallocate_credit'] as const) {
          expect(await code(move(t.operator.token, 'users', verb, t.bob.userId, one))).toEqual([
            409,
            'target_disabled',
          ]);
        }
        expect(await code(move(t.alice.token, 'users', 'transfer_credit', t.bob.userId, one))).toEqual([
          409,
          'target_disabled',
        ]);
        expect((await operator.call(userGroupOperations.archive, { params: { id: t.groupId } })).status).toBe(204);
        expect(await code(move(t.operator.token, 'user_groups', 'allocate_credit', t.groupId, one))).toEqual([
          409,
          'target_archived',
        ]);
        expect(
          (await apiClient(server, superAdmin.token).send('DELETE', `/v1/organizations/${other.organizationId}`))
            .status,
        ).toBe(204);
        expect(
          await code(move(superAdmin.token, 'organizations', 'allocate_credit', other.organizationId, one)),
        ).toEqual([409, 'target_archived']);

        const movements = await history(t.operator.token, t.organizationId, { sort: 'updated_at' });
        expect(movements.body.items.map((item) => [item.kind, item.amount])).toEqual([
          ['issued', 100],
          ['allocated', 5],
        ]);
      });

      it('replays a retry with the same Idempotency-Key and moves the credits once', async () => {
        const t = await tenant();
        const key = { 'Idempotency-Key': `alloc-${newId()}` };
        const first = await move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 40 }, key);
        const again = await move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 40 }, key);
        expect(first.status).toBe(200);
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        expect(again.headers.get('idempotent-replayed')).toBe('true');

        const reused = await move(
          t.operator.token,
          'users',
          'allocate_credit',
          t.alice.userId,
          { nb_credits: 41 },
          key,
        );
        expect([reused.status, reused.body.code]).toEqual([409, 'idempotency_key_reused']);
        const elsewhere = await move(
          t.operator.token,
          'users',
          'allocate_credit',
          t.bob.userId,
          { nb_credits: 40 },
          key,
        );
        expect(elsewhere.status).toBe(409);

        const movements = await history(t.operator.token, t.organizationId, { account: `user:${t.alice.userId}` });
        expect(movements.body.items).toHaveLength(1);
        expect(movements.body.items[0]).toMatchObject({
          kind: 'allocated',
          amount: 40,
          transfer_id: first.body.transfer_id,
        });
        expect(await walletOf(t.alice.token, '/v1/me')).toMatchObject({ credit_wallet: 40 });

        // A refused attempt is forgotten: the same key succeeds once the credits are there.
        const retryKey = { 'Idempotency-Key': `retry-${newId()}` };
        const refused = await move(
          t.alice.token,
          'users',
          'transfer_credit',
          t.bob.userId,
          { nb_credits: 50 },
          retryKey,
        );
        expect(refused.status).toBe(409);
        await ok(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 10 }));
        await ok(move(t.alice.token, 'users', 'transfer_credit', t.bob.userId, { nb_credits: 50 }, retryKey));
      });

      it('lists the history with filters, sort and pages, named actors, and the permission split', async () => {
        const t = await tenant(500);
        for (let round = 0; round < 6; round++) {
          await ok(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 10 + round }));
          await ok(move(t.operator.token, 'user_groups', 'allocate_credit', t.groupId, { nb_credits: 5 }));
        }
        await ok(move(t.operator.token, 'users', 'deallocate_credit', t.alice.userId, { nb_credits: 3 }));
        await ok(move(t.alice.token, 'users', 'transfer_credit', t.bob.userId, { nb_credits: 7 }));
        const services = { ...server.platform, wakeProjections: () => server.projections.wake() };
        const reservationId = newId();
        await reserveCredits(services, SYSTEM, {
          organizationId: t.organizationId,
          account: userAccount(t.bob.userId),
          amount: 4,
          sessionId: 'session-1',
          reservationId,
          ttlSeconds: 600,
          actorId: t.bob.userId,
        });
        await releaseReservation(services, SYSTEM, { organizationId: t.organizationId, reservationId });
        // 1 issued + 12 allocated + 1 deallocated + 1 transferred + reserved + released = 17.

        const first = await history(t.operator.token, t.organizationId);
        expect(first.status).toBe(200);
        expect(first.body).toMatchObject({ total: 17, page: 1, page_size: 12 });
        expect(first.body.items).toHaveLength(12);
        expect(first.body.items[0]).toEqual({
          id: expect.any(String),
          occurred_at: expect.any(String),
          actor_id: null,
          actor_name: null,
          kind: 'released',
          from: null,
          to: `user:${t.bob.userId}`,
          amount: 4,
          from_balance_after: null,
          to_balance_after: 7,
          transfer_id: null,
          reservation_id: reservationId,
          session_id: 'session-1',
        });
        expect(first.body.items[2]).toMatchObject({
          kind: 'transferred',
          actor_id: t.alice.userId,
          actor_name: 'Alice A',
          from: `user:${t.alice.userId}`,
          to: `user:${t.bob.userId}`,
          amount: 7,
          from_balance_after: 75 - 3 - 7,
          to_balance_after: 7,
        });
        const second = await history(t.operator.token, t.organizationId, { page: 2 });
        expect(second.body.items).toHaveLength(5);
        expect(second.body.items.at(-1)).toMatchObject({
          kind: 'issued',
          from: 'issuance',
          actor_id: superAdmin.userId,
        });
        const everyId = [...first.body.items, ...second.body.items].map((item) => item.id);
        expect(new Set(everyId).size).toBe(17);

        const oldest = await history(t.operator.token, t.organizationId, { sort: 'updated_at', page_size: 24 });
        expect(oldest.body.items.map((item) => item.id)).toEqual([...everyId].reverse());
        const times = oldest.body.items.map((item) => item.occurred_at);
        expect([...times].sort()).toEqual(times);

        const allocated = await history(t.operator.token, t.organizationId, { kind: 'allocated', page_size: 48 });
        expect(allocated.body.total).toBe(12);
        expect(allocated.body.items.every((item) => item.actor_name === 'Olive Operator')).toBe(true);
        const repeated = await history(t.operator.token, t.organizationId, { kind: ['deallocated', 'transferred'] });
        const listed = await history(t.operator.token, t.organizationId, { kind: 'deallocated,transferred' });
        expect(repeated.body.total).toBe(2);
        expect(listed.body).toEqual(repeated.body);
        const ofAlice = await history(t.operator.token, t.organizationId, {
          account: `user:${t.alice.userId}`,
          page_size: 48,
        });
        expect(ofAlice.body.total).toBe(8);
        const ofGroup = await history(t.operator.token, t.organizationId, { q: 'group:', page_size: 48 });
        expect(ofGroup.body.total).toBe(6);

        const today = new Date().toISOString().slice(0, 10);
        const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
        expect((await history(t.operator.token, t.organizationId, { from: today, to: today })).body.total).toBe(17);
        expect((await history(t.operator.token, t.organizationId, { from: tomorrow })).body.total).toBe(0);
        expect((await history(t.operator.token, t.organizationId, { to: yesterday })).body.total).toBe(0);
        const cut = oldest.body.items[5]!.occurred_at;
        const before = await history(t.operator.token, t.organizationId, { to: cut, page_size: 48 });
        expect(before.body.items.every((item) => item.occurred_at < cut)).toBe(true);

        for (const [query, field] of [
          ['kind=bogus', 'kind'],
          ['kind=', 'kind'],
          ['account=someone', 'account'],
          ['from=yesterday', 'from'],
          [`from=${tomorrow}&to=${yesterday}`, 'to'],
          ['page_size=13', 'page_size'],
          ['size=12', 'size'],
        ] as const) {
          const refused = await apiClient(server, t.operator.token).send(
            'GET',
            `/v1/organizations/${t.organizationId}/credit_movements?${query}`,
          );
          expect(refused.status, query).toBe(400);
          expect(
            refused.body.details?.issues?.map((issue) => issue.path.split('.')[0]),
            query,
          ).toContain(field);
        }

        // Scope: another organization's history is unknown; users read none; super-admins read any.
        const other = await tenant(0);
        expect((await history(other.operator.token, t.organizationId)).status).toBe(404);
        expect((await history(t.alice.token, t.organizationId)).status).toBe(403);
        expect((await history(superAdmin.token, t.organizationId)).body.total).toBe(17);

        // No role holds just one of the two read permissions today, so the route's handler is called
        // with such a caller against the server's own services.
        const route = apiRoutes([]).find((r) => r.path === '/v1/organizations/:organization_id/credit_movements')!;
        const kindsSeenWith = async (held: Permission) => {
          const caller: Caller = {
            kind: 'user',
            userId: t.operator.userId,
            organizationId: t.organizationId,
            email: t.operator.email,
            firstName: '',
            lastName: '',
            role: 'operator',
            permissions: permissionsOf('operator').filter(
              (p) => p === held || (p !== 'credit-transaction-read' && p !== 'credit-consumption-read'),
            ),
            sessionId: newId(),
          };
          const result = (await route.handler({
            params: { organization_id: t.organizationId },
            query: route.query!.parse({ page_size: '48' }),
            body: undefined,
            caller,
            origin: { caller },
            services: server.platform as unknown as ApiServices,
            ctx: undefined as never,
          })) as { body: Page<CreditMovementItem> };
          return [...new Set(result.body.items.map((item) => item.kind))].sort();
        };
        expect(await kindsSeenWith('credit-transaction-read')).toEqual([
          'allocated',
          'deallocated',
          'issued',
          'transferred',
        ]);
        expect(await kindsSeenWith('credit-consumption-read')).toEqual(['released', 'reserved']);
      });

      it('exports the history as streamed, defused RFC 4180 CSV with the same filters', async () => {
        const t = await tenant(100);
        const tricky = await createTestUser(server, {
          role: 'operator',
          organizationId: t.organizationId,
          firstName: '=HYPERLINK("http://evil")',
          lastName: 'Smith, Jr',
        });
        const token = t.operator.token;
        const trickyToken = await signIn(server, tricky.email, tricky.password);
        await ok(move(trickyToken, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 12 }));
        await ok(move(token, 'user_groups', 'allocate_credit', t.groupId, { nb_credits: 8 }));

        const response = await exportCsv(token, t.organizationId);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        const day = new Date().toISOString().slice(0, 10);
        expect(response.headers.get('content-disposition')).toBe(
          `attachment; filename="credit-movements-${t.organizationId}-${day}.csv"`,
        );
        const text = response.body as string;
        expect(text.endsWith('\r\n')).toBe(true);
        const rows = parseCsv(text);
        expect(rows[0]).toEqual([
          'id',
          'occurred_at',
          'actor_id',
          'actor_name',
          'kind',
          'from',
          'to',
          'amount',
          'from_balance_after',
          'to_balance_after',
          'transfer_id',
          'reservation_id',
          'session_id',
          // Issue 9 (1.8): the names follow the ids (credit-history-export.int.spec.ts checks them).
          'kind_label',
          'from_name',
          'to_name',
        ]);
        // Oldest first, as the ledger.
        expect(rows.slice(1).map((row) => [row[4], row[7]])).toEqual([
          ['issued', '100'],
          ['allocated', '12'],
          ['allocated', '8'],
        ]);
        expect(rows[2]![3]).toBe(`'=HYPERLINK("http://evil") Smith, Jr`);
        expect(text).toContain(`"'=HYPERLINK(""http://evil"") Smith, Jr"`);
        expect(rows[1]![9]).toBe('100');
        expect(rows[1]![8]).toBe('');

        const filtered = await exportCsv(token, t.organizationId, { kind: 'allocated', account: `group:${t.groupId}` });
        expect(
          parseCsv(filtered.body as string)
            .slice(1)
            .map((row) => row[6]),
        ).toEqual([`group:${t.groupId}`]);

        const other = await tenant(0);
        const hidden = await exportCsv(other.operator.token, t.organizationId);
        expect([hidden.status, hidden.body.code]).toEqual([404, 'organization_not_found']);
        const paged = await apiClient(server, token).send(
          'GET',
          `/v1/organizations/${t.organizationId}/credit_movements.csv`,
          { query: { page: 2 } },
        );
        expect(paged.status).toBe(400);
      });

      it('exports more rows than one batch holds, in order', async () => {
        const t = await tenant(5000);
        const count = 520;
        // Written straight to the ledger: the export, not 520 requests, is what is under test.
        let last: GlobalPosition | undefined;
        for (let index = 0; index < count; index++) {
          const result = await handleLedgerCommand(
            server.platform.store,
            {
              type: 'AllocateCredits',
              data: {
                organizationId: t.organizationId,
                actorId: t.operator.userId,
                transferId: newId(),
                to: userAccount(t.alice.userId),
                amount: 1,
              },
              metadata: { now: new Date().toISOString() },
            },
            { commandId: newId() },
          );
          last = result.append?.position;
        }
        server.projections.wake();
        expect((await waitForProjections(server.platform.db, last!, { timeoutMs: 30_000 })).reached).toBe(true);
        const response = await exportCsv(t.operator.token, t.organizationId);
        const rows = parseCsv(response.body as string).slice(1);
        expect(rows).toHaveLength(count + 1);
        expect(new Set(rows.map((row) => row[0])).size).toBe(count + 1);
        expect(rows.at(-1)![9]).toBe(String(count));
        const newest = parseCsv(
          (await exportCsv(t.operator.token, t.organizationId, { sort: '-updated_at' })).body as string,
        ).slice(1);
        expect(newest.map((row) => row[0])).toEqual(rows.map((row) => row[0]).reverse());
      }, 120_000);

      it('shows in /v1/me what the user may spend: allocations in, reservations held', async () => {
        const t = await tenant();
        await ok(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 100 }));
        const me = () => apiClient(server, t.alice.token).send<Pick<WalletFields, 'credit_wallet'>>('GET', '/v1/me');
        expect((await me()).body.credit_wallet).toBe(100);
        const services = { ...server.platform, wakeProjections: () => server.projections.wake() };
        const reservationId = newId();
        await reserveCredits(services, SYSTEM, {
          organizationId: t.organizationId,
          account: userAccount(t.alice.userId),
          amount: 30,
          sessionId: null,
          reservationId,
          ttlSeconds: 600,
        });
        expect((await me()).body.credit_wallet).toBe(70);
        expect(await walletOf(t.operator.token, `/v1/users/${t.alice.userId}`)).toMatchObject({
          credit_wallet: 70,
          credit_posted: 100,
          credit_pending: 30,
        });
        // Held credits cannot be pulled back nor given away.
        const pulled = await move(t.operator.token, 'users', 'deallocate_credit', t.alice.userId, { nb_credits: 71 });
        expect(pulled.body).toMatchObject({ code: 'insufficient_credits', details: { available: 70 } });
        await releaseReservation(services, SYSTEM, { organizationId: t.organizationId, reservationId });
        expect((await me()).body.credit_wallet).toBe(100);
      });
    },
  );
}
