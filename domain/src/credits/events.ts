import type { LedgerAccount, OwnerAccount } from './accounts.js';

/** Double entry: `amount` leaves `debit` and reaches `credit`. Every event's postings balance by construction. */
export type Posting = { debit: LedgerAccount; credit: LedgerAccount; amount: number };

type Movement = {
  organizationId: string;
  /** The idempotency key of the movement: a retried command with the same id writes nothing. */
  transferId: string;
  amount: number;
  postings: Posting[];
  /** Who asked; null for the system (expiry). */
  actorId: string | null;
  occurredAt: string;
};

/** issuance → organization (super-admin grants credits to an organization). */
export type CreditsIssued = { type: 'CreditsIssued'; data: Movement & { to: OwnerAccount } };
/** organization → issuance (super-admin takes credits back). */
export type CreditsWithdrawn = { type: 'CreditsWithdrawn'; data: Movement & { from: OwnerAccount } };
/** organization → group or user. */
export type CreditsAllocated = { type: 'CreditsAllocated'; data: Movement & { from: OwnerAccount; to: OwnerAccount } };
/** group or user → organization, at most what the child has available. */
export type CreditsDeallocated = {
  type: 'CreditsDeallocated';
  data: Movement & { from: OwnerAccount; to: OwnerAccount };
};
/** a user's own credits → another user or a group of the same organization. */
export type CreditsTransferred = {
  type: 'CreditsTransferred';
  data: Movement & { from: OwnerAccount; to: OwnerAccount };
};

type ReservationRef = { organizationId: string; reservationId: string; account: OwnerAccount };

/** Pending: `amount` is held on `account` (available drops, posted does not) until resolved once. */
export type CreditsReserved = {
  type: 'CreditsReserved';
  data: ReservationRef & {
    amount: number;
    sessionId: string | null;
    expiresAt: string;
    actorId: string | null;
    occurredAt: string;
  };
};
/** Posts `capturedAmount` (≤ reserved) to `consumed`; the rest is released. */
export type ReservationCaptured = {
  type: 'ReservationCaptured';
  data: ReservationRef & {
    capturedAmount: number;
    releasedAmount: number;
    postings: Posting[];
    actorId: string | null;
    occurredAt: string;
  };
};
export type ReservationReleased = {
  type: 'ReservationReleased';
  data: ReservationRef & { releasedAmount: number; actorId: string | null; occurredAt: string };
};
export type ReservationExpired = {
  type: 'ReservationExpired';
  data: ReservationRef & { releasedAmount: number; occurredAt: string };
};

export type CreditEvent =
  | CreditsIssued
  | CreditsWithdrawn
  | CreditsAllocated
  | CreditsDeallocated
  | CreditsTransferred
  | CreditsReserved
  | ReservationCaptured
  | ReservationReleased
  | ReservationExpired;

export type CreditEventType = CreditEvent['type'];
