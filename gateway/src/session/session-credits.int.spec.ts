import { runLedgerCommand, SYSTEM } from '@ai-coaching/application';
import { openTestApp, type TestApp } from '@ai-coaching/application/testing';
import { permissionsOf, userAccount } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { postgresAvailability } from '@ai-coaching/platform/testing';
import { findWallet } from '@ai-coaching/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocketData } from '../socket-data.js';
import { reserveSessionCredits, settleSessionCredits } from './session-credits.js';

// The gateway pays for sessions through the application layer's use cases, with no API in between:
// this spec imports nothing of `@ai-coaching/api` (and lint refuses it in the gateway).

const postgres = await postgresAvailability();
const engines = [
  { name: 'pglite' as const, available: true, reason: undefined },
  { name: 'postgres' as const, ...postgres },
];

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[CREDITS]: a session started over the gateway reserves and settles credits on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let app: TestApp;
      beforeAll(async () => {
        app = await openTestApp(engine.name);
      }, 90_000);
      afterAll(() => app?.close());

      /** A learner's socket, in an organization whose ledger gave them `credits`. */
      const learnerWith = async (credits: number): Promise<SocketData> => {
        const organizationId = newId();
        const userId = newId();
        const base = { organizationId, actorId: null };
        const now = { now: app.services.clock.now().toISOString() };
        await runLedgerCommand(
          app.services,
          SYSTEM,
          { type: 'IssueCredits', data: { ...base, transferId: newId(), amount: credits }, metadata: now },
          { commandId: newId() },
        );
        await runLedgerCommand(
          app.services,
          SYSTEM,
          {
            type: 'AllocateCredits',
            data: { ...base, transferId: newId(), to: userAccount(userId), amount: credits },
            metadata: now,
          },
          { commandId: newId() },
        );
        return {
          userId,
          role: 'user',
          organizationId,
          tokenType: 'access',
          caller: {
            kind: 'user',
            userId,
            organizationId,
            email: `${userId}@example.test`,
            firstName: 'Lea',
            lastName: 'Learner',
            role: 'user',
            permissions: permissionsOf('user'),
            sessionId: newId(),
          },
        };
      };

      it('holds the session’s maximum cost, then charges what it used and frees the rest', async () => {
        const socket = await learnerWith(20);
        const sessionId = newId();
        const held = await reserveSessionCredits(app.services, socket, { sessionId, maxCredits: 8, ttlSeconds: 600 });
        expect(held).toMatchObject({
          status: 'pending',
          amount: 8,
          wallet: { credit_wallet: 12, posted: 20, pending: 8 },
        });
        // A reconnect that starts the same session again holds nothing more.
        expect(
          await reserveSessionCredits(app.services, socket, { sessionId, maxCredits: 8, ttlSeconds: 600 }),
        ).toEqual(held);
        expect(await findWallet(app.services.db, userAccount(socket.userId))).toEqual({
          posted: 20,
          pending: 8,
          available: 12,
        });

        const settled = await settleSessionCredits(app.services, socket, { sessionId, usedCredits: 3 });
        expect(settled).toMatchObject({ status: 'captured', capturedAmount: 3, releasedAmount: 5 });
        expect(settled.wallet).toEqual({
          account: userAccount(socket.userId),
          credit_wallet: 17,
          posted: 17,
          pending: 0,
        });
        expect(await findWallet(app.services.db, userAccount(socket.userId))).toEqual({
          posted: 17,
          pending: 0,
          available: 17,
        });
      });

      it('refuses a session the learner cannot pay for, holding nothing', async () => {
        const socket = await learnerWith(5);
        await expect(
          reserveSessionCredits(app.services, socket, { sessionId: newId(), maxCredits: 6, ttlSeconds: 600 }),
        ).rejects.toMatchObject({ status: 409, code: 'insufficient_credits', details: { available: 5 } });
        expect(await findWallet(app.services.db, userAccount(socket.userId))).toMatchObject({
          pending: 0,
          available: 5,
        });
      });

      it('frees the whole hold of a session that cost nothing', async () => {
        const socket = await learnerWith(4);
        const sessionId = newId();
        await reserveSessionCredits(app.services, socket, { sessionId, maxCredits: 4, ttlSeconds: 600 });
        const released = await settleSessionCredits(app.services, socket, { sessionId, usedCredits: 0 });
        expect(released).toMatchObject({ status: 'released', releasedAmount: 4 });
        expect(released.wallet).toMatchObject({ credit_wallet: 4, pending: 0 });
      });
    },
  );
}
