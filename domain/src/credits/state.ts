import { ISSUANCE, type LedgerAccount, type OwnerAccount } from './accounts.js';
import type { CreditEvent, Posting } from './events.js';

/*
 * Persistent hash trie: an immutable string-keyed map. An update copies only the path to the
 * changed entry (log16(n) arrays of 16 slots: 3 or 4 for thousands of keys) and shares the rest.
 * The state's indexes (balances per account, transfer ids, reservation ids) grow with the stream:
 * copying a whole Map on every event would make folding a stream quadratic, and mutating one
 * would corrupt states a caller has cached.
 */
type Entry<V> = readonly [key: string, value: V];
/** All entries whose keys share one full 32-bit hash (usually exactly one). */
type Leaf<V> = { readonly hash: number; readonly entries: readonly Entry<V>[] };
type Branch<V> = { readonly children: readonly (Trie<V> | undefined)[] };
type Trie<V> = Leaf<V> | Branch<V>;
type PersistentMap<V> = Trie<V> | undefined;

const BITS = 4;
const WIDTH = 1 << BITS;
const MASK = WIDTH - 1;

/** FNV-1a, 32 bits: cheap, deterministic and spreads similar ids (`t-1`, `t-2`) well. */
const hashOf = (key: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
};

const isLeaf = <V>(node: Trie<V>): node is Leaf<V> => 'entries' in node;
const slot = (hash: number, shift: number): number => (hash >>> shift) & MASK;

const lookupIn = <V>(leaf: Leaf<V>, key: string): V | undefined => leaf.entries.find(([k]) => k === key)?.[1];

const lookup = <V>(map: PersistentMap<V>, key: string): V | undefined => {
  const hash = hashOf(key);
  let node = map;
  for (let shift = 0; node !== undefined; shift += BITS) {
    if (isLeaf(node)) return node.hash === hash ? lookupIn(node, key) : undefined;
    node = node.children[slot(hash, shift)];
  }
  return undefined;
};

/** `change` gets the key's current value (undefined when absent) and returns the new one. */
const updateAt = <V>(
  node: PersistentMap<V>,
  key: string,
  hash: number,
  change: (current: V | undefined) => V,
  shift: number,
): Trie<V> => {
  if (node === undefined) return { hash, entries: [[key, change(undefined)]] };
  if (isLeaf(node)) {
    if (node.hash === hash) {
      const entries = node.entries.filter(([k]) => k !== key);
      entries.push([key, change(lookupIn(node, key))]);
      return { hash, entries };
    }
    // Two different hashes meet in this slot: push the leaf one level down. They differ in some
    // 4-bit group of their 32 bits, so this ends before the shift runs out.
    const children = new Array<Trie<V> | undefined>(WIDTH).fill(undefined);
    children[slot(node.hash, shift)] = node;
    return updateAt({ children }, key, hash, change, shift);
  }
  const index = slot(hash, shift);
  const children = node.children.slice();
  children[index] = updateAt(node.children[index], key, hash, change, shift + BITS);
  return { children };
};

/** A new map in which `key` holds `change(current value)`; `map` is left as it was. */
const update = <V>(map: PersistentMap<V>, key: string, change: (current: V | undefined) => V): PersistentMap<V> =>
  updateAt(map, key, hashOf(key), change, 0);

const assoc = <V>(map: PersistentMap<V>, key: string, value: V): PersistentMap<V> => update(map, key, () => value);

function* entriesOf<V>(map: PersistentMap<V>): Generator<Entry<V>> {
  if (map === undefined) return;
  if (isLeaf(map)) yield* map.entries;
  else for (const child of map.children) yield* entriesOf(child);
}

/** Posted: the settled balance (credits − debits). Pending: what open reservations hold (owner accounts only). */
export type AccountBalance = { readonly posted: number; readonly pending: number };
export type AccountBalanceView = AccountBalance & { readonly available: number };

export type ReservationStatus = 'pending' | 'captured' | 'released' | 'expired';
export type Reservation = {
  readonly account: OwnerAccount;
  readonly amount: number;
  readonly sessionId: string | null;
  readonly expiresAt: string;
  readonly status: ReservationStatus;
  /** Both 0 while pending; once resolved, capturedAmount + releasedAmount = amount. */
  readonly capturedAmount: number;
  readonly releasedAmount: number;
};

export type TransferKind = 'issue' | 'withdraw' | 'allocate' | 'deallocate' | 'transfer';
/** What a transfer id was used for: a retry must ask for exactly this again. */
export type AppliedTransfer = {
  readonly kind: TransferKind;
  readonly from: LedgerAccount;
  readonly to: LedgerAccount;
  readonly amount: number;
};

export type CreditLedgerState = {
  readonly balances: PersistentMap<AccountBalance>;
  readonly reservations: PersistentMap<Reservation>;
  readonly transfers: PersistentMap<AppliedTransfer>;
};

export const initialCreditLedgerState = (): CreditLedgerState => ({
  balances: undefined,
  reservations: undefined,
  transfers: undefined,
});

const NO_BALANCE: AccountBalance = { posted: 0, pending: 0 };

const balanceOf = (state: CreditLedgerState, account: LedgerAccount): AccountBalance =>
  lookup(state.balances, account) ?? NO_BALANCE;

/** posted − pending: what the account may still spend, move or reserve. 0 for an account never used. */
export const availableOf = (state: CreditLedgerState, account: LedgerAccount): number => {
  const { posted, pending } = balanceOf(state, account);
  return posted - pending;
};

/**
 * Every account the ledger has touched, system accounts included (their pending is always 0, so
 * their available equals their posted balance: −(issued − withdrawn) for `issuance`, the captured
 * total for `consumed`). Sorted by account for a stable listing.
 */
export const balancesOf = (state: CreditLedgerState): ReadonlyMap<LedgerAccount, AccountBalanceView> =>
  new Map(
    [...entriesOf(state.balances)]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([account, { posted, pending }]) => [
        account as LedgerAccount,
        { posted, pending, available: posted - pending },
      ]),
  );

export const reservationOf = (state: CreditLedgerState, reservationId: string): Reservation | undefined =>
  lookup(state.reservations, reservationId);

export const appliedTransferOf = (state: CreditLedgerState, transferId: string): AppliedTransfer | undefined =>
  lookup(state.transfers, transferId);

const withBalance = (
  balances: PersistentMap<AccountBalance>,
  account: LedgerAccount,
  change: (balance: AccountBalance) => AccountBalance,
): PersistentMap<AccountBalance> => update(balances, account, (balance = NO_BALANCE) => change(balance));

const post = (balances: PersistentMap<AccountBalance>, postings: readonly Posting[]): PersistentMap<AccountBalance> =>
  postings.reduce(
    (current, { debit, credit, amount }) =>
      withBalance(
        withBalance(current, debit, (b) => ({ posted: b.posted - amount, pending: b.pending })),
        credit,
        (b) => ({ posted: b.posted + amount, pending: b.pending }),
      ),
    balances,
  );

const hold = (balances: PersistentMap<AccountBalance>, account: OwnerAccount, delta: number) =>
  withBalance(balances, account, (b) => ({ posted: b.posted, pending: b.pending + delta }));

const resolved = (
  state: CreditLedgerState,
  reservationId: string,
  outcome: Pick<Reservation, 'status' | 'capturedAmount' | 'releasedAmount'>,
): PersistentMap<Reservation> => {
  const reservation = lookup(state.reservations, reservationId);
  return reservation ? assoc(state.reservations, reservationId, { ...reservation, ...outcome }) : state.reservations;
};

type Movement = Extract<
  CreditEvent,
  { type: 'CreditsIssued' | 'CreditsWithdrawn' | 'CreditsAllocated' | 'CreditsDeallocated' | 'CreditsTransferred' }
>;

const movementOf = (event: Movement): AppliedTransfer => {
  const { amount } = event.data;
  switch (event.type) {
    case 'CreditsIssued':
      return { kind: 'issue', from: ISSUANCE, to: event.data.to, amount };
    case 'CreditsWithdrawn':
      return { kind: 'withdraw', from: event.data.from, to: ISSUANCE, amount };
    case 'CreditsAllocated':
      return { kind: 'allocate', from: event.data.from, to: event.data.to, amount };
    case 'CreditsDeallocated':
      return { kind: 'deallocate', from: event.data.from, to: event.data.to, amount };
    case 'CreditsTransferred':
      return { kind: 'transfer', from: event.data.from, to: event.data.to, amount };
  }
};

/**
 * Pure: returns a new state sharing every unchanged part with `state`, which is left untouched
 * (callers cache states). Events are facts: balances follow their postings without re-checking rules.
 */
export const evolveCreditLedger = (state: CreditLedgerState, event: CreditEvent): CreditLedgerState => {
  switch (event.type) {
    case 'CreditsIssued':
    case 'CreditsWithdrawn':
    case 'CreditsAllocated':
    case 'CreditsDeallocated':
    case 'CreditsTransferred':
      return {
        balances: post(state.balances, event.data.postings),
        reservations: state.reservations,
        transfers: assoc(state.transfers, event.data.transferId, movementOf(event)),
      };
    case 'CreditsReserved': {
      const { reservationId, account, amount, sessionId, expiresAt } = event.data;
      return {
        balances: hold(state.balances, account, amount),
        reservations: assoc(state.reservations, reservationId, {
          account,
          amount,
          sessionId,
          expiresAt,
          status: 'pending',
          capturedAmount: 0,
          releasedAmount: 0,
        }),
        transfers: state.transfers,
      };
    }
    case 'ReservationCaptured': {
      const { reservationId, account, capturedAmount, releasedAmount, postings } = event.data;
      return {
        balances: post(hold(state.balances, account, -(capturedAmount + releasedAmount)), postings),
        reservations: resolved(state, reservationId, { status: 'captured', capturedAmount, releasedAmount }),
        transfers: state.transfers,
      };
    }
    case 'ReservationReleased':
    case 'ReservationExpired': {
      const { reservationId, account, releasedAmount } = event.data;
      const status = event.type === 'ReservationReleased' ? 'released' : 'expired';
      return {
        balances: hold(state.balances, account, -releasedAmount),
        reservations: resolved(state, reservationId, { status, capturedAmount: 0, releasedAmount }),
        transfers: state.transfers,
      };
    }
  }
};
