import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../shared/errors.js';
import {
  CONSUMED,
  ISSUANCE,
  MAX_CREDITS,
  organizationAccount,
  ownerOf,
  userAccount,
  type LedgerAccount,
  type OwnerAccount,
  type OwnerKind,
} from './accounts.js';
import type {
  AllocateCredits,
  CaptureReservation,
  CreditCommand,
  DeallocateCredits,
  ExpireReservation,
  IssueCredits,
  ReleaseReservation,
  ReserveCredits,
  TransferCredits,
  WithdrawCredits,
} from './commands.js';
import type { CreditEvent, Posting } from './events.js';
import {
  appliedTransferOf,
  availableOf,
  evolveCreditLedger,
  initialCreditLedgerState,
  reservationOf,
  type AppliedTransfer,
  type CreditLedgerState,
  type Reservation,
} from './state.js';

/**
 * Each posting moves a positive whole amount between two different accounts, so Σ debits = Σ
 * credits holds by construction; what can still break a posting is its amount (0, negative,
 * fractional, NaN, beyond exact integers) or a posting of an account to itself.
 */
export const isBalanced = (postings: readonly Posting[]): boolean =>
  postings.every(({ debit, credit, amount }) => debit !== credit && Number.isSafeInteger(amount) && amount > 0);

const validAmount = (amount: number): number => {
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_CREDITS) {
    throw new ValidationError('invalid_nb_credits', `A number of credits is a whole number from 1 to ${MAX_CREDITS}.`, {
      field: 'nb_credits',
    });
  }
  return amount;
};

/**
 * Group and user ids cannot be checked here (they live in other aggregates): the caller resolves
 * them inside the organization. The organization account can be checked: only this stream's own.
 */
const isAccountOf = (account: string, organizationId: string, kinds: readonly OwnerKind[]): boolean => {
  const { kind, id } = ownerOf(account as OwnerAccount);
  return kinds.includes(kind) && id.length > 0 && (kind !== 'organization' || id === organizationId);
};

const CHILD_KINDS: readonly OwnerKind[] = ['group', 'user'];
const OWNER_KINDS: readonly OwnerKind[] = ['organization', 'group', 'user'];

const requireAvailable = (state: CreditLedgerState, account: LedgerAccount, amount: number): void => {
  const available = availableOf(state, account);
  if (available < amount) {
    throw new ConflictError('insufficient_credits', `Not enough credits: ${available} available.`, {
      available,
    });
  }
};

/** True when this very movement was applied before (a retry); a different one under the same id is refused. */
const alreadyApplied = (state: CreditLedgerState, transferId: string, request: AppliedTransfer): boolean => {
  const applied = appliedTransferOf(state, transferId);
  if (applied === undefined) return false;
  if (
    applied.kind === request.kind &&
    applied.from === request.from &&
    applied.to === request.to &&
    applied.amount === request.amount
  ) {
    return true;
  }
  throw new ConflictError('transfer_id_reused', 'This transfer id was already used for another movement.', {
    transferId,
  });
};

type MovementCommand = AllocateCredits | DeallocateCredits | TransferCredits;

/** An organization-internal movement: one posting from `from` to `to`. */
const movementData = ({ data, metadata }: MovementCommand, from: OwnerAccount, to: OwnerAccount, amount: number) => ({
  organizationId: data.organizationId,
  transferId: data.transferId,
  from,
  to,
  amount,
  postings: [{ debit: from, credit: to, amount }],
  actorId: data.actorId,
  occurredAt: metadata.now,
});

const issueCredits = ({ data, metadata }: IssueCredits, state: CreditLedgerState): CreditEvent[] => {
  const amount = validAmount(data.amount);
  const to = organizationAccount(data.organizationId);
  if (alreadyApplied(state, data.transferId, { kind: 'issue', from: ISSUANCE, to, amount })) return [];
  // Beyond 2^53 sums of numbers stop being exact and Σ balances = 0 could no longer be checked;
  // every balance is bounded by what is outstanding, so bounding that bounds them all.
  const outstanding = -availableOf(state, ISSUANCE);
  if (outstanding + amount > Number.MAX_SAFE_INTEGER) {
    throw new ConflictError('issuance_limit_reached', 'No more credits can be issued to this organization.', {
      outstanding,
    });
  }
  return [
    {
      type: 'CreditsIssued',
      data: {
        organizationId: data.organizationId,
        transferId: data.transferId,
        to,
        amount,
        postings: [{ debit: ISSUANCE, credit: to, amount }],
        actorId: data.actorId,
        occurredAt: metadata.now,
      },
    },
  ];
};

const withdrawCredits = ({ data, metadata }: WithdrawCredits, state: CreditLedgerState): CreditEvent[] => {
  const amount = validAmount(data.amount);
  const from = organizationAccount(data.organizationId);
  if (alreadyApplied(state, data.transferId, { kind: 'withdraw', from, to: ISSUANCE, amount })) return [];
  requireAvailable(state, from, amount);
  return [
    {
      type: 'CreditsWithdrawn',
      data: {
        organizationId: data.organizationId,
        transferId: data.transferId,
        from,
        amount,
        postings: [{ debit: from, credit: ISSUANCE, amount }],
        actorId: data.actorId,
        occurredAt: metadata.now,
      },
    },
  ];
};

const allocateCredits = (command: AllocateCredits, state: CreditLedgerState): CreditEvent[] => {
  const { data } = command;
  const amount = validAmount(data.amount);
  if (!isAccountOf(data.to, data.organizationId, CHILD_KINDS)) {
    throw new ValidationError('invalid_target', 'Credits are allocated to a group or a user.', { field: 'to' });
  }
  const from = organizationAccount(data.organizationId);
  if (alreadyApplied(state, data.transferId, { kind: 'allocate', from, to: data.to, amount })) return [];
  requireAvailable(state, from, amount);
  return [{ type: 'CreditsAllocated', data: movementData(command, from, data.to, amount) }];
};

/**
 * Refused rather than capped when the child has less available than asked: moving less than
 * requested under a transfer id would make its retry ambiguous. Reserved credits stay put.
 */
const deallocateCredits = (command: DeallocateCredits, state: CreditLedgerState): CreditEvent[] => {
  const { data } = command;
  const amount = validAmount(data.amount);
  if (!isAccountOf(data.from, data.organizationId, CHILD_KINDS)) {
    throw new ValidationError('invalid_source', 'Credits are deallocated from a group or a user.', { field: 'from' });
  }
  const to = organizationAccount(data.organizationId);
  if (alreadyApplied(state, data.transferId, { kind: 'deallocate', from: data.from, to, amount })) return [];
  requireAvailable(state, data.from, amount);
  return [{ type: 'CreditsDeallocated', data: movementData(command, data.from, to, amount) }];
};

const transferCredits = (command: TransferCredits, state: CreditLedgerState): CreditEvent[] => {
  const { data } = command;
  // A user gives away only their own credits; operators move other people's with deallocate/allocate.
  if (data.actorId === null || data.from !== userAccount(data.actorId)) {
    throw new ForbiddenError('not_own_account', 'Only your own credits can be transferred.');
  }
  const amount = validAmount(data.amount);
  if (!isAccountOf(data.to, data.organizationId, CHILD_KINDS)) {
    throw new ValidationError('invalid_target', 'Credits are transferred to a user or a group.', { field: 'to' });
  }
  if (data.to === data.from) {
    throw new ValidationError('transfer_to_self', 'Credits cannot be transferred to their own account.', {
      field: 'to',
    });
  }
  const { from, to } = data;
  if (alreadyApplied(state, data.transferId, { kind: 'transfer', from, to, amount })) return [];
  requireAvailable(state, from, amount);
  return [{ type: 'CreditsTransferred', data: movementData(command, from, to, amount) }];
};

/**
 * `expiresAt` is not part of the request a retry must repeat: callers compute it from their own
 * clock, so a retry carries a later one. The first reservation's expiry stands.
 */
const sameReservation = (reservation: Reservation, data: ReserveCredits['data']): boolean =>
  reservation.account === data.account &&
  reservation.amount === data.amount &&
  reservation.sessionId === data.sessionId;

const reserveCredits = ({ data, metadata }: ReserveCredits, state: CreditLedgerState): CreditEvent[] => {
  const amount = validAmount(data.amount);
  if (!isAccountOf(data.account, data.organizationId, OWNER_KINDS)) {
    throw new ValidationError('invalid_account', 'Credits are reserved on an account of this organization.', {
      field: 'account',
    });
  }
  const existing = reservationOf(state, data.reservationId);
  if (existing !== undefined) {
    if (sameReservation(existing, data)) return [];
    throw new ConflictError('reservation_id_reused', 'This reservation id was already used for another reservation.', {
      reservationId: data.reservationId,
    });
  }
  // Checked after the retry test: a late retry of an applied reservation is answered, not refused.
  const expiresAt = Date.parse(data.expiresAt);
  if (Number.isNaN(expiresAt) || expiresAt <= Date.parse(metadata.now)) {
    throw new ValidationError('invalid_expiry', 'A reservation expires after it is made.', { field: 'expiresAt' });
  }
  requireAvailable(state, data.account, amount);
  return [
    {
      type: 'CreditsReserved',
      data: {
        organizationId: data.organizationId,
        reservationId: data.reservationId,
        account: data.account,
        amount,
        sessionId: data.sessionId,
        expiresAt: data.expiresAt,
        actorId: data.actorId,
        occurredAt: metadata.now,
      },
    },
  ];
};

const existingReservation = (state: CreditLedgerState, reservationId: string): Reservation => {
  const reservation = reservationOf(state, reservationId);
  if (reservation === undefined) throw new NotFoundError('reservation_not_found', 'This reservation does not exist.');
  return reservation;
};

const alreadyResolved = ({ status }: Reservation) =>
  new ConflictError('reservation_already_resolved', `This reservation is already ${status}.`, { status });

/**
 * Only the expiry command expires a reservation: until the job has run, a pending reservation past
 * its `expiresAt` can still be captured (the session ended late), and the job then finds nothing to do.
 */
const captureReservation = ({ data, metadata }: CaptureReservation, state: CreditLedgerState): CreditEvent[] => {
  const invalidAmount = (details: Record<string, unknown> = {}) =>
    new ValidationError('invalid_capture_amount', 'A capture is a whole number from 0 to the reserved amount.', {
      field: 'amount',
      ...details,
    });
  if (!Number.isInteger(data.amount) || data.amount < 0) throw invalidAmount();
  const reservation = existingReservation(state, data.reservationId);
  if (reservation.status !== 'pending') throw alreadyResolved(reservation);
  if (data.amount > reservation.amount) throw invalidAmount({ reserved: reservation.amount });
  const { account } = reservation;
  return [
    {
      type: 'ReservationCaptured',
      data: {
        organizationId: data.organizationId,
        reservationId: data.reservationId,
        account,
        capturedAmount: data.amount,
        releasedAmount: reservation.amount - data.amount,
        postings: data.amount === 0 ? [] : [{ debit: account, credit: CONSUMED, amount: data.amount }],
        actorId: data.actorId,
        occurredAt: metadata.now,
      },
    },
  ];
};

const releaseReservation = ({ data, metadata }: ReleaseReservation, state: CreditLedgerState): CreditEvent[] => {
  const reservation = existingReservation(state, data.reservationId);
  if (reservation.status === 'released') return [];
  if (reservation.status !== 'pending') throw alreadyResolved(reservation);
  return [
    {
      type: 'ReservationReleased',
      data: {
        organizationId: data.organizationId,
        reservationId: data.reservationId,
        account: reservation.account,
        releasedAmount: reservation.amount,
        actorId: data.actorId,
        occurredAt: metadata.now,
      },
    },
  ];
};

/**
 * The job may run early (a retry of a delayed job), late (after a capture or release), or for a
 * reservation this stream does not hold: each answer is "nothing to do", never an error the queue
 * would retry forever.
 */
const expireReservation = ({ data, metadata }: ExpireReservation, state: CreditLedgerState): CreditEvent[] => {
  const reservation = reservationOf(state, data.reservationId);
  if (reservation?.status !== 'pending') return [];
  if (Date.parse(metadata.now) < Date.parse(reservation.expiresAt)) return [];
  return [
    {
      type: 'ReservationExpired',
      data: {
        organizationId: data.organizationId,
        reservationId: data.reservationId,
        account: reservation.account,
        releasedAmount: reservation.amount,
        occurredAt: metadata.now,
      },
    },
  ];
};

/**
 * One organization's credits, stream `creditLedgerStreamId(organizationId)`: every movement between
 * its accounts is decided against one state, so one optimistic-concurrency check covers both sides.
 */
export const creditLedgerDecider: Decider<CreditCommand, CreditEvent, CreditLedgerState> = {
  decide: decideByType({
    IssueCredits: issueCredits,
    WithdrawCredits: withdrawCredits,
    AllocateCredits: allocateCredits,
    DeallocateCredits: deallocateCredits,
    TransferCredits: transferCredits,
    ReserveCredits: reserveCredits,
    CaptureReservation: captureReservation,
    ReleaseReservation: releaseReservation,
    ExpireReservation: expireReservation,
  }),
  evolve: evolveCreditLedger,
  initialState: initialCreditLedgerState,
};
