import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.js';
import { ConflictError, DomainError, ForbiddenError } from '../shared/errors.js';
import {
  CONSUMED,
  ISSUANCE,
  MAX_CREDITS,
  groupAccount,
  isOwnerAccount,
  organizationAccount,
  ownerOf,
  userAccount,
  type OwnerAccount,
} from './accounts.js';
import type { CreditCommand } from './commands.js';
import { creditLedgerDecider, isBalanced } from './decider.js';
import type { CreditEvent, CreditEventType } from './events.js';
import { balancesOf, reservationOf, type CreditLedgerState } from './state.js';

/*
 * Random command sequences against one organization's ledger, run as a real caller would: decide,
 * skip refusals, append and evolve. After every step the decider's state is checked against the
 * ledger invariants and against a reference model built from the events alone. Rule ids (L1…)
 * are those of docs/domain/credits.md.
 */

const ORG = 'org-1';
const org = organizationAccount(ORG);
const users = ['u1', 'u2', 'u3'].map(userAccount);
const groups = ['g1', 'g2'].map(groupAccount);
const children = [...users, ...groups];
const START = Date.parse('2026-11-21T10:00:00.000Z');

const edgeAmount = fc.constantFrom(0, -3, 2.5, Number.NaN, MAX_CREDITS, MAX_CREDITS + 1);
const amount = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 40 }) },
  { weight: 1, arbitrary: edgeAmount },
);
const issuedAmount = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 1, max: 300 }) },
  { weight: 1, arbitrary: edgeAmount },
);
/** Mostly fresh ids; a few from a small pool, so that some are reused for another request. */
const freshOrPooled = (prefix: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.nat().map((n) => `${prefix}-${n}`) },
    { weight: 1, arbitrary: fc.nat({ max: 3 }).map((n) => `${prefix}${n}`) },
  );
const transferId = freshOrPooled('t');
/** Resolved when the step runs: mostly one of the reservations made so far, sometimes an unknown one. */
const existingReservation = fc.record({
  pick: fc.nat(),
  unknown: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
// Mostly valid targets, sometimes accounts the rules refuse.
const target = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom<OwnerAccount>(...children) },
  { weight: 1, arbitrary: fc.constantFrom(org, 'user:' as OwnerAccount, ISSUANCE as unknown as OwnerAccount) },
);

type ReservationPick = { pick: number; unknown: boolean };

type Action =
  | { kind: 'issue' | 'withdraw'; transferId: string; amount: number }
  | { kind: 'allocate'; transferId: string; to: OwnerAccount; amount: number }
  | { kind: 'deallocate'; transferId: string; from: OwnerAccount; amount: number }
  | { kind: 'transfer'; transferId: string; from: OwnerAccount; to: OwnerAccount; amount: number; own: boolean }
  | { kind: 'reserve'; reservationId: string; account: OwnerAccount; amount: number; ttlSeconds: number }
  | { kind: 'capture'; reservation: ReservationPick; amount: number }
  | { kind: 'release' | 'expire'; reservation: ReservationPick }
  | { kind: 'retry'; pick: number }
  | { kind: 'reuse'; pick: number; field: 'amount' | 'party' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('issue' as const), transferId, amount: issuedAmount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), transferId, amount }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('allocate' as const), transferId, to: target, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deallocate' as const), transferId, from: target, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      transferId,
      from: fc.constantFrom(...users),
      to: target,
      amount,
      own: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('reserve' as const),
      reservationId: freshOrPooled('r'),
      account: fc.constantFrom(...children, org),
      amount,
      ttlSeconds: fc.integer({ min: -60, max: 1800 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('capture' as const),
      reservation: existingReservation,
      amount: fc.oneof(
        { weight: 9, arbitrary: fc.nat({ max: 45 }) },
        { weight: 1, arbitrary: fc.constantFrom(-1, 1.5) },
      ),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('release' as const, 'expire' as const),
      reservation: existingReservation,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('retry' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('reuse' as const),
      pick: fc.nat(),
      field: fc.constantFrom('amount' as const, 'party' as const),
    }),
  },
);
/** Seconds the clock moves before the step: reservations live up to 30 minutes, so expiries happen. */
const step = fc.record({ advanceSeconds: fc.nat({ max: 600 }), action });

const commandOf = (
  action: Exclude<Action, { kind: 'retry' | 'reuse' }>,
  now: string,
  reservationIds: readonly string[],
): CreditCommand => {
  const metadata = { now };
  const pickedId = ({ pick, unknown }: ReservationPick) =>
    unknown || reservationIds.length === 0 ? 'r-unknown' : (reservationIds[pick % reservationIds.length] as string);
  const base = { organizationId: ORG, actorId: 'admin' };
  switch (action.kind) {
    case 'issue':
      return {
        type: 'IssueCredits',
        data: { ...base, transferId: action.transferId, amount: action.amount },
        metadata,
      };
    case 'withdraw':
      return {
        type: 'WithdrawCredits',
        data: { ...base, transferId: action.transferId, amount: action.amount },
        metadata,
      };
    case 'allocate': {
      const { transferId, to, amount } = action;
      return { type: 'AllocateCredits', data: { ...base, transferId, to, amount }, metadata };
    }
    case 'deallocate': {
      const { transferId, from, amount } = action;
      return { type: 'DeallocateCredits', data: { ...base, transferId, from, amount }, metadata };
    }
    case 'transfer': {
      const { transferId, from, to, amount, own } = action;
      const actorId = own ? ownerOf(from).id : 'someone-else';
      return {
        type: 'TransferCredits',
        data: { organizationId: ORG, actorId, transferId, from, to, amount },
        metadata,
      };
    }
    case 'reserve': {
      const { reservationId, account, amount, ttlSeconds } = action;
      const expiresAt = new Date(Date.parse(now) + ttlSeconds * 1000).toISOString();
      return {
        type: 'ReserveCredits',
        data: { ...base, reservationId, account, amount, sessionId: `session-${reservationId}`, expiresAt },
        metadata,
      };
    }
    case 'capture':
      return {
        type: 'CaptureReservation',
        data: { ...base, actorId: null, reservationId: pickedId(action.reservation), amount: action.amount },
        metadata,
      };
    case 'release':
      return { type: 'ReleaseReservation', data: { ...base, reservationId: pickedId(action.reservation) }, metadata };
    case 'expire':
      return {
        type: 'ExpireReservation',
        data: { organizationId: ORG, reservationId: pickedId(action.reservation) },
        metadata,
      };
  }
};

/** Another run of an applied command (a retry carries its own, later clock). */
const retried = (command: CreditCommand, now: string): CreditCommand => ({ ...command, metadata: { now } });

/** The account a movement or reservation names besides the organization's, if any. */
const PARTY_FIELD = {
  AllocateCredits: 'to',
  DeallocateCredits: 'from',
  TransferCredits: 'to',
  ReserveCredits: 'account',
};

/** An applied command's id with one field of its request changed: the decider must refuse it. */
const reused = (command: CreditCommand, field: 'amount' | 'party', now: string): CreditCommand => {
  const partyField = (PARTY_FIELD as Record<string, string>)[command.type];
  const data = command.data as Record<string, unknown>;
  const changed =
    field === 'party' && partyField !== undefined
      ? { [partyField]: children[(children.indexOf(data[partyField] as OwnerAccount) + 1) % children.length] }
      : { amount: (data.amount as number) + 1 };
  return { ...command, data: { ...data, ...changed }, metadata: { now } } as CreditCommand;
};

/**
 * The idempotency key a command is filed under and the request a retry must repeat; undefined for
 * commands without one. Neither the actor nor `expiresAt` is part of the request (see the decider).
 */
const requestOf = (command: CreditCommand): { key: string; request: string } | undefined => {
  switch (command.type) {
    case 'IssueCredits':
    case 'WithdrawCredits':
    case 'AllocateCredits':
    case 'DeallocateCredits':
    case 'TransferCredits': {
      const from = 'from' in command.data ? command.data.from : '';
      const to = 'to' in command.data ? command.data.to : '';
      return {
        key: `transfer ${command.data.transferId}`,
        request: `${command.type} ${from} ${to} ${command.data.amount}`,
      };
    }
    case 'ReserveCredits': {
      const { reservationId, account, amount, sessionId } = command.data;
      return { key: `reservation ${reservationId}`, request: `${account} ${amount} ${sessionId}` };
    }
    default:
      return undefined;
  }
};

/** A frozen state makes any mutation by evolve or decide throw (modules run in strict mode). */
const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
};

/** Structural equality of plain data (states are plain objects and arrays). */
const deepEqual = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const keys = Object.keys(a);
  if (Array.isArray(a) !== Array.isArray(b) || keys.length !== Object.keys(b).length) return false;
  for (const key of keys) {
    if (!deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])) return false;
  }
  return true;
};

/** Plain checks: they run hundreds of thousands of times, where `expect` would dominate the run time. */
const check = (holds: boolean, message: () => string): void => {
  if (!holds) throw new Error(message());
};
const same = (actual: unknown, expected: unknown, what: string): void =>
  check(Object.is(actual, expected), () => `${what}: expected ${String(expected)}, got ${String(actual)}`);

const sum = (values: Iterable<number>): number => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

type ModelReservation = {
  account: OwnerAccount;
  amount: number;
  expiresAt: string;
  status: 'pending' | 'captured' | 'released' | 'expired';
  resolutions: number;
  captured: number;
  released: number;
};

/** What the events alone say, computed without the decider's state. */
class ReferenceModel {
  issued = 0;
  withdrawn = 0;
  consumed = 0;
  readonly reservations = new Map<string, ModelReservation>();

  record(event: CreditEvent): void {
    switch (event.type) {
      case 'CreditsIssued':
        this.issued += event.data.amount;
        return;
      case 'CreditsWithdrawn':
        this.withdrawn += event.data.amount;
        return;
      case 'CreditsReserved': {
        const { reservationId, account, amount, expiresAt } = event.data;
        this.reservations.set(reservationId, {
          account,
          amount,
          expiresAt,
          status: 'pending',
          resolutions: 0,
          captured: 0,
          released: 0,
        });
        return;
      }
      case 'ReservationCaptured':
        this.consumed += event.data.capturedAmount;
        this.resolve(event.data.reservationId, 'captured', event.data.capturedAmount, event.data.releasedAmount);
        return;
      case 'ReservationReleased':
        this.resolve(event.data.reservationId, 'released', 0, event.data.releasedAmount);
        return;
      case 'ReservationExpired':
        this.resolve(event.data.reservationId, 'expired', 0, event.data.releasedAmount);
        return;
      default:
        return;
    }
  }

  private resolve(reservationId: string, status: ModelReservation['status'], captured: number, released: number) {
    const reservation = this.reservations.get(reservationId);
    if (!reservation) throw new Error(`resolution of unknown reservation ${reservationId}`);
    reservation.status = status;
    reservation.resolutions += 1;
    reservation.captured += captured;
    reservation.released += released;
  }

  open(): ModelReservation[] {
    return [...this.reservations.values()].filter((r) => r.resolutions === 0);
  }
}

/**
 * [L8][L9] How release, capture and expiry must answer, from the reference model alone:
 * 'events', 'nothing' or a refusal code. Undefined for other commands.
 */
const expectedResolution = (command: CreditCommand, model: ReferenceModel): string | undefined => {
  if (
    command.type !== 'ReleaseReservation' &&
    command.type !== 'CaptureReservation' &&
    command.type !== 'ExpireReservation'
  ) {
    return undefined;
  }
  const reservation = model.reservations.get(command.data.reservationId);
  switch (command.type) {
    case 'ReleaseReservation':
      if (!reservation) return 'reservation_not_found';
      if (reservation.status === 'released') return 'nothing';
      return reservation.status === 'pending' ? 'events' : 'reservation_already_resolved';
    case 'CaptureReservation': {
      const { amount } = command.data;
      if (!Number.isInteger(amount) || amount < 0) return 'invalid_capture_amount';
      if (!reservation) return 'reservation_not_found';
      if (reservation.status !== 'pending') return 'reservation_already_resolved';
      return amount > reservation.amount ? 'invalid_capture_amount' : 'events';
    }
    case 'ExpireReservation':
      return reservation?.status === 'pending' && Date.parse(command.metadata.now) >= Date.parse(reservation.expiresAt)
        ? 'events'
        : 'nothing';
  }
};

const isChild = (account: OwnerAccount) => children.includes(account);

/** [L5] allocation goes down, deallocation up, and a transfer from a user to someone else. */
const followsHierarchy = (event: CreditEvent): boolean => {
  switch (event.type) {
    case 'CreditsAllocated':
      return event.data.from === org && isChild(event.data.to);
    case 'CreditsDeallocated':
      return isChild(event.data.from) && event.data.to === org;
    case 'CreditsTransferred':
      return users.includes(event.data.from) && isChild(event.data.to) && event.data.from !== event.data.to;
    default:
      return true;
  }
};

const checkInvariants = (state: CreditLedgerState, model: ReferenceModel, stepEvents: readonly CreditEvent[]) => {
  // [L1] every event's postings balance, and the whole ledger sums to zero.
  for (const event of stepEvents) {
    if ('postings' in event.data) check(isBalanced(event.data.postings), () => `unbalanced ${JSON.stringify(event)}`);
    check(followsHierarchy(event), () => `outside the hierarchy: ${JSON.stringify(event)}`);
  }
  const balances = balancesOf(state);
  same(sum([...balances.values()].map((b) => b.posted)), 0, 'Σ all balances');

  // [L2] no owner account overdrawn, posted or available.
  const owners = [...balances].filter(([account]) => isOwnerAccount(account));
  for (const [account, { posted, pending, available }] of owners) {
    check(
      posted >= 0 && pending >= 0 && available >= 0,
      () => `${account} overdrawn: ${JSON.stringify({ posted, pending })}`,
    );
  }

  // [L3] conservation, against the reference model.
  const ownerPosted = sum(owners.map(([, b]) => b.posted));
  const open = model.open();
  same(ownerPosted, model.issued - model.withdrawn - model.consumed, 'Σ owner posted vs issued − withdrawn − consumed');
  same(balances.get(ISSUANCE)?.posted ?? 0, model.withdrawn - model.issued, 'issuance balance');
  same(balances.get(CONSUMED)?.posted ?? 0, model.consumed, 'consumed balance');
  same(
    ownerPosted,
    sum(owners.map(([, b]) => b.available)) + sum(open.map((r) => r.amount)),
    'Σ owner posted vs Σ available + Σ open reservations',
  );
  for (const [account, { pending }] of owners) {
    same(pending, sum(open.filter((r) => r.account === account).map((r) => r.amount)), `${account} pending`);
  }

  // [L8] a reservation resolves at most once, and captured + released = reserved.
  for (const [id, reservation] of model.reservations) {
    check(reservation.resolutions <= 1, () => `${id} resolved ${reservation.resolutions} times`);
    const recorded = reservationOf(state, id);
    same(recorded?.status, reservation.status, `${id} status`);
    if (reservation.resolutions === 1) {
      same(reservation.captured + reservation.released, reservation.amount, `${id} captured + released`);
      same(recorded?.capturedAmount, reservation.captured, `${id} captured`);
      same(recorded?.releasedAmount, reservation.released, `${id} released`);
    }
  }
};

/** [L6][L7][L8][L9] What re-deciding an applied command answers: nothing, except a capture, which resolves once. */
const checkRetry = (command: CreditCommand, state: CreditLedgerState) => {
  if (command.type !== 'CaptureReservation') {
    const events = creditLedgerDecider.decide(command, state);
    check(events.length === 0, () => `retry of ${JSON.stringify(command)} wrote ${JSON.stringify(events)}`);
    return;
  }
  try {
    creditLedgerDecider.decide(command, state);
  } catch (error) {
    check(
      error instanceof ConflictError && error.code === 'reservation_already_resolved',
      () => `retried capture: ${String(error)}`,
    );
    return;
  }
  throw new Error(`retried capture resolved ${command.data.reservationId} twice`);
};

const seenEvents = new Map<CreditEventType, number>();
const seenRefusals = new Map<string, number>();
const count = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

const runLedger = (steps: readonly { advanceSeconds: number; action: Action }[]) => {
  let state = deepFreeze(creditLedgerDecider.initialState());
  const events: CreditEvent[] = [];
  const applied: CreditCommand[] = [];
  const model = new ReferenceModel();
  /** Idempotency key → the request first applied under it. */
  const requests = new Map<string, string>();
  let clock = START;

  for (const { advanceSeconds, action } of steps) {
    clock += advanceSeconds * 1000;
    const now = new Date(clock).toISOString();
    if (action.kind === 'retry') {
      const original = applied[action.pick % Math.max(applied.length, 1)];
      if (original) checkRetry(retried(original, now), state);
      continue;
    }
    let command: CreditCommand;
    if (action.kind === 'reuse') {
      const withIds = applied.filter((c) => requestOf(c) !== undefined);
      const original = withIds[action.pick % Math.max(withIds.length, 1)];
      if (!original) continue;
      command = reused(original, action.field, now);
    } else {
      command = commandOf(action, now, [...model.reservations.keys()]);
    }

    let decided: CreditEvent[] = [];
    let refusal: DomainError | undefined;
    try {
      decided = creditLedgerDecider.decide(command, state);
    } catch (error) {
      // A refusal is part of the game; anything else is a bug.
      if (!(error instanceof DomainError)) throw error;
      refusal = error;
      count(seenRefusals, error.code);
    }
    const outcome = refusal?.code ?? (decided.length > 0 ? 'events' : 'nothing');

    // [L6][L7] an id already used: the same request writes nothing (or is refused to another
    // actor), another request is refused.
    const filed = requestOf(command);
    const earlier = filed && requests.get(filed.key);
    if (filed && earlier !== undefined) {
      const answer = () => `${outcome} for ${JSON.stringify(command)}`;
      if (earlier === filed.request) check(outcome === 'nothing' || refusal instanceof ForbiddenError, answer);
      else check(refusal !== undefined, answer);
    }
    // [L2] a refusal for want of credits reports what was available, and it was too little.
    if (refusal?.code === 'insufficient_credits' && 'amount' in command.data) {
      const available = refusal.details?.available;
      check(typeof available === 'number' && available < command.data.amount, () => `refused with ${available}`);
    }
    const expected = expectedResolution(command, model);
    if (expected !== undefined) same(outcome, expected, `answer to ${JSON.stringify(command)}`);
    if (refusal) continue;

    if (filed && earlier === undefined && decided.length > 0) requests.set(filed.key, filed.request);
    for (const event of decided) {
      state = deepFreeze(creditLedgerDecider.evolve(state, event));
      events.push(event);
      model.record(event);
      count(seenEvents, event.type);
    }
    checkInvariants(state, model, decided);
    // [L10] evolve is pure: re-folding from scratch gives the incremental state.
    check(deepEqual(fold(creditLedgerDecider, events), state), () => 're-folding from scratch gave another state');
    if (decided.length > 0) {
      applied.push(command);
      checkRetry(retried(command, now), state);
    }
  }
};

const EVENT_TYPES: CreditEventType[] = [
  'CreditsIssued',
  'CreditsWithdrawn',
  'CreditsAllocated',
  'CreditsDeallocated',
  'CreditsTransferred',
  'CreditsReserved',
  'ReservationCaptured',
  'ReservationReleased',
  'ReservationExpired',
];
const MAIN_REFUSALS = [
  'invalid_nb_credits',
  'insufficient_credits',
  'transfer_id_reused',
  'reservation_id_reused',
  'reservation_not_found',
  'reservation_already_resolved',
  'invalid_capture_amount',
  'invalid_expiry',
  'invalid_target',
  'transfer_to_self',
  'not_own_account',
];

describe('Credit ledger properties', () => {
  it('[L1][L2][L3][L5][L6][L7][L8][L9][L10] hold after every step of any command sequence', () => {
    seenEvents.clear();
    seenRefusals.clear();
    fc.assert(
      fc.property(fc.array(step, { maxLength: 120, size: 'max' }), (steps) => runLedger(steps)),
      { numRuns: 500 },
    );
    // The generator must reach every event and the main refusals, or the property proves little.
    for (const type of EVENT_TYPES) expect(seenEvents.get(type) ?? 0, type).toBeGreaterThan(50);
    for (const code of MAIN_REFUSALS) expect(seenRefusals.get(code) ?? 0, code).toBeGreaterThan(10);
  });
});
