import type {
  CreditEvent,
  CreditEventType,
  LedgerAccount,
  OwnerAccount,
  OwnerKind,
  SystemAccount,
} from '@ai-coaching/domain';
import { createChangeAwareCache, readModelTopic, type RecordedEvent, type SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, onEach, type TableNames } from '../../runner/projection.js';
import { accountOwner, postingDeltas, toCredits, type Credits } from '../ledger.js';
import { unlessNotCreatedYet } from '../../shared/not-created-yet.js';

type Tables = TableNames<'wallets' | 'reservations'>;

/** What an event changes on one account: its posted balance and what reservations hold of it. */
type WalletChange = { posted: number; pending: number };

/**
 * Adds the event's postings and `holds` (pending changes) to the wallets they touch. A wallet row
 * remembers the position of the last event that changed it and ignores that event and earlier ones.
 */
const changeWallets = async (
  tx: SqlExecutor,
  t: Tables,
  event: RecordedEvent<CreditEventType, CreditEvent['data']>,
  holds: readonly (readonly [OwnerAccount, number])[] = [],
): Promise<void> => {
  const { data } = event;
  const changes = new Map<LedgerAccount, WalletChange>();
  const change = (account: LedgerAccount, posted: number, pending: number) => {
    const current = changes.get(account) ?? { posted: 0, pending: 0 };
    changes.set(account, { posted: current.posted + posted, pending: current.pending + pending });
  };
  if ('postings' in data) for (const [account, delta] of postingDeltas(data.postings)) change(account, delta, 0);
  for (const [account, pending] of holds) change(account, 0, pending);

  for (const [account, delta] of changes) {
    const owner = accountOwner(account);
    await tx.query(
      `INSERT INTO ${t.wallets} AS w (account, organization_id, owner_kind, owner_id, posted, pending, updated_at,
         last_position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (account, organization_id) DO UPDATE SET posted = w.posted + excluded.posted,
         pending = w.pending + excluded.pending, updated_at = excluded.updated_at,
         last_position = excluded.last_position
       WHERE w.last_position < excluded.last_position`,
      [
        account,
        data.organizationId,
        owner.kind,
        owner.id,
        delta.posted,
        delta.pending,
        data.occurredAt,
        event.position,
      ],
    );
  }
};

const RESOLUTIONS = {
  ReservationCaptured: 'captured',
  ReservationReleased: 'released',
  ReservationExpired: 'expired',
} as const;

const TABLES = { wallets: 'rm_credit_wallets', reservations: 'rm_credit_reservations' } as const;

/**
 * Balances of every ledger account: posted (the sum of its postings), pending (what open
 * reservations hold) and available (posted − pending). The system accounts `issuance` and
 * `consumed` have rows too (owner_kind 'system'), so an organization's posted balances can be
 * checked to sum to 0. Reservations are kept to know how much a capture, release or expiry frees.
 *
 * Idempotent per event: a wallet row ignores events it has already counted (see changeWallets),
 * and a reservation is resolved only while still pending.
 */
export const walletBalancesProjection = defineProjection({
  name: 'wallet-balances',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    // Positions are fixed-width digit strings: "C" collation compares them as numbers would.
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.wallets} (
        account text NOT NULL,
        organization_id text NOT NULL,
        owner_kind text NOT NULL,
        owner_id text NOT NULL,
        posted bigint NOT NULL,
        pending bigint NOT NULL,
        available bigint GENERATED ALWAYS AS (posted - pending) STORED,
        updated_at timestamptz NOT NULL,
        last_position text COLLATE "C" NOT NULL,
        PRIMARY KEY (account, organization_id)
      );
      CREATE INDEX IF NOT EXISTS ${t.wallets}_org_idx ON ${t.wallets} (organization_id, owner_kind);
      CREATE TABLE IF NOT EXISTS ${t.reservations} (
        reservation_id text PRIMARY KEY,
        organization_id text NOT NULL,
        account text NOT NULL,
        amount bigint NOT NULL,
        status text NOT NULL,
        expires_at timestamptz NOT NULL,
        session_id text,
        captured_amount bigint,
        reserved_at timestamptz NOT NULL,
        resolved_at timestamptz
      );`);
  },
  on: {
    ...onEach(
      ['CreditsIssued', 'CreditsWithdrawn', 'CreditsAllocated', 'CreditsDeallocated', 'CreditsTransferred'],
      (tx, event, t: Tables) => changeWallets(tx, t, event),
    ),
    async CreditsReserved(tx, event, t) {
      const { data } = event;
      const { rows } = await tx.query(
        `INSERT INTO ${t.reservations} (reservation_id, organization_id, account, amount, status, expires_at,
           session_id, reserved_at)
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7) ON CONFLICT (reservation_id) DO NOTHING RETURNING 1`,
        [
          data.reservationId,
          data.organizationId,
          data.account,
          data.amount,
          data.expiresAt,
          data.sessionId,
          data.occurredAt,
        ],
      );
      await changeWallets(tx, t, event, rows.length > 0 ? [[data.account, data.amount]] : []);
    },
    ...onEach(['ReservationCaptured', 'ReservationReleased', 'ReservationExpired'], async (tx, event, t: Tables) => {
      // The hold is the amount reserved, whatever part of it the capture posted.
      const { data } = event;
      const { rows } = await tx.query<{ account: OwnerAccount; amount: Credits }>(
        `UPDATE ${t.reservations} SET status = $2, captured_amount = $3, resolved_at = $4
         WHERE reservation_id = $1 AND status = 'pending' RETURNING account, amount`,
        [
          data.reservationId,
          RESOLUTIONS[event.type],
          'capturedAmount' in data ? data.capturedAmount : null,
          data.occurredAt,
        ],
      );
      await changeWallets(
        tx,
        t,
        event,
        rows.map((row) => [row.account, -toCredits(row.amount)] as const),
      );
    }),
  },
});

export type WalletBalance = { posted: number; pending: number; available: number };

/** Per kind of owner, and per system account; `issuance` is negative by what was granted (see postingDeltas). */
export type OrganizationCreditTotals = Record<OwnerKind | SystemAccount, WalletBalance>;

type BalanceRecord = { posted: Credits; pending: Credits; available: Credits };

const NO_BALANCE: WalletBalance = { posted: 0, pending: 0, available: 0 };

const toBalance = (row: BalanceRecord): WalletBalance => ({
  posted: toCredits(row.posted),
  pending: toCredits(row.pending),
  available: toCredits(row.available),
});

/**
 * Wallets are read on every profile load and beside every list of users or groups, and change only
 * when this read model commits: they are kept until then (announced at once in this process, by
 * NOTIFY in the others), at most 30 seconds.
 */
const walletCaches = new WeakMap<object, ReturnType<typeof createChangeAwareCache<OwnerAccount, WalletBalance>>>();
const walletCacheOf = (db: SqlExecutor) => {
  let cache = walletCaches.get(db);
  if (!cache) {
    cache = createChangeAwareCache<OwnerAccount, WalletBalance>(db, {
      topics: [readModelTopic('wallet-balances')],
      ttlMs: 30_000,
      max: 50_000,
    });
    walletCaches.set(db, cache);
  }
  return cache;
};

const loadWallets = async (
  db: SqlExecutor,
  accounts: readonly OwnerAccount[],
): Promise<Map<OwnerAccount, WalletBalance>> => {
  const { rows } = await db.query<BalanceRecord & { account: OwnerAccount }>(
    `SELECT account, posted, pending, available FROM ${TABLES.wallets} WHERE account = ANY($1::text[])`,
    [accounts],
  );
  const wallets = new Map(accounts.map((account) => [account, { ...NO_BALANCE }]));
  for (const row of rows) wallets.set(row.account, toBalance(row));
  return wallets;
};

/** Zeros for an account that no event touched yet. */
export const findWallet = async (db: SqlExecutor, account: OwnerAccount): Promise<WalletBalance> =>
  (await findWallets(db, [account])).get(account) ?? { ...NO_BALANCE };

/** One entry per account asked for, zeros for those without movements. */
export const findWallets = async (
  db: SqlExecutor,
  accounts: readonly OwnerAccount[],
): Promise<Map<OwnerAccount, WalletBalance>> =>
  walletCacheOf(db).getMany(accounts, (missing) => loadWallets(db, missing));

export const organizationTotals = async (
  db: SqlExecutor,
  organizationId: string,
): Promise<OrganizationCreditTotals> => {
  const { rows } = await db.query<BalanceRecord & { kind: OwnerKind | SystemAccount }>(
    `SELECT CASE owner_kind WHEN 'system' THEN account ELSE owner_kind END AS kind,
       sum(posted) AS posted, sum(pending) AS pending, sum(available) AS available
     FROM ${TABLES.wallets} WHERE organization_id = $1 GROUP BY 1`,
    [organizationId],
  );
  const totals: OrganizationCreditTotals = {
    organization: { ...NO_BALANCE },
    group: { ...NO_BALANCE },
    user: { ...NO_BALANCE },
    issuance: { ...NO_BALANCE },
    consumed: { ...NO_BALANCE },
  };
  for (const row of rows) totals[row.kind] = toBalance(row);
  return totals;
};

export type PendingReservation = { reservationId: string; organizationId: string; expiresAt: string };

/**
 * Every reservation still pending, with its expiry. Before the projections runtime has first
 * started, its table does not exist yet: then nothing is pending.
 */
export const listPendingReservations = (db: SqlExecutor): Promise<PendingReservation[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<{ reservation_id: string; organization_id: string; expires_at: Date | string }>(
      `SELECT reservation_id, organization_id, expires_at FROM ${TABLES.reservations} WHERE status = 'pending'`,
    );
    return rows.map((row) => ({
      reservationId: row.reservation_id,
      organizationId: row.organization_id,
      expiresAt: new Date(row.expires_at).toISOString(),
    }));
  });
