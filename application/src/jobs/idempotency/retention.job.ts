import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';
import { repeatedJobSchedule } from '../repeated-job.js';

export const idempotencyRetentionPayloadSchema = z.object({});

export type IdempotencyRetentionPayload = z.infer<typeof idempotencyRetentionPayloadSchema>;

/**
 * Forgets the `Idempotency-Key`s claimed more than 24 hours ago, with the answers kept for their retries
 * (docs/security.md "Idempotency keys"). Repeated every hour, so a key is kept 24 to 25 hours; a run that fails is
 * tried again three times, and the next hour takes whatever it left.
 */
export const idempotencyRetentionJob = defineJob({
  id: 'idempotency.retention',
  schema: idempotencyRetentionPayloadSchema,
  attempts: 3,
  backoffMs: 30_000,
});

/** One schedule however many runtimes register it at their start. */
export const IDEMPOTENCY_RETENTION_SCHEDULER_ID = 'idempotency-retention';
export const IDEMPOTENCY_RETENTION_EVERY_MS = 60 * 60 * 1000;

/** Registers the hourly run (it runs at once, then every hour); every runtime that runs jobs calls it at its start. */
export const scheduleIdempotencyRetention = repeatedJobSchedule(
  idempotencyRetentionJob,
  {},
  { schedulerId: IDEMPOTENCY_RETENTION_SCHEDULER_ID, everyMs: IDEMPOTENCY_RETENTION_EVERY_MS },
);
