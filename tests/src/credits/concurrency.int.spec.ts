import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '@ai-coaching/api/testing';
import {
  balancesOf,
  checkCreditLedger,
  creditLedgerDecider,
  creditLedgerStreamId,
  groupAccount,
  isOwnerAccount,
  organizationAccount,
  userAccount,
  type CreditEvent,
  type LedgerAccount,
  type OwnerAccount,
  type Posting,
} from '@ai-coaching/domain';
import { userGroupOperations, type CreditMovementResult, type WalletFields } from '@ai-coaching/contracts';
import { WrongExpectedRevisionError } from '@ai-coaching/platform';
import { postgresAvailability } from '@ai-coaching/platform/testing';
import { findWallets, waitForProjections } from '@ai-coaching/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveCredits, type CreditTarget, type CreditVerb } from './credit-test-client.js';

const postgres = await postgresAvailability();

/** A small seeded generator, so that a failing mix of operations can be replayed. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const OPERATIONS = 200;
const USERS = 7;
const ISSUED = 2000;
const STARTING_CREDITS = 40;

describe.skipIf(!postgres.available)(
  `[CREDITS]: concurrent movements on one organization, two API processes on one PostgreSQL${postgres.reason ? ` (skipped: ${postgres.reason})` : ''}`,
  () => {
    let first: TestServer;
    let second: TestServer;

    beforeAll(async () => {
      first = await startTestServerOn('postgres');
      // A second one-process server on the same database: its own ledger handler, cache and
      // projection runner, so the two meet only in the event store, as two API replicas do.
      second = await startTestServer({ DATABASE_URL: first.platform.config.DATABASE_URL! });
    }, 120_000);
    afterAll(async () => {
      await second?.close();
      await first?.close();
    });

    it('loses no update, overdraws nothing and answers only 200 or 409 insufficient_credits', async () => {
      const organizationId = await createTestOrganization(first);
      const superAdmin = await signInAs(first, { role: 'super-admin' });
      const operator = await signInAs(first, { role: 'operator', organizationId });
      const users: Awaited<ReturnType<typeof signInAs>>[] = [];
      for (let index = 0; index < USERS; index++) users.push(await signInAs(first, { role: 'user', organizationId }));
      const group = await apiClient(first, operator.token).call(userGroupOperations.create, {
        body: { name: 'Concurrency', organization_id: organizationId },
      });
      const groupId = group.body.id;
      expect(
        (
          await moveCredits(first, superAdmin.token, 'organizations', 'allocate_credit', organizationId, {
            nb_credits: ISSUED,
          })
        ).status,
      ).toBe(200);
      for (const user of users) {
        const answer = await moveCredits(first, operator.token, 'users', 'allocate_credit', user.userId, {
          nb_credits: STARTING_CREDITS,
        });
        expect(answer.status).toBe(200);
      }

      // The books as the accepted answers tell them.
      const model = new Map<OwnerAccount, number>([
        [organizationAccount(organizationId), ISSUED - USERS * STARTING_CREDITS],
      ]);
      for (const user of users) model.set(userAccount(user.userId), STARTING_CREDITS);
      model.set(groupAccount(groupId), 0);

      // Eight clients (the operator and seven users), every operation in flight at once, spread over both servers.
      const next = random(20_261_121);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
      type Operation = {
        token: string;
        target: CreditTarget;
        verb: CreditVerb;
        id: string;
        amount: number;
        from: OwnerAccount;
        to: OwnerAccount;
      };
      const operations: Operation[] = Array.from({ length: OPERATIONS }, (_, index) => {
        const client = index % (USERS + 1);
        const toGroup = next() < 0.25;
        if (client === 0) {
          const user = pick(users);
          const child = toGroup ? groupAccount(groupId) : userAccount(user.userId);
          const verb: CreditVerb = next() < 0.7 ? 'allocate_credit' : 'deallocate_credit';
          const parent = organizationAccount(organizationId);
          return {
            token: operator.token,
            target: toGroup ? 'user_groups' : 'users',
            verb,
            id: toGroup ? groupId : user.userId,
            amount: 1 + Math.floor(next() * 40),
            from: verb === 'allocate_credit' ? parent : child,
            to: verb === 'allocate_credit' ? child : parent,
          };
        }
        const giver = users[client - 1]!;
        const peer = pick(users.filter((user) => user !== giver));
        return {
          token: giver.token,
          target: toGroup ? 'user_groups' : 'users',
          verb: 'transfer_credit',
          id: toGroup ? groupId : peer.userId,
          amount: 1 + Math.floor(next() * 25),
          from: userAccount(giver.userId),
          to: toGroup ? groupAccount(groupId) : userAccount(peer.userId),
        };
      });
      const servers = [first, second];
      // Counts the appends that lost the race to the other process (and were decided again).
      let conflicts = 0;
      for (const server of servers) {
        const store = server.platform.store;
        const append = store.appendToStream.bind(store);
        store.appendToStream = async (...args) => {
          try {
            return await append(...args);
          } catch (error) {
            if (error instanceof WrongExpectedRevisionError) conflicts++;
            throw error;
          }
        };
      }
      const answers = await Promise.all(
        operations.map((operation, index) =>
          moveCredits(servers[index % 2]!, operation.token, operation.target, operation.verb, operation.id, {
            nb_credits: operation.amount,
          }),
        ),
      );

      expect(conflicts, 'appends that lost a race to the other server').toBeGreaterThan(0);
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
      const refusals = answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code);
      expect(new Set(refusals)).toEqual(new Set(refusals.length > 0 ? ['insufficient_credits'] : []));
      const accepted = operations.filter((_, index) => answers[index]!.status === 200);
      // Enough of both kinds got through for the mix to mean something, through both servers.
      expect(accepted.length).toBeGreaterThan(OPERATIONS / 2);
      expect(answers.filter((answer, index) => answer.status === 200 && index % 2 === 1).length).toBeGreaterThan(0);
      for (const [index, operation] of operations.entries()) {
        const answer = answers[index]!;
        if (answer.status !== 200) continue;
        const movement = answer.body as CreditMovementResult;
        expect([movement.from.account, movement.to.account, movement.nb_credits]).toEqual([
          operation.from,
          operation.to,
          operation.amount,
        ]);
        expect(movement.from.credit_wallet).toBeGreaterThanOrEqual(0);
        model.set(operation.from, model.get(operation.from)! - operation.amount);
        model.set(operation.to, model.get(operation.to)! + operation.amount);
      }

      // The ledger stream: contiguous, every movement balanced, one event per accepted answer.
      const recorded = await first.platform.store.readStream(creditLedgerStreamId(organizationId));
      expect(recorded.map((event) => event.revision)).toEqual(recorded.map((_, index) => BigInt(index)));
      const setup = 1 + USERS;
      expect(recorded).toHaveLength(setup + accepted.length);
      const transferIds = answers.filter((answer) => answer.status === 200).map((answer) => answer.body.transfer_id);
      expect(new Set(recorded.slice(setup).map((event) => (event.data as { transferId: string }).transferId))).toEqual(
        new Set(transferIds),
      );
      const sums = new Map<LedgerAccount, number>();
      for (const event of recorded) {
        const postings = (event.data as { postings: Posting[] }).postings;
        expect(postings.length).toBeGreaterThan(0);
        for (const { debit, credit, amount } of postings) {
          expect(debit).not.toBe(credit);
          expect(amount).toBeGreaterThan(0);
          sums.set(debit, (sums.get(debit) ?? 0) - amount);
          sums.set(credit, (sums.get(credit) ?? 0) + amount);
        }
      }
      expect([...sums.values()].reduce((total, value) => total + value, 0)).toBe(0);
      expect(sums.get('issuance')).toBe(-ISSUED);
      // The same invariants as the system bench and the cluster smoke check them on a live deployment.
      expect(checkCreditLedger(recorded, { now: new Date() }).violations).toEqual([]);

      // No lost update and no overdraft, in the folded ledger and in the read model alike.
      const state = recorded
        .map((event) => ({ type: event.type, data: event.data }) as CreditEvent)
        .reduce(creditLedgerDecider.evolve, creditLedgerDecider.initialState());
      const balances = balancesOf(state);
      for (const [account, expected] of model) {
        expect(expected, account).toBeGreaterThanOrEqual(0);
        expect(balances.get(account)?.posted ?? 0, account).toBe(expected);
        expect(sums.get(account) ?? 0, account).toBe(expected);
      }
      for (const [account, balance] of balances) {
        if (isOwnerAccount(account)) expect(balance.available, account).toBeGreaterThanOrEqual(0);
      }
      // Up to the ledger's last event: the store's head may lag behind it while other transactions are open.
      first.projections.wake();
      const last = recorded.at(-1)!.position;
      expect((await waitForProjections(first.platform.db, last, { timeoutMs: 30_000 })).reached).toBe(true);
      const wallets = await findWallets(first.platform.db, [...model.keys()]);
      for (const [account, expected] of model) {
        expect(wallets.get(account), account).toEqual({ posted: expected, pending: 0, available: expected });
      }
      // The organizations area's representation, read for its wallet only.
      const organization = await apiClient(second, operator.token).send<WalletFields>(
        'GET',
        `/v1/organizations/${organizationId}`,
      );
      expect(organization.body.credit_wallet).toBe(model.get(organizationAccount(organizationId)));
    }, 180_000);
  },
);
