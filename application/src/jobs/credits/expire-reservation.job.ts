import { defineJob, type JobPayload } from '@ai-coaching/platform';
import { z } from 'zod';
import { JOB_ID_PART_PATTERN, jobIdPart } from '../job-id-part.js';

/** Reservation ids become part of a job id. */
export const RESERVATION_ID_PATTERN = JOB_ID_PART_PATTERN;

/**
 * Releases a session's hold once its reservation is past `expiresAt` and still pending. Enqueued
 * delayed, once per reservation (see `reservationExpiryJobId`). Retried for about half an hour
 * (2 s doubling, 10 tries): long enough to outlast a database restart, and to come back after a
 * run that was early.
 */
export const expireReservationJob = defineJob({
  id: 'credits.reservation.expire',
  schema: z.object({ organizationId: z.string().min(1), reservationId: jobIdPart }),
  attempts: 10,
  backoffMs: 2000,
});

export type ExpireReservationPayload = JobPayload<typeof expireReservationJob>;

/** One expiry job per reservation: enqueuing it again (a retried reservation) adds nothing. */
export const reservationExpiryJobId = (reservationId: string): string => `reservation-expiry_${reservationId}`;

/** The job runs this long after the expiry, so that clocks a little apart do not find it early. */
export const RESERVATION_EXPIRY_GRACE_MS = 1000;
