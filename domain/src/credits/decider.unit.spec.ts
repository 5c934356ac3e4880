import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, type DomainError } from '../shared/errors.js';
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
import { creditLedgerDecider, isBalanced } from './decider.js';
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
import { availableOf, balancesOf, reservationOf } from './state.js';

const given = DeciderSpecification.for(creditLedgerDecider);
const isCode = (code: string) => (error: DomainError) => error.code === code;
const hasDetails = (code: string, details: Record<string, unknown>) => (error: DomainError) =>
  error.code === code && JSON.stringify(error.details) === JSON.stringify(details);

const ORG = 'org-1';
const org = organizationAccount(ORG);
const alice = userAccount('alice');
const bob = userAccount('bob');
const sales = groupAccount('sales');
const ADMIN = 'admin-1';
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-21T10:30:00.000Z';
const t2 = '2026-11-21T11:00:00.000Z';

const issue = (amount: number, transferId = 'tr-issue'): IssueCredits => ({
  type: 'IssueCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, amount },
  metadata: { now: t0 },
});
const issued = (amount: number, transferId = 'tr-issue'): CreditsIssued => ({
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
const withdraw = (amount: number, transferId = 'tr-withdraw'): WithdrawCredits => ({
  type: 'WithdrawCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, amount },
  metadata: { now: t0 },
});
const withdrawn = (amount: number, transferId = 'tr-withdraw'): CreditsWithdrawn => ({
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
const movement = (transferId: string, from: OwnerAccount, to: OwnerAccount, amount: number, actorId: string) => ({
  organizationId: ORG,
  transferId,
  from,
  to,
  amount,
  postings: [{ debit: from, credit: to, amount }],
  actorId,
  occurredAt: t0,
});
const allocate = (to: OwnerAccount, amount: number, transferId = 'tr-allocate'): AllocateCredits => ({
  type: 'AllocateCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, to, amount },
  metadata: { now: t0 },
});
const allocated = (to: OwnerAccount, amount: number, transferId = 'tr-allocate'): CreditsAllocated => ({
  type: 'CreditsAllocated',
  data: movement(transferId, org, to, amount, ADMIN),
});
const deallocate = (from: OwnerAccount, amount: number, transferId = 'tr-deallocate'): DeallocateCredits => ({
  type: 'DeallocateCredits',
  data: { organizationId: ORG, actorId: ADMIN, transferId, from, amount },
  metadata: { now: t0 },
});
const deallocated = (from: OwnerAccount, amount: number, transferId = 'tr-deallocate'): CreditsDeallocated => ({
  type: 'CreditsDeallocated',
  data: movement(transferId, from, org, amount, ADMIN),
});
const transfer = (
  to: OwnerAccount,
  amount: number,
  { from = alice, actorId = 'alice' as string | null, transferId = 'tr-transfer' } = {},
): TransferCredits => ({
  type: 'TransferCredits',
  data: { organizationId: ORG, actorId, transferId, from, to, amount },
  metadata: { now: t0 },
});
const transferred = (to: OwnerAccount, amount: number, transferId = 'tr-transfer'): CreditsTransferred => ({
  type: 'CreditsTransferred',
  data: movement(transferId, alice, to, amount, 'alice'),
});
const transferredToBob = (transferId: string, amount: number): CreditsTransferred => ({
  type: 'CreditsTransferred',
  data: movement(transferId, alice, bob, amount, 'alice'),
});
const reserve = (
  amount: number,
  { account = alice, reservationId = 'res-1', expiresAt = t1, now = t0, sessionId = 'session-1' as string | null } = {},
): ReserveCredits => ({
  type: 'ReserveCredits',
  data: { organizationId: ORG, actorId: 'alice', reservationId, account, amount, sessionId, expiresAt },
  metadata: { now },
});
const reserved = (
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
const capture = (amount: number, reservationId = 'res-1'): CaptureReservation => ({
  type: 'CaptureReservation',
  data: { organizationId: ORG, actorId: null, reservationId, amount },
  metadata: { now: t1 },
});
const captured = (capturedAmount: number, releasedAmount: number, account = alice): ReservationCaptured => ({
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
const release = (reservationId = 'res-1'): ReleaseReservation => ({
  type: 'ReleaseReservation',
  data: { organizationId: ORG, actorId: 'alice', reservationId },
  metadata: { now: t1 },
});
const released = (releasedAmount: number): ReservationReleased => ({
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
const expire = (now: string, reservationId = 'res-1'): ExpireReservation => ({
  type: 'ExpireReservation',
  data: { organizationId: ORG, reservationId },
  metadata: { now },
});
const expired = (releasedAmount: number, occurredAt = t1): ReservationExpired => ({
  type: 'ReservationExpired',
  data: { organizationId: ORG, reservationId: 'res-1', account: alice, releasedAmount, occurredAt },
});

const INVALID_AMOUNTS = [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_CREDITS + 1];
const funded: CreditEvent[] = [issued(100), allocated(alice, 10)];

describe('Credit ledger', () => {
  describe('IssueCredits', () => {
    it('[L1] issues credits from the issuance account to the organization', () => {
      given([])
        .when(issue(100))
        .then([issued(100)]);
    });

    it('[L4] accepts the largest number of credits', () => {
      given([])
        .when(issue(MAX_CREDITS))
        .then([issued(MAX_CREDITS)]);
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given([])
        .when(issue(amount))
        .thenThrows(ValidationError, hasDetails('invalid_nb_credits', { field: 'nb_credits' }));
    });

    it('[L4] refuses to issue beyond what numbers count exactly', () => {
      const nearLimit = issued(Number.MAX_SAFE_INTEGER - 5, 'tr-0');
      given([nearLimit])
        .when(issue(5))
        .then([issued(5)]);
      given([nearLimit])
        .when(issue(6))
        .thenThrows(ConflictError, hasDetails('issuance_limit_reached', { outstanding: Number.MAX_SAFE_INTEGER - 5 }));
    });

    it('[L6] writes nothing when the same issue is retried', () => {
      given([issued(100)])
        .when(issue(100))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another amount or movement', () => {
      given([issued(100)])
        .when(issue(50))
        .thenThrows(ConflictError, hasDetails('transfer_id_reused', { transferId: 'tr-issue' }));
      given([issued(100, 'tr-1')])
        .when(withdraw(100, 'tr-1'))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('WithdrawCredits', () => {
    it('[L1] withdraws credits from the organization back to the issuance account', () => {
      given([issued(100)])
        .when(withdraw(100))
        .then([withdrawn(100)]);
    });

    it('[L2] refuses to withdraw more than the organization has available', () => {
      given([issued(100), allocated(alice, 40)])
        .when(withdraw(61))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 60 }));
    });

    it('[L2] refuses to withdraw credits the organization has reserved', () => {
      given([issued(10), reserved(8, { account: org })])
        .when(withdraw(3))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 2 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given([issued(100)])
        .when(withdraw(amount))
        .thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when a withdrawal is retried, even once the credits are gone', () => {
      given([issued(100), withdrawn(100)])
        .when(withdraw(100))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another amount', () => {
      given([issued(100), withdrawn(10)])
        .when(withdraw(20))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('AllocateCredits', () => {
    it('[L5] moves credits from the organization to a user', () => {
      given([issued(100)])
        .when(allocate(alice, 30))
        .then([allocated(alice, 30)]);
    });

    it('[L5] moves credits from the organization to a group', () => {
      given([issued(100)])
        .when(allocate(sales, 30))
        .then([allocated(sales, 30)]);
    });

    it.each([org, organizationAccount('org-2'), 'user:', 'group:', ISSUANCE, CONSUMED, 'alice'])(
      '[L5] refuses to allocate to %s',
      (to) => {
        given([issued(100)])
          .when(allocate(to as OwnerAccount, 1))
          .thenThrows(ValidationError, hasDetails('invalid_target', { field: 'to' }));
      },
    );

    it('[L2] refuses to allocate more than the organization has available', () => {
      given([issued(100), allocated(alice, 90)])
        .when(allocate(bob, 11, 'tr-2'))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given([issued(100)])
        .when(allocate(alice, amount))
        .thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when an allocation is retried', () => {
      given([issued(100), allocated(alice, 100)])
        .when(allocate(alice, 100))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another target', () => {
      given([issued(100), allocated(alice, 10)])
        .when(allocate(bob, 10))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('DeallocateCredits', () => {
    it('[L5] moves credits from a user back to the organization', () => {
      given(funded)
        .when(deallocate(alice, 10))
        .then([deallocated(alice, 10)]);
    });

    it('[L5] moves credits from a group back to the organization', () => {
      given([issued(100), allocated(sales, 10)])
        .when(deallocate(sales, 4))
        .then([deallocated(sales, 4)]);
    });

    it.each([org, organizationAccount('org-2'), 'user:', ISSUANCE])('[L5] refuses to deallocate from %s', (from) => {
      given(funded)
        .when(deallocate(from as OwnerAccount, 1))
        .thenThrows(ValidationError, hasDetails('invalid_source', { field: 'from' }));
    });

    it('[L5] refuses, rather than moving less, when the child has fewer credits available', () => {
      given(funded)
        .when(deallocate(alice, 11))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
    });

    it('[L5] cannot pull back reserved credits', () => {
      given([...funded, reserved(7)])
        .when(deallocate(alice, 4))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 3 }));
      given([...funded, reserved(7)])
        .when(deallocate(alice, 3))
        .then([deallocated(alice, 3)]);
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given(funded).when(deallocate(alice, amount)).thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when a deallocation is retried', () => {
      given([...funded, deallocated(alice, 10)])
        .when(deallocate(alice, 10))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another amount', () => {
      given([...funded, deallocated(alice, 5)])
        .when(deallocate(alice, 4))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('TransferCredits', () => {
    it('[L5] moves a user’s own credits to another user', () => {
      given(funded)
        .when(transfer(bob, 4))
        .then([transferred(bob, 4)]);
    });

    it('[L5] moves a user’s own credits to a group', () => {
      given(funded)
        .when(transfer(sales, 10))
        .then([transferred(sales, 10)]);
    });

    it('[L5] refuses to move someone else’s credits', () => {
      given(funded)
        .when(transfer(bob, 1, { actorId: 'bob' }))
        .thenThrows(ForbiddenError, isCode('not_own_account'));
      given(funded)
        .when(transfer(bob, 1, { actorId: null }))
        .thenThrows(ForbiddenError, isCode('not_own_account'));
      given(funded)
        .when(transfer(bob, 1, { from: sales, actorId: 'sales' }))
        .thenThrows(ForbiddenError, isCode('not_own_account'));
    });

    it('[L5] refuses a transfer to oneself', () => {
      given(funded)
        .when(transfer(alice, 1))
        .thenThrows(ValidationError, hasDetails('transfer_to_self', { field: 'to' }));
    });

    it.each([org, 'user:', ISSUANCE])('[L5] refuses to transfer to %s', (to) => {
      given(funded)
        .when(transfer(to as OwnerAccount, 1))
        .thenThrows(ValidationError, isCode('invalid_target'));
    });

    it('[L2] refuses to transfer more than the user has available, reservations included', () => {
      given(funded)
        .when(transfer(bob, 11))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
      given([...funded, reserved(6)])
        .when(transfer(bob, 5))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 4 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given(funded).when(transfer(bob, amount)).thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it('[L6] writes nothing when a transfer is retried', () => {
      given([...funded, transferred(bob, 10)])
        .when(transfer(bob, 10))
        .thenNothing();
    });

    it('[L6] refuses a transfer id already used for another recipient', () => {
      given([...funded, transferred(bob, 1)])
        .when(transfer(sales, 1))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });

    it('[L6] keeps apart two transfer ids whose hashes collide', () => {
      // 't-cp8gdc0c' and 't-xtq6objf' share one 32-bit FNV-1a hash.
      const events = [issued(100), transferredToBob('t-cp8gdc0c', 3), transferredToBob('t-xtq6objf', 4)];
      given(events)
        .when(transfer(bob, 3, { transferId: 't-cp8gdc0c' }))
        .thenNothing();
      given(events)
        .when(transfer(bob, 4, { transferId: 't-xtq6objf' }))
        .thenNothing();
      given(events)
        .when(transfer(bob, 4, { transferId: 't-cp8gdc0c' }))
        .thenThrows(ConflictError, isCode('transfer_id_reused'));
    });
  });

  describe('ReserveCredits', () => {
    it('[L7] holds credits of the account until the reservation resolves', () => {
      given(funded)
        .when(reserve(7))
        .then([reserved(7)]);
    });

    it('[L7] can hold credits of the organization or of a group', () => {
      given([issued(100)])
        .when(reserve(7, { account: org }))
        .then([reserved(7, { account: org })]);
      given([issued(100), allocated(sales, 10)])
        .when(reserve(7, { account: sales }))
        .then([reserved(7, { account: sales })]);
    });

    it('[L2] refuses to hold more than is available, earlier holds included', () => {
      given(funded)
        .when(reserve(11))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 10 }));
      given([...funded, reserved(6)])
        .when(reserve(5, { reservationId: 'res-2' }))
        .thenThrows(ConflictError, hasDetails('insufficient_credits', { available: 4 }));
    });

    it.each(INVALID_AMOUNTS)('[L4] refuses %s credits', (amount) => {
      given(funded).when(reserve(amount)).thenThrows(ValidationError, isCode('invalid_nb_credits'));
    });

    it.each([ISSUANCE, CONSUMED, organizationAccount('org-2'), 'user:'])(
      '[L7] refuses to hold credits of %s',
      (account) => {
        given(funded)
          .when(reserve(1, { account: account as OwnerAccount }))
          .thenThrows(ValidationError, hasDetails('invalid_account', { field: 'account' }));
      },
    );

    it.each([t0, '2026-11-21T09:00:00.000Z', 'tomorrow'])('[L7] refuses an expiry at %s (now is t0)', (expiresAt) => {
      given(funded)
        .when(reserve(1, { expiresAt }))
        .thenThrows(ValidationError, hasDetails('invalid_expiry', { field: 'expiresAt' }));
    });

    it('[L7] writes nothing when a reservation is retried, even with a later expiry or after it resolved', () => {
      given([...funded, reserved(7)])
        .when(reserve(7, { expiresAt: t2, now: t1 }))
        .thenNothing();
      given([...funded, reserved(7), captured(7, 0)])
        .when(reserve(7, { now: t2, expiresAt: t1 }))
        .thenNothing();
    });

    it('[L7] refuses a reservation id already used for another reservation', () => {
      given([...funded, reserved(7)])
        .when(reserve(6))
        .thenThrows(ConflictError, hasDetails('reservation_id_reused', { reservationId: 'res-1' }));
      given([...funded, reserved(7)])
        .when(reserve(7, { account: bob }))
        .thenThrows(ConflictError, isCode('reservation_id_reused'));
      given([...funded, reserved(7)])
        .when(reserve(7, { sessionId: null }))
        .thenThrows(ConflictError, isCode('reservation_id_reused'));
    });
  });

  describe('CaptureReservation', () => {
    const holding = [...funded, reserved(7)];

    it('[L8] posts the captured credits to consumed and releases the rest', () => {
      given(holding)
        .when(capture(3))
        .then([captured(3, 4)]);
    });

    it('[L8] captures the whole reservation', () => {
      given(holding)
        .when(capture(7))
        .then([captured(7, 0)]);
    });

    it('[L8] capturing nothing releases everything and posts nothing', () => {
      given(holding)
        .when(capture(0))
        .then([captured(0, 7)]);
    });

    it('[L8] still captures a reservation past its expiry that the expiry job has not expired yet', () => {
      given(holding)
        .when({ ...capture(2), metadata: { now: t2 } })
        .then([{ ...captured(2, 5), data: { ...captured(2, 5).data, occurredAt: t2 } }]);
    });

    it.each([-1, 1.5, Number.NaN])('[L8] refuses to capture %s credits', (amount) => {
      given(holding)
        .when(capture(amount))
        .thenThrows(ValidationError, hasDetails('invalid_capture_amount', { field: 'amount' }));
    });

    it('[L8] refuses to capture more than was reserved', () => {
      given(holding)
        .when(capture(8))
        .thenThrows(ValidationError, hasDetails('invalid_capture_amount', { field: 'amount', reserved: 7 }));
    });

    it('[L8] refuses an unknown reservation', () => {
      given(funded).when(capture(1)).thenThrows(NotFoundError, isCode('reservation_not_found'));
    });

    it.each([
      ['captured', captured(1, 6)],
      ['released', released(7)],
      ['expired', expired(7)],
    ] as const)('[L8] resolves only once: refuses to capture a reservation already %s', (status, resolution) => {
      given([...holding, resolution])
        .when(capture(1))
        .thenThrows(ConflictError, hasDetails('reservation_already_resolved', { status }));
    });
  });

  describe('ReleaseReservation', () => {
    const holding = [...funded, reserved(7)];

    it('[L8] gives the held credits back', () => {
      given(holding)
        .when(release())
        .then([released(7)]);
    });

    it('[L8] writes nothing when a release is retried', () => {
      given([...holding, released(7)])
        .when(release())
        .thenNothing();
    });

    it.each([
      ['captured', captured(7, 0)],
      ['expired', expired(7)],
    ] as const)('[L8] refuses to release a reservation already %s', (status, resolution) => {
      given([...holding, resolution])
        .when(release())
        .thenThrows(ConflictError, hasDetails('reservation_already_resolved', { status }));
    });

    it('[L8] refuses an unknown reservation', () => {
      given(funded).when(release()).thenThrows(NotFoundError, isCode('reservation_not_found'));
    });
  });

  describe('ExpireReservation', () => {
    const holding = [...funded, reserved(7)];

    it('[L9] expires a pending reservation once its expiry has come', () => {
      given(holding)
        .when(expire(t1))
        .then([expired(7, t1)]);
      given(holding)
        .when(expire(t2))
        .then([expired(7, t2)]);
    });

    it('[L9] writes nothing when the job runs before the expiry', () => {
      given(holding).when(expire('2026-11-21T10:29:59.999Z')).thenNothing();
    });

    it.each([
      ['captured', captured(7, 0)],
      ['released', released(7)],
      ['expired', expired(7)],
    ] as const)('[L9] writes nothing for a reservation already %s', (_status, resolution) => {
      given([...holding, resolution])
        .when(expire(t2))
        .thenNothing();
    });

    it('[L9] writes nothing for an unknown reservation', () => {
      given(funded).when(expire(t2)).thenNothing();
    });
  });

  describe('state', () => {
    const history: CreditEvent[] = [
      issued(100),
      allocated(alice, 30),
      reserved(10),
      captured(4, 6),
      transferred(sales, 6),
    ];

    it('[L3] reports posted, pending and available balances of every account', () => {
      const state = fold(creditLedgerDecider, history);
      expect([...balancesOf(state)]).toEqual([
        [CONSUMED, { posted: 4, pending: 0, available: 4 }],
        [sales, { posted: 6, pending: 0, available: 6 }],
        [ISSUANCE, { posted: -100, pending: 0, available: -100 }],
        [org, { posted: 70, pending: 0, available: 70 }],
        [alice, { posted: 20, pending: 0, available: 20 }],
      ]);
      expect(availableOf(state, bob)).toBe(0);
    });

    it('[L3] counts pending reservations out of available, not out of posted', () => {
      const state = fold(creditLedgerDecider, [issued(100), allocated(alice, 30), reserved(10)]);
      expect(balancesOf(state).get(alice)).toEqual({ posted: 30, pending: 10, available: 20 });
      expect(reservationOf(state, 'res-1')).toEqual({
        account: alice,
        amount: 10,
        sessionId: 'session-1',
        expiresAt: t1,
        status: 'pending',
        capturedAmount: 0,
        releasedAmount: 0,
      });
    });

    it('[L8] records how a reservation resolved', () => {
      const state = fold(creditLedgerDecider, history);
      expect(reservationOf(state, 'res-1')).toMatchObject({ status: 'captured', capturedAmount: 4, releasedAmount: 6 });
    });

    it('[L10] evolves without changing the state it was given', () => {
      const before = fold(creditLedgerDecider, history.slice(0, 3));
      const snapshot = JSON.stringify(before);
      const after = creditLedgerDecider.evolve(before, history[3] as CreditEvent);
      expect(JSON.stringify(before)).toBe(snapshot);
      expect(after).not.toBe(before);
      expect(availableOf(before, alice)).toBe(20);
      expect(availableOf(after, alice)).toBe(26);
    });

    it('[L10] finds every one of thousands of transfer ids', () => {
      const events = Array.from({ length: 3000 }, (_, index) => issued(index + 1, `tr-${index}`));
      const state = fold(creditLedgerDecider, events);
      for (const [index, event] of events.entries()) {
        expect(creditLedgerDecider.decide(issue(index + 1, event.data.transferId), state)).toEqual([]);
      }
      expect(availableOf(state, org)).toBe((3000 * 3001) / 2);
    });
  });

  describe('isBalanced', () => {
    it('[L1] accepts postings of positive whole amounts between two accounts', () => {
      expect(isBalanced([])).toBe(true);
      expect(
        isBalanced([
          { debit: ISSUANCE, credit: org, amount: 5 },
          { debit: org, credit: alice, amount: 2 },
        ]),
      ).toBe(true);
    });

    it.each([0, -5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('[L1] refuses a posting of %s', (amount) => {
      expect(isBalanced([{ debit: ISSUANCE, credit: org, amount }])).toBe(false);
    });

    it('[L1] refuses a posting of an account to itself', () => {
      expect(isBalanced([{ debit: org, credit: org, amount: 5 }])).toBe(false);
    });
  });
});
