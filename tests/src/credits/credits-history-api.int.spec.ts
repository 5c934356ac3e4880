// The credit history through the API: filters, sort, pages and permissions, and its CSV export.
import { apiRoutes, type ApiServices } from '@ai-coaching/api';
import { apiClient, createTestUser, signIn } from '@ai-coaching/api/testing';
import { type CreditMovementItem, type Page } from '@ai-coaching/contracts';
import { permissionsOf, userAccount, type Permission } from '@ai-coaching/domain';
import { newId, type Caller, type GlobalPosition } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { handleLedgerCommand, releaseReservation, reserveCredits, SYSTEM } from '@ai-coaching/application';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './credit-test-client.js';
import { engines, creditsApi } from './credits-api-fixtures.js';

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[CREDITS]: credit history on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      const h = creditsApi(engine);
      const { move, ok, history, exportCsv, tenant } = h;

      it('lists the history with filters, sort and pages, named actors, and the permission split', async () => {
        const t = await tenant(500);
        for (let round = 0; round < 6; round++) {
          await ok(move(t.operator.token, 'users', 'allocate_credit', t.alice.userId, { nb_credits: 10 + round }));
          await ok(move(t.operator.token, 'user_groups', 'allocate_credit', t.groupId, { nb_credits: 5 }));
        }
        await ok(move(t.operator.token, 'users', 'deallocate_credit', t.alice.userId, { nb_credits: 3 }));
        await ok(move(t.alice.token, 'users', 'transfer_credit', t.bob.userId, { nb_credits: 7 }));
        const services = { ...h.server.platform, wakeProjections: () => h.server.projections.wake() };
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
          actor_id: h.superAdmin.userId,
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
          const refused = await apiClient(h.server, t.operator.token).send(
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
        expect((await history(h.superAdmin.token, t.organizationId)).body.total).toBe(17);

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
            services: h.server.platform as unknown as ApiServices,
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
        const tricky = await createTestUser(h.server, {
          role: 'operator',
          organizationId: t.organizationId,
          firstName: '=HYPERLINK("http://evil")',
          lastName: 'Smith, Jr',
        });
        const token = t.operator.token;
        const trickyToken = await signIn(h.server, tricky.email, tricky.password);
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
        const paged = await apiClient(h.server, token).send(
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
            h.server.platform.store,
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
        h.server.projections.wake();
        expect((await waitForProjections(h.server.platform.db, last!, { timeoutMs: 30_000 })).reached).toBe(true);
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
    },
  );
}
