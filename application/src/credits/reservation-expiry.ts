import {
  coachingSessionDecider,
  coachingSessionStreamId,
  ConflictError,
  reservationOf,
  type CreditLedgerState,
} from '@ai-coaching/domain';
import { handleCommand } from '@ai-coaching/platform';
import { listPendingReservations } from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../app-services.js';
import {
  expireReservationJob,
  RESERVATION_EXPIRY_GRACE_MS,
  reservationExpiryJobId,
  type ExpireReservationPayload,
} from '../jobs/credits/expire-reservation.job.js';
import { sessionIdOfReservation } from '../coaching/sessions/reservation.js';
import { handleLedgerCommand } from './ledger-handler.js';

/** Thrown when the expiry job ran before the reservation's expiry: the queue retries it later. */
export class ReservationNotExpiredYet extends Error {
  override readonly name = 'ReservationNotExpiredYet';
}

/**
 * The ledger decides: a reservation already captured or released, or unknown, gives no event. One
 * still pending before its expiry (the job ran early) also gives none, and then this throws so
 * that the queue tries again later; otherwise the hold would never be freed.
 */
export const expireReservation = async (
  services: Pick<AppServices, 'store' | 'clock'>,
  payload: ExpireReservationPayload,
  options: { causationId: string },
): Promise<{ expired: boolean; state: CreditLedgerState }> => {
  await endAbandonedSession(services, payload, options);
  const result = await handleLedgerCommand(
    services.store,
    { type: 'ExpireReservation', data: payload, metadata: { now: nowIso(services) } },
    { commandId: `expire-${payload.reservationId}`, metadata: { causationId: options.causationId } },
  );
  const reservation = reservationOf(result.state, payload.reservationId);
  if (reservation?.status === 'pending') {
    throw new ReservationNotExpiredYet(
      `Reservation ${payload.reservationId} is pending until ${reservation.expiresAt}; the expiry job ran early.`,
    );
  }
  return { expired: result.events.length > 0, state: result.state };
};

/**
 * A session still playing at its reservation's expiry lost its runtime (its timer would have ended it): it ends at
 * its last turn and the ledger captures that time before the expiry below would release everything. A session that
 * ended but whose capture was cut short is settled here too. The capture shares its command id with the session's
 * own settlement, so whichever runs second finds the reservation resolved.
 */
const endAbandonedSession = async (
  services: Pick<AppServices, 'store' | 'clock'>,
  payload: ExpireReservationPayload,
  options: { causationId: string },
): Promise<void> => {
  const sessionId = sessionIdOfReservation(payload.reservationId);
  if (sessionId === null) return;
  const metadata = { causationId: options.causationId };
  const { state } = await handleCommand(
    services.store,
    coachingSessionStreamId(sessionId),
    coachingSessionDecider,
    { type: 'ExpireCoachingSessionReservation', data: { sessionId }, metadata: { now: nowIso(services) } },
    { commandId: `expire-session-${payload.reservationId}`, metadata },
  );
  if (state.status === 'none' || state.ending === null || state.reservation.reservedCredits === 0) return;
  try {
    await handleLedgerCommand(
      services.store,
      {
        type: 'CaptureReservation',
        data: {
          organizationId: payload.organizationId,
          actorId: null,
          reservationId: payload.reservationId,
          amount: state.ending.capturedCredits,
        },
        metadata: { now: nowIso(services) },
      },
      { commandId: `capture-${payload.reservationId}`, metadata },
    );
  } catch (error) {
    if (!(error instanceof ConflictError && error.code === 'reservation_already_resolved')) throw error;
  }
};

/** Enqueues the expiry job of one reservation; the job id makes enqueuing it again a no-op. */
export const scheduleReservationExpiry = (
  services: Pick<AppServices, 'queue' | 'clock'>,
  reservation: { organizationId: string; reservationId: string; expiresAt: string },
) =>
  services.queue.enqueue(
    expireReservationJob,
    { organizationId: reservation.organizationId, reservationId: reservation.reservationId },
    {
      jobId: reservationExpiryJobId(reservation.reservationId),
      delayMs:
        Math.max(0, Date.parse(reservation.expiresAt) - services.clock.now().getTime()) + RESERVATION_EXPIRY_GRACE_MS,
    },
  );

/**
 * Schedules the expiry of every reservation still pending. The in-process queue forgets delayed
 * jobs when the process stops, so the workers call this at start; with BullMQ the jobs survive
 * and their idempotent ids make this add nothing.
 */
export const scheduleReservationExpiries = async (
  services: Pick<AppServices, 'db' | 'queue' | 'clock'>,
): Promise<number> => {
  const pending = await listPendingReservations(services.db);
  for (const reservation of pending) await scheduleReservationExpiry(services, reservation);
  return pending.length;
};
