import { isOwnerAccount, type LedgerAccount } from './accounts.js';
import { creditLedgerDecider } from './decider.js';
import type { CreditEvent, Posting } from './events.js';
import { balancesOf } from './state.js';

/** One event of a credit ledger stream as the event store gives it back. */
export type RecordedCreditEvent = { revision: bigint | number; type: string; data: unknown };

export type CreditLedgerCheck = {
  /** What does not hold, one sentence each; empty when the ledger is sound. */
  violations: string[];
  /** Posted and pending per account, from the folded ledger: to compare with the wallets' read model. */
  balances: ReadonlyMap<LedgerAccount, { posted: number; pending: number; available: number }>;
};

const MOVEMENTS = new Set([
  'CreditsIssued',
  'CreditsWithdrawn',
  'CreditsAllocated',
  'CreditsDeallocated',
  'CreditsTransferred',
]);
const RESOLUTIONS = new Set(['ReservationCaptured', 'ReservationReleased', 'ReservationExpired']);

/**
 * The invariants of one organization's credit ledger stream, checked from its events alone (the conservation check of
 * the credit tests, for the system bench and the cluster smoke to run against a live deployment):
 * revisions contiguous; every posting between two different accounts and of a positive whole amount, and an event's postings moving
 * the amount it says; every account's
 * balance, summed from the postings, equal to the folded ledger's, and all balances summing to zero (no credit made
 * or lost); no owner account overdrawn; each movement applied once (its transfer id); each reservation resolved at
 * most once, for what it held; and, given `now`, no reservation left open past its expiry plus `graceMs`.
 */
export const checkCreditLedger = (
  events: readonly RecordedCreditEvent[],
  { now, graceMs = 0 }: { now?: Date; graceMs?: number } = {},
): CreditLedgerCheck => {
  const violations: string[] = [];
  const sums = new Map<LedgerAccount, number>();
  const transfers = new Set<string>();
  const reservations = new Map<string, { amount: number; expiresAt: string; resolutions: number }>();
  events.forEach((event, index) => {
    if (BigInt(event.revision) !== BigInt(index)) violations.push(`event ${index} has revision ${event.revision}`);
    const data = event.data as { transferId?: string; reservationId?: string; postings?: Posting[] };
    for (const { debit, credit, amount } of data.postings ?? []) {
      if (debit === credit) violations.push(`revision ${index}: a posting from ${debit} to itself`);
      if (!Number.isInteger(amount) || amount <= 0) violations.push(`revision ${index}: a posting of ${amount}`);
      sums.set(debit, (sums.get(debit) ?? 0) - amount);
      sums.set(credit, (sums.get(credit) ?? 0) + amount);
    }
    const moved = (data.postings ?? []).reduce((sum, posting) => sum + posting.amount, 0);
    const says = MOVEMENTS.has(event.type)
      ? (event.data as { amount: number }).amount
      : event.type === 'ReservationCaptured'
        ? (event.data as { capturedAmount: number }).capturedAmount
        : undefined;
    if (says !== undefined && moved !== says) {
      violations.push(`revision ${index}: the postings move ${moved}, the ${event.type} event says ${says}`);
    }
    if (MOVEMENTS.has(event.type)) {
      if (transfers.has(data.transferId!)) violations.push(`transfer ${data.transferId} applied twice`);
      transfers.add(data.transferId!);
    }
    if (event.type === 'CreditsReserved') {
      const { amount, expiresAt } = event.data as { amount: number; expiresAt: string };
      reservations.set(data.reservationId!, { amount, expiresAt, resolutions: 0 });
    }
    if (RESOLUTIONS.has(event.type)) {
      const reservation = reservations.get(data.reservationId!);
      if (!reservation) violations.push(`reservation ${data.reservationId} resolved but never made`);
      else if (++reservation.resolutions > 1) violations.push(`reservation ${data.reservationId} resolved twice`);
      const { capturedAmount = 0, releasedAmount = 0 } = event.data as {
        capturedAmount?: number;
        releasedAmount?: number;
      };
      if (reservation && capturedAmount + releasedAmount !== reservation.amount) {
        violations.push(
          `reservation ${data.reservationId} held ${reservation.amount}, resolved ${capturedAmount + releasedAmount}`,
        );
      }
    }
  });

  const state = events
    .map((event) => ({ type: event.type, data: event.data }) as CreditEvent)
    .reduce(creditLedgerDecider.evolve, creditLedgerDecider.initialState());
  const balances = balancesOf(state);
  const total = [...sums.values()].reduce((sum, value) => sum + value, 0);
  if (total !== 0) violations.push(`the balances sum to ${total}, not 0`);
  for (const account of new Set([...sums.keys(), ...balances.keys()])) {
    const posted = balances.get(account)?.posted ?? 0;
    if (posted !== (sums.get(account) ?? 0)) {
      violations.push(`${account}: the postings sum to ${sums.get(account) ?? 0}, the ledger says ${posted}`);
    }
    const balance = balances.get(account);
    if (balance && isOwnerAccount(account) && (balance.posted < 0 || balance.available < 0)) {
      violations.push(`${account} is overdrawn: posted ${balance.posted}, available ${balance.available}`);
    }
  }
  if (now) {
    for (const [id, reservation] of reservations) {
      if (reservation.resolutions === 0 && Date.parse(reservation.expiresAt) + graceMs < now.getTime()) {
        violations.push(`reservation ${id} is still open past its expiry (${reservation.expiresAt})`);
      }
    }
  }
  return { violations, balances };
};
