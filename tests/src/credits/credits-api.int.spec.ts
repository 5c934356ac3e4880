// Moving credits through the API: issue, allocate, transfer, refusals, idempotent retries, and what /v1/me shows.
import { apiClient } from '@ai-coaching/api/testing';
import { userGroupOperations, type ErrorBody, type WalletFields } from '@ai-coaching/contracts';
import { userAccount } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { releaseReservation, reserveCredits, SYSTEM } from '@ai-coaching/application';
import { describe, expect, it } from 'vitest';
import { engines, MAX, creditsApi } from './credits-api-fixtures.js';

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[CREDITS]: credit movements on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      const h = creditsApi(engine);
      const { move, ok, history, tenant, walletOf, listOf } = h;

      it('issues, allocates, deallocates and answers both sides’ wallets', async () => {
        const t = await tenant(0);
        const issued = await ok(
          move(h.superAdmin.token, 'organizations', 'allocate_credit', t.organizationId, { nb_credits: 1000 }),
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
          move(h.superAdmin.token, 'organizations', 'deallocate_credit', t.organizationId, { nb_credits: 70 }),
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
        const groups = await apiClient(h.server, t.operator.token).call(userGroupOperations.list, { query: {} });
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
        const superAdminGift = await move(h.superAdmin.token, 'users', 'transfer_credit', t.bob.userId, {
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
        await ok(
          move(h.superAdmin.token, 'organizations', 'allocate_credit', fresh.organizationId, { nb_credits: MAX }),
        );
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
        const bySuperAdmin = await ok(move(h.superAdmin.token, 'users', 'allocate_credit', other.alice.userId, one));
        expect(bySuperAdmin.from).toMatchObject({ account: `organization:${other.organizationId}`, credit_wallet: 99 });
        // Operators do not issue credits; an unknown organization is a 404 for super-admins.
        expect((await move(t.operator.token, 'organizations', 'allocate_credit', t.organizationId, one)).status).toBe(
          403,
        );
        expect(await code(move(h.superAdmin.token, 'organizations', 'allocate_credit', newId(), one))).toEqual([
          404,
          'organization_not_found',
        ]);

        expect(
          await code(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 101 })),
        ).toEqual([409, 'insufficient_credits']);
        const short = await move(t.operator.token, 'users', 'deallocate_credit', t.alice.userId, { nb_credits: 1 });
        expect(short.body).toMatchObject({ code: 'insufficient_credits', details: { available: 0 } });
        const withdraw = await move(h.superAdmin.token, 'organizations', 'deallocate_credit', t.organizationId, {
          nb_credits: 101,
        });
        expect(withdraw.body).toMatchObject({ code: 'insufficient_credits', details: { available: 100 } });

        // An invited user can hold credits; a disabled one cannot, nor an archived group or organization.
        const operator = apiClient(h.server, t.operator.token);
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
          (await apiClient(h.server, h.superAdmin.token).send('DELETE', `/v1/organizations/${other.organizationId}`))
            .status,
        ).toBe(204);
        expect(
          await code(move(h.superAdmin.token, 'organizations', 'allocate_credit', other.organizationId, one)),
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

      it('shows in /v1/me what the user may spend: allocations in, reservations held', async () => {
        const t = await tenant();
        await ok(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 100 }));
        const me = () => apiClient(h.server, t.alice.token).send<Pick<WalletFields, 'credit_wallet'>>('GET', '/v1/me');
        expect((await me()).body.credit_wallet).toBe(100);
        const services = { ...h.server.platform, wakeProjections: () => h.server.projections.wake() };
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
