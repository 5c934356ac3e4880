import {
  reservationOf,
  ValidationError,
  type CreditLedgerState,
  type OwnerAccount,
  type ReservationStatus,
} from '@ai-coaching/domain';
import {
  expireReservationJob,
  RESERVATION_EXPIRY_GRACE_MS,
  RESERVATION_ID_PATTERN,
  reservationExpiryJobId,
} from '@ai-coaching/workers';
import type { CommandDeps } from '../commands/run-command.js';
import type { ApiContext, ApiServices } from '../http/context.js';
import { runLedgerCommand, walletIn, type WalletResponse } from './ledger.js';

// Two-phase session payments: a reservation holds credits (available drops, posted does not), then
// is captured (the cost, at most the hold, goes to `consumed`), released, or expired by its job.

export type ReservationServices = CommandDeps & Pick<ApiServices, 'queue'>;

/** A session's hold lasts at most a day: a longer one would lock credits away from everybody else. */
export const MAX_RESERVATION_TTL_SECONDS = 24 * 3600;

type Origin = {
  /** The request that asked, for the event metadata; absent when the system acts. */
  ctx?: ApiContext;
  /** Recorded as the movement's actor; null for the system. */
  actorId?: string | null;
};

export type ReservationAnswer = {
  reservationId: string;
  status: ReservationStatus;
  amount: number;
  capturedAmount: number;
  releasedAmount: number;
  expiresAt: string;
  /** The reserved account's figures once the command applied. */
  wallet: WalletResponse;
};

const answer = (state: CreditLedgerState, reservationId: string): ReservationAnswer => {
  // The decider refused the command unless the reservation exists, so it is there.
  const reservation = reservationOf(state, reservationId)!;
  return {
    reservationId,
    status: reservation.status,
    amount: reservation.amount,
    capturedAmount: reservation.capturedAmount,
    releasedAmount: reservation.releasedAmount,
    expiresAt: reservation.expiresAt,
    wallet: walletIn(state, reservation.account),
  };
};

/**
 * Holds `amount` credits of `account` for a session until captured, released, or `ttlSeconds` have
 * passed; then the `credits.reservation.expire` job frees them. Retrying with the same
 * `reservationId` and request answers the first reservation (and its expiry) and moves nothing.
 * Refusals: 400 `invalid_reservation_id`, `invalid_ttl`, `invalid_nb_credits`; 409
 * `insufficient_credits` (`details.available`), `reservation_id_reused`.
 */
export const reserveCredits = async (
  services: ReservationServices,
  input: Origin & {
    organizationId: string;
    account: OwnerAccount;
    amount: number;
    sessionId: string | null;
    reservationId: string;
    ttlSeconds: number;
  },
): Promise<ReservationAnswer> => {
  if (!RESERVATION_ID_PATTERN.test(input.reservationId)) {
    throw new ValidationError('invalid_reservation_id', 'A reservation id has 1 to 100 letters, digits, "-" or "_".', {
      field: 'reservationId',
    });
  }
  if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds < 1 || input.ttlSeconds > MAX_RESERVATION_TTL_SECONDS) {
    throw new ValidationError(
      'invalid_ttl',
      `A reservation lasts a whole number of seconds from 1 to ${MAX_RESERVATION_TTL_SECONDS}.`,
      { field: 'ttlSeconds' },
    );
  }
  const now = Date.now();
  const { state } = await runLedgerCommand(
    services,
    {
      type: 'ReserveCredits',
      data: {
        organizationId: input.organizationId,
        actorId: input.actorId ?? null,
        reservationId: input.reservationId,
        account: input.account,
        amount: input.amount,
        sessionId: input.sessionId,
        expiresAt: new Date(now + input.ttlSeconds * 1000).toISOString(),
      },
      metadata: { now: new Date(now).toISOString() },
    },
    { ...(input.ctx ? { ctx: input.ctx } : {}), commandId: `reserve-${input.reservationId}` },
  );
  const reserved = answer(state, input.reservationId);
  // Also on a retry: if the first attempt died between the append and here, this schedules the
  // expiry it missed; otherwise the job id makes it a no-op.
  await services.queue.enqueue(
    expireReservationJob,
    { organizationId: input.organizationId, reservationId: input.reservationId },
    {
      jobId: reservationExpiryJobId(input.reservationId),
      delayMs: Math.max(0, Date.parse(reserved.expiresAt) - Date.now()) + RESERVATION_EXPIRY_GRACE_MS,
    },
  );
  return reserved;
};

/**
 * Posts `amount` (0 to the reserved amount) from the reserved account to `consumed` and releases
 * the rest. A reservation resolves once: 409 `reservation_already_resolved` afterwards; 404
 * `reservation_not_found`; 400 `invalid_capture_amount`. Still possible after `expiresAt` until
 * the expiry job has run (a session that ended late is charged).
 */
export const captureReservation = async (
  services: ReservationServices,
  input: Origin & { organizationId: string; reservationId: string; amount: number },
): Promise<ReservationAnswer> => {
  const { state } = await runLedgerCommand(
    services,
    {
      type: 'CaptureReservation',
      data: {
        organizationId: input.organizationId,
        actorId: input.actorId ?? null,
        reservationId: input.reservationId,
        amount: input.amount,
      },
      metadata: { now: new Date().toISOString() },
    },
    { ...(input.ctx ? { ctx: input.ctx } : {}), commandId: `capture-${input.reservationId}` },
  );
  return answer(state, input.reservationId);
};

/**
 * Frees the whole hold (a cancelled session). Releasing again answers the same; a captured or
 * expired reservation → 409 `reservation_already_resolved`; 404 `reservation_not_found`.
 */
export const releaseReservation = async (
  services: ReservationServices,
  input: Origin & { organizationId: string; reservationId: string },
): Promise<ReservationAnswer> => {
  const { state } = await runLedgerCommand(
    services,
    {
      type: 'ReleaseReservation',
      data: {
        organizationId: input.organizationId,
        actorId: input.actorId ?? null,
        reservationId: input.reservationId,
      },
      metadata: { now: new Date().toISOString() },
    },
    { ...(input.ctx ? { ctx: input.ctx } : {}), commandId: `release-${input.reservationId}` },
  );
  return answer(state, input.reservationId);
};
