import type { ListParams } from '@ai-coaching/domain';
import { balancesOf, groupAccount, isOwnerAccount, userAccount } from '@ai-coaching/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerOf, minute, openLedgerTestbed, randomLedger, type LedgerTestbed } from '../ledger-fixtures.js';
import {
  creditHistoryProjection,
  listCreditMovements,
  streamCreditMovements,
  type CreditMovement,
  type CreditMovementFilters,
  type CreditMovementListParams,
  type CreditMovementStreamParams,
} from './index.js';

const acme = ledgerOf('acme', 'admin-1');
const ada = userAccount('ada');
const bob = userAccount('bob');
const sales = groupAccount('sales');

/** The ledger of the list tests, oldest first; r1 and r2 are reserved at the same instant. */
const history = [
  acme.issued(1000, minute(1)),
  acme.allocated(ada, 300, minute(2)),
  acme.allocated(sales, 200, minute(3)),
  acme.transferred(ada, bob, 50, minute(4)),
  acme.deallocated(sales, 20, minute(5)),
  acme.withdrawn(100, minute(6)),
  acme.reserved('r1', ada, 100, minute(7)),
  acme.reserved('r2', bob, 30, minute(7), null),
  acme.captured('r1', ada, 100, 60, minute(8)),
  acme.released('r2', bob, 30, minute(9)),
  acme.reserved('r3', ada, 50, minute(10)),
  acme.expired('r3', ada, 50, minute(11)),
  acme.reserved('r4', ada, 20, minute(12)),
];

/** kind, from, to, amount, from balance after, to balance after: one line per event of `history`. */
const expectedRows = [
  ['issued', 'issuance', 'organization:acme', 1000, null, 1000],
  ['allocated', 'organization:acme', ada, 300, 700, 300],
  ['allocated', 'organization:acme', sales, 200, 500, 200],
  ['transferred', ada, bob, 50, 250, 50],
  ['deallocated', sales, 'organization:acme', 20, 180, 520],
  ['withdrawn', 'organization:acme', 'issuance', 100, 420, null],
  ['reserved', ada, null, 100, 250, null],
  ['reserved', bob, null, 30, 50, null],
  ['captured', ada, 'consumed', 60, 190, null],
  ['released', null, bob, 30, null, 50],
  ['reserved', ada, null, 50, 190, null],
  ['expired', null, ada, 50, null, 190],
  ['reserved', ada, null, 20, 190, null],
] as const;

const params = (overrides: Partial<CreditMovementListParams> = {}): CreditMovementListParams => ({
  page: 1,
  page_size: 12,
  sort: '-updated_at',
  organizationId: 'acme',
  ...overrides,
});
/** Minutes of the movements, which tell them apart in this ledger along with the kind. */
const summary = (items: CreditMovement[]) =>
  items.map((item) => `${item.kind}@${new Date(item.occurredAt).getUTCMinutes()}`);
const collect = async (iterable: AsyncIterable<CreditMovement>) => {
  const items: CreditMovement[] = [];
  for await (const item of iterable) items.push(item);
  return items;
};

describe('credit-history read model', () => {
  let bed: LedgerTestbed;

  beforeAll(async () => {
    bed = await openLedgerTestbed([creditHistoryProjection]);
    // In a few writes, as commands would append them.
    await bed.append(acme.stream, history.slice(0, 6));
    await bed.append(acme.stream, history.slice(6, 8));
    for (const event of history.slice(8)) await bed.append(acme.stream, [event]);
    const globex = ledgerOf('globex');
    await bed.append(globex.stream, [globex.issued(7, minute(3)), globex.allocated(userAccount('gus'), 7, minute(4))]);
  });
  afterAll(() => bed.close());

  it('records every movement with the posted balances of the owner accounts just after it', async () => {
    const page = await listCreditMovements(bed.db, params({ sort: 'updated_at', page_size: 24 }));
    expect(page.total).toBe(history.length);
    expect(
      page.items.map((item) => [
        item.kind,
        item.fromAccount,
        item.toAccount,
        item.amount,
        item.fromBalanceAfter,
        item.toBalanceAfter,
      ]),
    ).toEqual(expectedRows);
  });

  it('keeps the ids, the actor, the time and the position of each movement', async () => {
    const events = (await bed.allEvents()).filter((event) => event.streamId === acme.stream);
    const { items } = await listCreditMovements(bed.db, params({ sort: 'updated_at', page_size: 24 }));
    expect(items.map((item) => [item.movementId, item.position])).toEqual(
      events.map((event) => [event.id, event.position]),
    );
    expect(items[1]).toEqual({
      movementId: events[1]!.id,
      organizationId: 'acme',
      kind: 'allocated',
      transferId: 'acme-t2',
      reservationId: null,
      sessionId: null,
      fromAccount: 'organization:acme',
      toAccount: ada,
      amount: 300,
      fromBalanceAfter: 700,
      toBalanceAfter: 300,
      actorId: 'admin-1',
      occurredAt: minute(2),
      position: events[1]!.position,
    });
    // The session of a reservation is kept on the movements that resolve it; an expiry has no actor.
    const consumption = items.filter((item) => item.reservationId !== null);
    expect(consumption.map((item) => [item.reservationId, item.sessionId, item.transferId, item.actorId])).toEqual([
      ['r1', 'session-r1', null, 'admin-1'],
      ['r2', null, null, 'admin-1'],
      ['r1', 'session-r1', null, 'admin-1'],
      ['r2', null, null, 'admin-1'],
      ['r3', 'session-r3', null, 'admin-1'],
      ['r3', 'session-r3', null, null],
      ['r4', 'session-r4', null, 'admin-1'],
    ]);
  });

  it('sorts newest first, oldest first, or by kind then time, with the position breaking ties', async () => {
    const all = { page_size: 24 } as const;
    const oldest = summary((await listCreditMovements(bed.db, params({ ...all, sort: 'updated_at' }))).items);
    expect(oldest.slice(5, 9)).toEqual(['withdrawn@6', 'reserved@7', 'reserved@7', 'captured@8']);
    const newest = await listCreditMovements(bed.db, params(all));
    expect(summary(newest.items)).toEqual([...oldest].reverse());
    // Same instant: the later event (r2) first when newest first.
    expect(newest.items.slice(5, 7).map((item) => item.reservationId)).toEqual(['r2', 'r1']);
    expect(summary((await listCreditMovements(bed.db, params({ ...all, sort: 'name' }))).items)).toEqual([
      'allocated@2',
      'allocated@3',
      'captured@8',
      'deallocated@5',
      'expired@11',
      'issued@1',
      'released@9',
      'reserved@7',
      'reserved@7',
      'reserved@10',
      'reserved@12',
      'transferred@4',
      'withdrawn@6',
    ]);
  });

  it('pages through the movements of one organization', async () => {
    const first = await listCreditMovements(bed.db, params());
    expect(first).toMatchObject({ total: 13, page: 1, page_size: 12 });
    expect(summary(first.items)[0]).toBe('reserved@12');
    const second = await listCreditMovements(bed.db, params({ page: 2 }));
    expect(summary(second.items)).toEqual(['issued@1']);
    expect(await listCreditMovements(bed.db, params({ page: 3 }))).toMatchObject({ items: [], total: 13 });
    expect((await listCreditMovements(bed.db, params({ organizationId: 'globex' }))).total).toBe(2);
    expect((await listCreditMovements(bed.db, params({ organizationId: 'nobody' }))).total).toBe(0);
  });

  it('filters by kind, consumption or transactions, account, dates and text', async () => {
    const list = async (filters: Partial<CreditMovementListParams>) =>
      summary((await listCreditMovements(bed.db, params({ sort: 'updated_at', page_size: 48, ...filters }))).items);
    expect(await list({ kinds: ['allocated', 'withdrawn'] })).toEqual(['allocated@2', 'allocated@3', 'withdrawn@6']);
    expect(await list({ consumptionOnly: true })).toEqual([
      'reserved@7',
      'reserved@7',
      'captured@8',
      'released@9',
      'reserved@10',
      'expired@11',
      'reserved@12',
    ]);
    expect(await list({ transactionsOnly: true })).toEqual([
      'issued@1',
      'allocated@2',
      'allocated@3',
      'transferred@4',
      'deallocated@5',
      'withdrawn@6',
    ]);
    expect(await list({ consumptionOnly: true, kinds: ['captured', 'issued'] })).toEqual(['captured@8']);
    expect(await list({ consumptionOnly: true, transactionsOnly: true })).toEqual([]);
    expect(await list({ kinds: [] })).toEqual([]);
    // Either side: bob receives the transfer, then his reservation is held and released.
    expect(await list({ account: bob })).toEqual(['transferred@4', 'reserved@7', 'released@9']);
    expect(await list({ account: 'consumed' })).toEqual(['captured@8']);
    // From inclusive, to exclusive.
    expect(await list({ from: new Date(minute(4)), to: new Date(minute(7)) })).toEqual([
      'transferred@4',
      'deallocated@5',
      'withdrawn@6',
    ]);
    expect(await list({ q: 'SALES' })).toEqual(['allocated@3', 'deallocated@5']);
    expect(await list({ q: 'expir' })).toEqual(['expired@11']);
    expect(await list({ q: 'user:b', kinds: ['transferred'] })).toEqual(['transferred@4']);
    // Typed wildcards are literal.
    expect(await list({ q: '%' })).toEqual([]);
    expect(await list({ q: 'user_ada' })).toEqual([]);
  });

  it('streams every matching movement once and in order, across several batches', async () => {
    const cases: CreditMovementStreamParams[] = [
      { organizationId: 'acme' },
      { organizationId: 'acme', sort: '-updated_at' },
      { organizationId: 'acme', sort: 'name' },
      { organizationId: 'acme', account: ada, consumptionOnly: true },
      { organizationId: 'acme', from: new Date(minute(7)), to: new Date(minute(10)) },
      { organizationId: 'globex' },
    ];
    for (const filters of cases) {
      const { sort = 'updated_at', ...rest } = filters;
      const listed = await listCreditMovements(bed.db, { page: 1, page_size: 48, sort, ...rest });
      for (const batchSize of [1, 2, 5, 100]) {
        expect(await collect(streamCreditMovements(bed.db, filters, batchSize)), JSON.stringify(filters)).toEqual(
          listed.items,
        );
      }
    }
  });

  it('changes nothing when events are applied a second time', async () => {
    const before = await bed.rows('rm_credit_movements', 'position');
    const balances = await bed.rows('rm_credit_movement_balances', 'organization_id, account');
    await bed.replayAll();
    expect(await bed.rows('rm_credit_movements', 'position')).toEqual(before);
    expect(await bed.rows('rm_credit_movement_balances', 'organization_id, account')).toEqual(balances);
  });
});

describe('credit-history over a long random ledger', () => {
  let bed: LedgerTestbed;
  const movements = async () => ({
    movements: await bed.rows('rm_credit_movements', 'position'),
    balances: await bed.rows('rm_credit_movement_balances', 'organization_id, account'),
  });
  const filters = (organizationId: string): CreditMovementFilters => ({ organizationId });

  beforeAll(async () => {
    // A small batch, so that the incremental run crosses many transactions.
    bed = await openLedgerTestbed([creditHistoryProjection], { batchSize: 7 });
  });
  afterAll(() => bed.close());

  it('ends on the balances of the ledger, streams it in order, and rebuilds to the very same rows', async () => {
    const { appends, states } = randomLedger(7, 400);
    for (const { stream, events } of appends) await bed.append(stream, events);
    const events = await bed.allEvents();
    const incremental = await movements();
    expect(incremental.movements).toHaveLength(events.length);

    for (const [organizationId, state] of states) {
      const streamed = await collect(streamCreditMovements(bed.db, filters(organizationId), 16));
      expect(streamed.map((item) => item.movementId)).toEqual(
        events.filter((event) => event.streamId === `credit-ledger-${organizationId}`).map((event) => event.id),
      );
      // The last balance shown for each owner account is its posted balance in the ledger.
      const last = new Map<string, number>();
      for (const item of streamed) {
        if (item.fromBalanceAfter !== null) last.set(item.fromAccount!, item.fromBalanceAfter);
        if (item.toBalanceAfter !== null) last.set(item.toAccount!, item.toBalanceAfter);
      }
      const owners = [...balancesOf(state)].filter(([account]) => isOwnerAccount(account));
      expect(last).toEqual(new Map(owners.map(([account, { posted }]) => [account, posted])));

      const page: ListParams = { page: 2, page_size: 24, sort: 'updated_at' };
      const listed = await listCreditMovements(bed.db, { ...page, organizationId });
      expect(listed.items).toEqual(streamed.slice(24, 48));
    }

    await bed.runner.rebuild(creditHistoryProjection.name);
    expect(await movements()).toEqual(incremental);
  });
});
