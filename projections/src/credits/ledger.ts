import type { LedgerAccount, OwnerKind, Posting } from '@ai-coaching/domain';
import { isOwnerAccount, ownerOf } from '@ai-coaching/domain';

/** Owner accounts by the kind of their owner; `issuance` and `consumed` are the organization's system accounts. */
export type AccountKind = OwnerKind | 'system';

export const accountOwner = (account: LedgerAccount): { kind: AccountKind; id: string } =>
  isOwnerAccount(account) ? ownerOf(account) : { kind: 'system', id: account };

/**
 * Net change of each account's posted balance. Every account is read credit-normal, as owner
 * wallets are (a credit raises it, a debit lowers it), so `issuance` goes negative by what was
 * granted and the balances of an organization always sum to 0. Summed per account first because
 * one event may touch an account in several postings.
 */
export const postingDeltas = (postings: readonly Posting[]): Map<LedgerAccount, number> => {
  const deltas = new Map<LedgerAccount, number>();
  for (const { debit, credit, amount } of postings) {
    deltas.set(debit, (deltas.get(debit) ?? 0) - amount);
    deltas.set(credit, (deltas.get(credit) ?? 0) + amount);
  }
  return deltas;
};

/** Credits as the drivers return `bigint` columns and their `numeric` sums. */
export type Credits = string | number | bigint;

/**
 * Credits are `bigint` columns, which come back as strings (pg) or bigints (PGlite). A JavaScript
 * number holds them exactly: one amount is at most MAX_CREDITS (2^32 − 1), and a balance would need
 * over two million postings of that maximum on one account to pass 2^53.
 */
export const toCredits = (value: Credits): number => Number(value);
