import type {
  CreditEvent,
  CreditLedgerState,
  CreditsReserved,
  LedgerAccount,
  OwnerAccount,
  ReservationCaptured,
  ReservationExpired,
  ReservationReleased,
} from '@ai-coaching/domain';
import {
  availableOf,
  CONSUMED,
  creditLedgerStreamId,
  evolveCreditLedger,
  groupAccount,
  initialCreditLedgerState,
  ISSUANCE,
  organizationAccount,
  userAccount,
} from '@ai-coaching/domain';
import type { EventStore, GlobalPosition, RecordedEvent, SqlDatabase } from '@ai-coaching/platform';
import { createLogger } from '@ai-coaching/platform';
import { liveTableNames, type Projection } from '../runner/projection.js';
import { createProjectionRunner, waitForProjections, type ProjectionRunner } from '../runner/projection-runner.js';
import { openEventDatabase } from '../testing/read-model-harness.js';

/**
 * Test helpers: ledger events built by hand the way the decider writes them (postings included),
 * random valid sequences of them, and a PGlite event store with a runner to project them. Not
 * used by the read models themselves.
 */

export const minute = (n: number): string => new Date(Date.UTC(2026, 2, 1) + n * 60_000).toISOString();

/** Builders for one organization's ledger; transfer ids are numbered, so runs are reproducible. */
export const ledgerOf = (organizationId: string, actorId: string | null = 'operator') => {
  const org = organizationAccount(organizationId);
  let transfers = 0;
  const movement = (debit: LedgerAccount, credit: LedgerAccount, amount: number, occurredAt: string) => ({
    organizationId,
    transferId: `${organizationId}-t${(transfers += 1)}`,
    amount,
    postings: [{ debit, credit, amount }],
    actorId,
    occurredAt,
  });
  const resolution = (reservationId: string, account: OwnerAccount) => ({ organizationId, reservationId, account });
  return {
    org,
    stream: creditLedgerStreamId(organizationId),
    issued: (amount: number, at: string): CreditEvent => ({
      type: 'CreditsIssued',
      data: { ...movement(ISSUANCE, org, amount, at), to: org },
    }),
    withdrawn: (amount: number, at: string): CreditEvent => ({
      type: 'CreditsWithdrawn',
      data: { ...movement(org, ISSUANCE, amount, at), from: org },
    }),
    allocated: (to: OwnerAccount, amount: number, at: string): CreditEvent => ({
      type: 'CreditsAllocated',
      data: { ...movement(org, to, amount, at), from: org, to },
    }),
    deallocated: (from: OwnerAccount, amount: number, at: string): CreditEvent => ({
      type: 'CreditsDeallocated',
      data: { ...movement(from, org, amount, at), from, to: org },
    }),
    transferred: (from: OwnerAccount, to: OwnerAccount, amount: number, at: string): CreditEvent => ({
      type: 'CreditsTransferred',
      data: { ...movement(from, to, amount, at), from, to },
    }),
    reserved: (
      reservationId: string,
      account: OwnerAccount,
      amount: number,
      at: string,
      sessionId: string | null = `session-${reservationId}`,
    ): CreditsReserved => ({
      type: 'CreditsReserved',
      data: {
        ...resolution(reservationId, account),
        amount,
        sessionId,
        expiresAt: new Date(Date.parse(at) + 3_600_000).toISOString(),
        actorId,
        occurredAt: at,
      },
    }),
    captured: (
      reservationId: string,
      account: OwnerAccount,
      reserved: number,
      capturedAmount: number,
      at: string,
    ): ReservationCaptured => ({
      type: 'ReservationCaptured',
      data: {
        ...resolution(reservationId, account),
        capturedAmount,
        releasedAmount: reserved - capturedAmount,
        postings: capturedAmount > 0 ? [{ debit: account, credit: CONSUMED, amount: capturedAmount }] : [],
        actorId,
        occurredAt: at,
      },
    }),
    released: (reservationId: string, account: OwnerAccount, amount: number, at: string): ReservationReleased => ({
      type: 'ReservationReleased',
      data: { ...resolution(reservationId, account), releasedAmount: amount, actorId, occurredAt: at },
    }),
    expired: (reservationId: string, account: OwnerAccount, amount: number, at: string): ReservationExpired => ({
      type: 'ReservationExpired',
      data: { ...resolution(reservationId, account), releasedAmount: amount, occurredAt: at },
    }),
  };
};

/** mulberry32: a tiny seeded generator, so a failing sequence can be replayed from its seed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
};

export type RandomLedger = {
  appends: { stream: string; events: CreditEvent[] }[];
  /** Each organization's ledger as the domain folds it: the oracle for the read models. */
  states: Map<string, CreditLedgerState>;
};

/**
 * A random valid history of several organizations' ledgers, interleaved: every movement stays
 * within what its source has available (as the domain's own state says), and every reservation is
 * resolved at most once. Events come in small appends, some sharing a timestamp, as concurrent
 * commands would leave them.
 */
export const randomLedger = (seed: number, events: number, organizations = ['acme', 'globex']): RandomLedger => {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const upTo = (max: number) => 1 + Math.floor(next() * max);

  const ledgers = organizations.map((organizationId) => ({
    organizationId,
    builders: ledgerOf(organizationId),
    state: initialCreditLedgerState(),
    groups: [groupAccount(`${organizationId}-g1`), groupAccount(`${organizationId}-g2`)],
    users: [1, 2, 3].map((n) => userAccount(`${organizationId}-u${n}`)),
    open: [] as { reservationId: string; account: OwnerAccount; amount: number }[],
    reservations: 0,
  }));

  const appends: RandomLedger['appends'] = [];
  let time = 0;
  let written = 0;
  while (written < events) {
    const ledger = pick(ledgers);
    const { organizationId, builders, open } = ledger;
    const org = builders.org;
    const available = (account: OwnerAccount) => availableOf(ledger.state, account);
    const funded = (accounts: readonly OwnerAccount[]) => accounts.filter((account) => available(account) > 0);
    const children = [...ledger.groups, ...ledger.users];
    const batch: CreditEvent[] = [];
    const emit = (event: CreditEvent) => {
      batch.push(event);
      ledger.state = evolveCreditLedger(ledger.state, event);
    };
    for (let size = upTo(3); size > 0 && written + batch.length < events; size -= 1) {
      // Mostly forward in time; now and then two movements share an instant.
      if (next() < 0.8) time += upTo(30);
      const at = minute(time);
      const roll = next();
      if (roll < 0.12 || available(org) === 0) {
        emit(builders.issued(upTo(1000), at));
      } else if (roll < 0.18) {
        emit(builders.withdrawn(upTo(available(org)), at));
      } else if (roll < 0.38) {
        emit(builders.allocated(pick(children), upTo(available(org)), at));
      } else if (roll < 0.46 && funded(children).length > 0) {
        const from = pick(funded(children));
        emit(builders.deallocated(from, upTo(available(from)), at));
      } else if (roll < 0.56 && funded(ledger.users).length > 0) {
        const from = pick(funded(ledger.users));
        const to = pick([...ledger.groups, ...ledger.users.filter((user) => user !== from)]);
        emit(builders.transferred(from, to, upTo(available(from)), at));
      } else if (roll < 0.75 && funded(ledger.users).length > 0) {
        const account = pick(funded(ledger.users));
        const amount = upTo(available(account));
        ledger.reservations += 1;
        const reservationId = `${organizationId}-r${ledger.reservations}`;
        open.push({ reservationId, account, amount });
        emit(builders.reserved(reservationId, account, amount, at, next() < 0.2 ? null : `s-${reservationId}`));
      } else if (open.length > 0) {
        const { reservationId, account, amount } = open.splice(Math.floor(next() * open.length), 1)[0]!;
        const ending = next();
        if (ending < 0.6) {
          emit(builders.captured(reservationId, account, amount, Math.floor(next() * (amount + 1)), at));
        } else if (ending < 0.8) {
          emit(builders.released(reservationId, account, amount, at));
        } else {
          emit(builders.expired(reservationId, account, amount, at));
        }
      } else {
        emit(builders.issued(upTo(500), at));
      }
    }
    written += batch.length;
    appends.push({ stream: builders.stream, events: batch });
  }
  return { appends, states: new Map(ledgers.map((ledger) => [ledger.organizationId, ledger.state])) };
};

export type LedgerTestbed = {
  db: SqlDatabase;
  store: EventStore;
  runner: ProjectionRunner;
  /** Appends the events as one write and waits until the projections have applied them. */
  append(stream: string, events: readonly CreditEvent[]): Promise<RecordedEvent[]>;
  /** Every event of `$all`, in order. */
  allEvents(): Promise<RecordedEvent[]>;
  /** Applies every event again to the live tables, in one transaction, as a batch replayed by mistake would. */
  replayAll(): Promise<void>;
  /** Every row of a table, in a stable order, for before/after comparisons. */
  rows(table: string, orderBy: string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

export const openLedgerTestbed = async (
  projections: readonly Projection[],
  options: { batchSize?: number } = {},
): Promise<LedgerTestbed> => {
  const { db, store } = await openEventDatabase();
  const runner = createProjectionRunner({
    store,
    db,
    projections,
    logger: createLogger({ level: 'silent' }),
    pollIntervalMs: 10,
    ...options,
  });
  await runner.start();
  const names = projections.map((projection) => projection.name);

  const allEvents = async () => {
    const events: RecordedEvent[] = [];
    let after: GlobalPosition | undefined;
    for (;;) {
      const page = await store.readAll({ ...(after ? { after } : {}), maxCount: 500 });
      events.push(...page);
      if (page.length < 500) return events;
      after = page[page.length - 1]!.position;
    }
  };

  return {
    db,
    store,
    runner,
    async append(stream, events) {
      const ids = events.map(() => crypto.randomUUID());
      const { position } = await store.appendToStream(
        stream,
        events.map((event, index) => ({ id: ids[index]!, ...event })),
      );
      runner.wake();
      const wait = await waitForProjections(db, position, { timeoutMs: 10_000, names });
      if (!wait.reached)
        throw new Error(`Projections did not reach ${position}: ${JSON.stringify(await runner.statuses())}`);
      const recorded = await store.readStream(stream);
      return ids.map((id) => recorded.find((event) => event.id === id)!);
    },
    allEvents,
    async replayAll() {
      const events = await allEvents();
      await db.transaction(async (tx) => {
        for (const projection of projections) {
          const handled = new Set(projection.handles);
          for (const event of events) {
            if (handled.has(event.type)) await projection.apply(tx, event, liveTableNames(projection));
          }
        }
      });
    },
    rows: async (table, orderBy) => (await db.query(`SELECT * FROM ${table} ORDER BY ${orderBy}`)).rows,
    async close() {
      await runner.stop();
      await db.close();
    },
  };
};
