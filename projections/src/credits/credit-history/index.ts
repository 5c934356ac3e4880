import type {
  CreditEvent,
  CreditEventType,
  LedgerAccount,
  ListPage,
  ListParams,
  Posting,
  SortKey,
} from '@ai-coaching/domain';
import { CONSUMED, ISSUANCE, isOwnerAccount } from '@ai-coaching/domain';
import type { RecordedEvent, SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, onEach, type TableNames } from '../../runner/projection.js';
import { pagedList, sqlFilter, type SqlFilter } from '../../shared/paged-list.js';
import { postingDeltas, toCredits, type Credits } from '../ledger.js';

const KIND_OF = {
  CreditsIssued: 'issued',
  CreditsWithdrawn: 'withdrawn',
  CreditsAllocated: 'allocated',
  CreditsDeallocated: 'deallocated',
  CreditsTransferred: 'transferred',
  CreditsReserved: 'reserved',
  ReservationCaptured: 'captured',
  ReservationReleased: 'released',
  ReservationExpired: 'expired',
} as const satisfies Record<CreditEventType, string>;

export type CreditMovementKind = (typeof KIND_OF)[CreditEventType];

/** What sessions cost: a reservation and how it ended. */
export const CONSUMPTION_KINDS: readonly CreditMovementKind[] = ['reserved', 'captured', 'released', 'expired'];
/** Credits moved between accounts on someone's request. */
export const TRANSACTION_KINDS: readonly CreditMovementKind[] = [
  'issued',
  'withdrawn',
  'allocated',
  'deallocated',
  'transferred',
];
export const CREDIT_MOVEMENT_KINDS: readonly CreditMovementKind[] = [...TRANSACTION_KINDS, ...CONSUMPTION_KINDS];

type Tables = TableNames<'movements' | 'balances'>;

/** One event as a row of the history, before the balances around it are known. */
type Movement = {
  transferId: string | null;
  reservationId: string | null;
  sessionId: string | null;
  /** Where the credits (or, for a reservation, the hold) leave; null when a release gives them back. */
  from: LedgerAccount | null;
  /** Where they arrive; null for a reservation, which moves nothing yet. */
  to: LedgerAccount | null;
  amount: number;
  postings: readonly Posting[];
  actorId: string | null;
  occurredAt: string;
};

/** The fields an event may not carry; its own data, spread after, overrides them. */
const NONE = { transferId: null, reservationId: null, sessionId: null, postings: [] } as const;

/** A release or an expiry: what the reservation still held goes back to the account it held it on. */
const released = (data: { account: LedgerAccount; releasedAmount: number }) =>
  ({ from: null, to: data.account, amount: data.releasedAmount }) as const;

/** Writes the movement of `event` once, with the posted balances it leaves on its owner accounts. */
const recordMovement = async (
  tx: SqlExecutor,
  t: Tables,
  event: RecordedEvent<CreditEventType, CreditEvent['data']>,
  movement: Movement,
): Promise<void> => {
  const { rows: existing } = await tx.query(`SELECT 1 FROM ${t.movements} WHERE movement_id = $1`, [event.id]);
  if (existing.length > 0) return;
  const kind = KIND_OF[event.type];
  const { organizationId } = event.data;

  for (const [account, delta] of postingDeltas(movement.postings)) {
    await tx.query(
      `INSERT INTO ${t.balances} AS b (account, organization_id, posted) VALUES ($1, $2, $3)
       ON CONFLICT (account, organization_id) DO UPDATE SET posted = b.posted + excluded.posted`,
      [account, organizationId, delta],
    );
  }
  const owners = [movement.from, movement.to].filter((account) => account !== null && isOwnerAccount(account));
  const { rows: balances } = await tx.query<{ account: LedgerAccount; posted: Credits }>(
    `SELECT account, posted FROM ${t.balances} WHERE organization_id = $1 AND account = ANY($2::text[])`,
    [organizationId, owners],
  );
  const balanceAfter = (account: LedgerAccount | null) => {
    if (account === null || !isOwnerAccount(account)) return null;
    const row = balances.find((balance) => balance.account === account);
    return row ? toCredits(row.posted) : 0;
  };
  // Only the reservation carries the session; the events resolving it are filed under it too.
  let sessionId = movement.sessionId;
  if (movement.reservationId !== null && kind !== 'reserved') {
    const { rows } = await tx.query<{ session_id: string | null }>(
      `SELECT session_id FROM ${t.movements} WHERE reservation_id = $1 AND organization_id = $2 AND kind = 'reserved'`,
      [movement.reservationId, organizationId],
    );
    sessionId = rows[0]?.session_id ?? null;
  }

  await tx.query(
    `INSERT INTO ${t.movements} (movement_id, organization_id, kind, transfer_id, reservation_id, session_id,
       from_account, to_account, amount, from_balance_after, to_balance_after, actor_id, occurred_at, position)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      event.id,
      organizationId,
      kind,
      movement.transferId,
      movement.reservationId,
      sessionId,
      movement.from,
      movement.to,
      movement.amount,
      balanceAfter(movement.from),
      balanceAfter(movement.to),
      movement.actorId,
      movement.occurredAt,
      event.position,
    ],
  );
};

const TABLES = { movements: 'rm_credit_movements', balances: 'rm_credit_movement_balances' } as const;

/**
 * The credit history of each organization: one row per ledger event, with the posted balances of
 * the owner accounts on either side just after it. The projection keeps those running balances in
 * a table of its own (credit-normal, as in the ledger) so it rebuilds without any other read model.
 * A movement row is written once, with its balances, so an event applied again finds its row and
 * changes nothing.
 */
export const creditHistoryProjection = defineProjection({
  name: 'credit-history',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    // Positions are fixed-width digit strings: "C" collation compares them as numbers would.
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.movements} (
        movement_id text PRIMARY KEY,
        organization_id text NOT NULL,
        kind text NOT NULL,
        transfer_id text,
        reservation_id text,
        session_id text,
        from_account text,
        to_account text,
        amount bigint NOT NULL,
        from_balance_after bigint,
        to_balance_after bigint,
        actor_id text,
        occurred_at timestamptz NOT NULL,
        position text COLLATE "C" NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.movements}_org_time_idx ON ${t.movements} (organization_id, occurred_at, position);
      CREATE INDEX IF NOT EXISTS ${t.movements}_org_kind_idx
        ON ${t.movements} (organization_id, kind, occurred_at, position);
      CREATE INDEX IF NOT EXISTS ${t.movements}_from_idx ON ${t.movements} (from_account, occurred_at, position);
      CREATE INDEX IF NOT EXISTS ${t.movements}_to_idx ON ${t.movements} (to_account, occurred_at, position);
      CREATE INDEX IF NOT EXISTS ${t.movements}_reservation_idx
        ON ${t.movements} (reservation_id) WHERE reservation_id IS NOT NULL;
      CREATE TABLE IF NOT EXISTS ${t.balances} (
        account text NOT NULL,
        organization_id text NOT NULL,
        posted bigint NOT NULL,
        PRIMARY KEY (account, organization_id)
      );`);
  },
  on: {
    CreditsIssued: (tx, event, t) => recordMovement(tx, t, event, { ...NONE, ...event.data, from: ISSUANCE }),
    CreditsWithdrawn: (tx, event, t) => recordMovement(tx, t, event, { ...NONE, ...event.data, to: ISSUANCE }),
    ...onEach(['CreditsAllocated', 'CreditsDeallocated', 'CreditsTransferred'], (tx, event, t: Tables) =>
      recordMovement(tx, t, event, { ...NONE, ...event.data }),
    ),
    CreditsReserved: (tx, event, t) =>
      recordMovement(tx, t, event, { ...NONE, ...event.data, from: event.data.account, to: null }),
    ReservationCaptured: (tx, event, t) =>
      recordMovement(tx, t, event, {
        ...NONE,
        ...event.data,
        from: event.data.account,
        to: CONSUMED,
        amount: event.data.capturedAmount,
      }),
    ReservationReleased: (tx, event, t) =>
      recordMovement(tx, t, event, { ...NONE, ...event.data, ...released(event.data) }),
    ReservationExpired: (tx, event, t) =>
      recordMovement(tx, t, event, { ...NONE, ...event.data, ...released(event.data), actorId: null }),
  },
});

export type CreditMovement = {
  movementId: string;
  organizationId: string;
  kind: CreditMovementKind;
  transferId: string | null;
  reservationId: string | null;
  sessionId: string | null;
  fromAccount: LedgerAccount | null;
  toAccount: LedgerAccount | null;
  amount: number;
  /** Posted balance of `fromAccount` just after the movement; null for a system account. */
  fromBalanceAfter: number | null;
  toBalanceAfter: number | null;
  actorId: string | null;
  occurredAt: string;
  /** The event's global position: the tie-break between movements of the same instant. */
  position: string;
};

export type CreditMovementFilters = {
  organizationId: string;
  kinds?: readonly CreditMovementKind[];
  /** Movements from or to this account. */
  account?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Only reserved, captured, released and expired. */
  consumptionOnly?: boolean;
  /** Only issued, withdrawn, allocated, deallocated and transferred. */
  transactionsOnly?: boolean;
  /** Part of an account id or of a kind. */
  q?: string;
};

export type CreditMovementListParams = ListParams & CreditMovementFilters;

/** `sort` as in lists, default oldest first (the order of the ledger). */
export type CreditMovementStreamParams = CreditMovementFilters & { sort?: SortKey };

type MovementRecord = {
  movement_id: string;
  organization_id: string;
  kind: CreditMovementKind;
  transfer_id: string | null;
  reservation_id: string | null;
  session_id: string | null;
  from_account: LedgerAccount | null;
  to_account: LedgerAccount | null;
  amount: Credits;
  from_balance_after: Credits | null;
  to_balance_after: Credits | null;
  actor_id: string | null;
  occurred_at: Date | string;
  position: string;
};

const creditsOrNull = (value: Credits | null): number | null => (value === null ? null : toCredits(value));

const toMovement = (row: MovementRecord): CreditMovement => ({
  movementId: row.movement_id,
  organizationId: row.organization_id,
  kind: row.kind,
  transferId: row.transfer_id,
  reservationId: row.reservation_id,
  sessionId: row.session_id,
  fromAccount: row.from_account,
  toAccount: row.to_account,
  amount: toCredits(row.amount),
  fromBalanceAfter: creditsOrNull(row.from_balance_after),
  toBalanceAfter: creditsOrNull(row.to_balance_after),
  actorId: row.actor_id,
  occurredAt: new Date(row.occurred_at).toISOString(),
  position: row.position,
});

/** Sort columns, each list ending with `position` so that the order is total (and keyset-pageable). */
const ORDER: Readonly<Record<SortKey, { columns: string[]; descending: boolean }>> = {
  updated_at: { columns: ['occurred_at', 'position'], descending: false },
  '-updated_at': { columns: ['occurred_at', 'position'], descending: true },
  name: { columns: ['kind', 'occurred_at', 'position'], descending: false },
};

const orderBy = (sort: SortKey): string => {
  const { columns, descending } = ORDER[sort];
  return columns.map((column) => (descending ? `${column} DESC` : column)).join(', ');
};

const ORDER_BY: Readonly<Record<SortKey, string>> = {
  updated_at: orderBy('updated_at'),
  '-updated_at': orderBy('-updated_at'),
  name: orderBy('name'),
};

/** One set of kinds, intersected: contradictory filters then simply match nothing. */
const kindsOf = (filters: CreditMovementFilters): readonly CreditMovementKind[] | undefined => {
  if (filters.kinds === undefined && !filters.consumptionOnly && !filters.transactionsOnly) return undefined;
  let kinds = filters.kinds ?? CREDIT_MOVEMENT_KINDS;
  if (filters.consumptionOnly) kinds = kinds.filter((kind) => CONSUMPTION_KINDS.includes(kind));
  if (filters.transactionsOnly) kinds = kinds.filter((kind) => TRANSACTION_KINDS.includes(kind));
  return kinds;
};

const filterOf = (filters: CreditMovementFilters): SqlFilter =>
  sqlFilter()
    .equals('organization_id', filters.organizationId)
    .anyOf('kind', kindsOf(filters))
    .equals(['from_account', 'to_account'], filters.account)
    .inRange('occurred_at', filters.from, filters.to)
    .search(['from_account', 'to_account', 'kind'], filters.q);

export const listCreditMovements = (
  db: SqlExecutor,
  params: CreditMovementListParams,
): Promise<ListPage<CreditMovement>> =>
  pagedList(db, {
    readModel: 'credit-history',
    from: TABLES.movements,
    columns: '*',
    filter: filterOf(params),
    order: ORDER_BY,
    params,
    toItem: toMovement,
  });

/**
 * Every movement matching the filters, in order, read `batchSize` rows at a time for exports.
 * Each batch starts after the last row of the previous one (keyset on the sort columns, compared
 * with that row's stored values), so the cost stays linear however large the history, and
 * movements recorded meanwhile neither shift nor repeat rows.
 */
export async function* streamCreditMovements(
  db: SqlExecutor,
  params: CreditMovementStreamParams,
  batchSize = 500,
): AsyncIterable<CreditMovement> {
  const sort = params.sort ?? 'updated_at';
  const { columns, descending } = ORDER[sort];
  let after: string | undefined;
  for (;;) {
    const filter = filterOf(params);
    if (after !== undefined) {
      const list = columns.join(', ');
      filter.where(`(${list}) ${descending ? '<' : '>'}
        (SELECT ${list} FROM ${TABLES.movements} WHERE movement_id = ${filter.bind(after)})`);
    }
    const { rows } = await db.query<MovementRecord>(
      `SELECT * FROM ${TABLES.movements} ${filter.clause} ORDER BY ${ORDER_BY[sort]} LIMIT ${filter.bind(batchSize)}`,
      filter.values,
    );
    for (const row of rows) yield toMovement(row);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.movement_id;
  }
}

/** Whether credits were ever issued to an organization other than `exceptOrganizationId` (the platform's). */
export const hasIssuedCreditsOutside = async (db: SqlExecutor, exceptOrganizationId: string): Promise<boolean> =>
  (
    await db.query(`SELECT 1 FROM ${TABLES.movements} WHERE kind = 'issued' AND organization_id <> $1 LIMIT 1`, [
      exceptOrganizationId,
    ])
  ).rows.length > 0;
