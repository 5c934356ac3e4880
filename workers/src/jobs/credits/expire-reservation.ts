import { reservationOf } from '@ai-coaching/domain';
import {
  defineJob,
  pgErrorCode,
  type EventStore,
  type JobHandler,
  type JobQueue,
  type Logger,
  type SqlExecutor,
} from '@ai-coaching/platform';
import { z } from 'zod';
import { handleLedgerCommand } from './ledger-handler.js';

/** Reservation ids become part of a job id, so they keep to the characters BullMQ accepts there (no ':'). */
export const RESERVATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const expireReservationPayloadSchema = z.object({
  organizationId: z.string().min(1),
  reservationId: z.string().regex(RESERVATION_ID_PATTERN),
});

export type ExpireReservationPayload = z.infer<typeof expireReservationPayloadSchema>;

/**
 * Releases a session's hold once its reservation is past `expiresAt` and still pending. Enqueued
 * delayed, once per reservation (see `reservationExpiryJobId`). Retried for about half an hour
 * (2 s doubling, 10 tries): long enough to outlast a database restart, and to come back after a
 * run that was early.
 */
export const expireReservationJob = defineJob({
  id: 'credits.reservation.expire',
  version: 1,
  schema: expireReservationPayloadSchema,
  attempts: 10,
  backoffMs: 2000,
});

/** One expiry job per reservation: enqueuing it again (a retried reservation) adds nothing. */
export const reservationExpiryJobId = (reservationId: string): string => `reservation-expiry_${reservationId}`;

/** The job runs this long after the expiry, so that clocks a little apart do not find it early. */
export const RESERVATION_EXPIRY_GRACE_MS = 1000;

export class ReservationNotExpiredYet extends Error {
  override readonly name = 'ReservationNotExpiredYet';
}

/**
 * The ledger decides: a reservation already captured or released, or unknown, gives no event. One
 * still pending before its expiry (the job ran early) also gives none, and then the job fails so
 * that the queue tries again later; otherwise the hold would never be freed.
 */
export const createExpireReservationHandler =
  ({ store, logger }: { store: EventStore; logger: Logger }): JobHandler<ExpireReservationPayload> =>
  async (payload, context) => {
    const result = await handleLedgerCommand(
      store,
      { type: 'ExpireReservation', data: payload, metadata: { now: new Date().toISOString() } },
      { commandId: `expire-${payload.reservationId}`, metadata: { causationId: context.jobId } },
    );
    const reservation = reservationOf(result.state, payload.reservationId);
    if (reservation?.status === 'pending') {
      throw new ReservationNotExpiredYet(
        `Reservation ${payload.reservationId} is pending until ${reservation.expiresAt}; the expiry job ran early.`,
      );
    }
    logger.debug(
      { jobId: context.jobId, reservationId: payload.reservationId, expired: result.events.length > 0 },
      'reservation expiry job done',
    );
  };

/**
 * Schedules the expiry of every reservation still pending. The in-process queue forgets delayed
 * jobs when the process stops, so the workers call this at start; with BullMQ the jobs survive
 * and their idempotent ids make this add nothing.
 */
export const scheduleReservationExpiries = async (deps: { db: SqlExecutor; queue: JobQueue }): Promise<number> => {
  let rows: { reservation_id: string; organization_id: string; expires_at: Date | string }[];
  try {
    ({ rows } = await deps.db.query(
      "SELECT reservation_id, organization_id, expires_at FROM rm_credit_reservations WHERE status = 'pending'",
    ));
  } catch (error) {
    // The projections runtime creates the table; before its first start there is nothing to expire.
    if (pgErrorCode(error) === '42P01') return 0;
    throw error;
  }
  for (const row of rows) {
    const delayMs = Math.max(0, new Date(row.expires_at).getTime() - Date.now()) + RESERVATION_EXPIRY_GRACE_MS;
    await deps.queue.enqueue(
      expireReservationJob,
      { organizationId: row.organization_id, reservationId: row.reservation_id },
      { jobId: reservationExpiryJobId(row.reservation_id), delayMs },
    );
  }
  return rows.length;
};
