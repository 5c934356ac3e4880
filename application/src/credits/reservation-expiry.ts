import { reservationOf, type CreditLedgerState } from '@ai-coaching/domain';
import { listPendingReservations } from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../app-services.js';
import {
  expireReservationJob,
  RESERVATION_EXPIRY_GRACE_MS,
  reservationExpiryJobId,
  type ExpireReservationPayload,
} from '../jobs/credits/expire-reservation.job.js';
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
