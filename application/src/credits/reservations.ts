import {
  reservationOf,
  ValidationError,
  type CreditLedgerState,
  type OwnerAccount,
  type ReservationStatus,
} from '@ai-coaching/domain';
import type { LedgerWallet } from '@ai-coaching/contracts';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { RESERVATION_ID_PATTERN } from '../jobs/credits/expire-reservation.job.js';
import { runLedgerCommand, walletIn } from './ledger.js';
import { scheduleReservationExpiry } from './reservation-expiry.js';

// Two-phase session payments: a reservation holds credits (available drops, posted does not), then
// is captured (the cost, at most the hold, goes to `consumed`), released, or expired by its job.
// Sessions (HTTP and the gateway) call these; they have no route of their own.

export type ReservationServices = Pick<
  AppServices,
  'store' | 'db' | 'config' | 'logger' | 'ids' | 'clock' | 'queue' | 'wakeProjections'
>;

/** A session's hold lasts at most a day: a longer one would lock credits away from everybody else. */
export const MAX_RESERVATION_TTL_SECONDS = 24 * 3600;

export type ReservationAnswer = {
  reservationId: string;
  status: ReservationStatus;
  amount: number;
  capturedAmount: number;
  releasedAmount: number;
  expiresAt: string;
  /** The reserved account's figures once the command applied. */
  wallet: LedgerWallet;
};

/** Recorded as the movement's actor; null (the default) for the system. */
type Actor = { actorId?: string | null };

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
  origin: Origin,
  input: Actor & {
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
  const now = services.clock.now();
  const { state } = await runLedgerCommand(
    services,
    origin,
    {
      type: 'ReserveCredits',
      data: {
        organizationId: input.organizationId,
        actorId: input.actorId ?? null,
        reservationId: input.reservationId,
        account: input.account,
        amount: input.amount,
        sessionId: input.sessionId,
        expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000).toISOString(),
      },
      metadata: { now: now.toISOString() },
    },
    { commandId: `reserve-${input.reservationId}` },
  );
  const reserved = answer(state, input.reservationId);
  // Also on a retry: if the first attempt died between the append and here, this schedules the
  // expiry it missed; otherwise the job id makes it a no-op.
  await scheduleReservationExpiry(services, {
    organizationId: input.organizationId,
    reservationId: input.reservationId,
    expiresAt: reserved.expiresAt,
  });
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
  origin: Origin,
  input: Actor & { organizationId: string; reservationId: string; amount: number },
): Promise<ReservationAnswer> => {
  const { state } = await runLedgerCommand(
    services,
    origin,
    {
      type: 'CaptureReservation',
      data: {
        organizationId: input.organizationId,
        actorId: input.actorId ?? null,
        reservationId: input.reservationId,
        amount: input.amount,
      },
      metadata: { now: nowIso(services) },
    },
    { commandId: `capture-${input.reservationId}` },
  );
  return answer(state, input.reservationId);
};

/**
 * Frees the whole hold (a cancelled session). Releasing again answers the same; a captured or
 * expired reservation → 409 `reservation_already_resolved`; 404 `reservation_not_found`.
 */
export const releaseReservation = async (
  services: ReservationServices,
  origin: Origin,
  input: Actor & { organizationId: string; reservationId: string },
): Promise<ReservationAnswer> => {
  const { state } = await runLedgerCommand(
    services,
    origin,
    {
      type: 'ReleaseReservation',
      data: {
        organizationId: input.organizationId,
        actorId: input.actorId ?? null,
        reservationId: input.reservationId,
      },
      metadata: { now: nowIso(services) },
    },
    { commandId: `release-${input.reservationId}` },
  );
  return answer(state, input.reservationId);
};
