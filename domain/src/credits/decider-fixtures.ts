// The credit ledger's commands and events as its decider specs write them, over one organization, two users and a group.
import { type DomainError } from '../shared/errors.js';
import { DeciderSpecification } from '../testing/decider-specification.js';
import {
  CONSUMED,
  ISSUANCE,
  MAX_CREDITS,
  groupAccount,
  organizationAccount,
  userAccount,
  type OwnerAccount,
} from './accounts.js';
import type {
  AllocateCredits,
  CaptureReservation,
  DeallocateCredits,
  ExpireReservation,
  IssueCredits,
  ReleaseReservation,
  ReserveCredits,
  TransferCredits,
  WithdrawCredits,
} from './commands.js';
import { creditLedgerDecider } from './decider.js';
import type {
  CreditEvent,
  CreditsAllocated,
  CreditsDeallocated,
  CreditsIssued,
  CreditsReserved,
  CreditsTransferred,
  CreditsWithdrawn,
  ReservationCaptured,
  ReservationExpired,
  ReservationReleased,
} from './events.js';

export { isCode } from '../testing/decider-specification.js';

export const given = DeciderSpecification.for(creditLedgerDecider);
export const hasDetails = (code: string, details: Record<string, unknown>) => (error: DomainError) =>
  error.code === code && JSON.stringify(error.details) === JSON.stringify(details);

export const ORG = 'org-1';
export const org = organizationAccount(ORG);
export const alice = userAccount('alice');
export const bob = userAccount('bob');
export const sales = groupAccount('sales');
export const ADMIN = 'admin-1';
export const t0 = '2026-11-21T10:00:00.000Z';
export const t1 = '2026-11-21T10:30:00.000Z';
export const t2 = '2026-11-21T11:00:00.000Z';

export const issue = (amount: number, transferId = 'tr-issue'): IssueCredits => ({
  type: 'IssueCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, amount },
  metadata: { now: t0 },
});
export const issued = (amount: number, transferId = 'tr-issue'): CreditsIssued => ({
  type: 'CreditsIssued',
  data: {
    organizationId: ORG,
    transferId,
    to: org,
    amount,
    postings: [{ debit: ISSUANCE, credit: org, amount }],
    actorId: ADMIN,
    occurredAt: t0,
  },
});
export const withdraw = (amount: number, transferId = 'tr-withdraw'): WithdrawCredits => ({
  type: 'WithdrawCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, amount },
  metadata: { now: t0 },
});
export const withdrawn = (amount: number, transferId = 'tr-withdraw'): CreditsWithdrawn => ({
  type: 'CreditsWithdrawn',
  data: {
    organizationId: ORG,
    transferId,
    from: org,
    amount,
    postings: [{ debit: org, credit: ISSUANCE, amount }],
    actorId: ADMIN,
    occurredAt: t0,
  },
});
export const movement = (
  transferId: string,
  from: OwnerAccount,
  to: OwnerAccount,
  amount: number,
  actorId: string,
) => ({
  organizationId: ORG,
  transferId,
  from,
  to,
  amount,
  postings: [{ debit: from, credit: to, amount }],
  actorId,
  occurredAt: t0,
});
export const allocate = (to: OwnerAccount, amount: number, transferId = 'tr-allocate'): AllocateCredits => ({
  type: 'AllocateCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, to, amount },
  metadata: { now: t0 },
});
export const allocated = (to: OwnerAccount, amount: number, transferId = 'tr-allocate'): CreditsAllocated => ({
  type: 'CreditsAllocated',
  data: movement(transferId, org, to, amount, ADMIN),
});
export const deallocate = (from: OwnerAccount, amount: number, transferId = 'tr-deallocate'): DeallocateCredits => ({
  type: 'DeallocateCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, from, amount },
  metadata: { now: t0 },
});
export const deallocated = (from: OwnerAccount, amount: number, transferId = 'tr-deallocate'): CreditsDeallocated => ({
  type: 'CreditsDeallocated',
  data: movement(transferId, from, org, amount, ADMIN),
});
export const transfer = (
  to: OwnerAccount,
  amount: number,
  { from = alice, actorId = 'alice' as string | null, transferId = 'tr-transfer' } = {},
): TransferCredits => ({
  type: 'TransferCredits',
  data: { organizationId: ORG, actorId, transferId, from, to, amount },
  metadata: { now: t0 },
});
export const transferred = (to: OwnerAccount, amount: number, transferId = 'tr-transfer'): CreditsTransferred => ({
  type: 'CreditsTransferred',
  data: movement(transferId, alice, to, amount, 'alice'),
});
export const transferredToBob = (transferId: string, amount: number): CreditsTransferred => ({
  type: 'CreditsTransferred',
  data: movement(transferId, alice, bob, amount, 'alice'),
});
export const reserve = (
  amount: number,
  { account = alice, reservationId = 'res-1', expiresAt = t1, now = t0, sessionId = 'session-1' as string | null } = {},
): ReserveCredits => ({
  type: 'ReserveCredits',
  data: { organizationId: ORG, actorId: 'alice', reservationId, account, amount, sessionId, expiresAt },
  metadata: { now },
});
export const reserved = (
  amount: number,
  { account = alice, reservationId = 'res-1', expiresAt = t1 } = {},
): CreditsReserved => ({
  type: 'CreditsReserved',
  data: {
    organizationId: ORG,
    reservationId,
    account,
    amount,
    sessionId: 'session-1',
    expiresAt,
    actorId: 'alice',
    occurredAt: t0,
  },
});
export const capture = (amount: number, reservationId = 'res-1'): CaptureReservation => ({
  type: 'CaptureReservation',
  data: { organizationId: ORG, actorId: null, reservationId, amount },
  metadata: { now: t1 },
});
export const captured = (capturedAmount: number, releasedAmount: number, account = alice): ReservationCaptured => ({
  type: 'ReservationCaptured',
  data: {
    organizationId: ORG,
    reservationId: 'res-1',
    account,
    capturedAmount,
    releasedAmount,
    postings: capturedAmount === 0 ? [] : [{ debit: account, credit: CONSUMED, amount: capturedAmount }],
    actorId: null,
    occurredAt: t1,
  },
});
export const release = (reservationId = 'res-1'): ReleaseReservation => ({
  type: 'ReleaseReservation',
  data: { organizationId: ORG, actorId: 'alice', reservationId },
  metadata: { now: t1 },
});
export const released = (releasedAmount: number): ReservationReleased => ({
  type: 'ReservationReleased',
  data: {
    organizationId: ORG,
    reservationId: 'res-1',
    account: alice,
    releasedAmount,
    actorId: 'alice',
    occurredAt: t1,
  },
});
export const expire = (now: string, reservationId = 'res-1'): ExpireReservation => ({
  type: 'ExpireReservation',
  data: { organizationId: ORG, reservationId },
  metadata: { now },
});
export const expired = (releasedAmount: number, occurredAt = t1): ReservationExpired => ({
  type: 'ReservationExpired',
  data: { organizationId: ORG, reservationId: 'res-1', account: alice, releasedAmount, occurredAt },
});

export const INVALID_AMOUNTS = [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_CREDITS + 1];
export const funded: CreditEvent[] = [issued(100), allocated(alice, 10)];
