import { defineRepeatedJob, repeatedJobSchedule } from '../repeated-job.js';

/**
 * Forgets the `Idempotency-Key`s claimed more than 24 hours ago, with the answers kept for their retries
 * (docs/security.md "Idempotency keys"). Repeated every hour, so a key is kept 24 to 25 hours; a run that fails is
 * tried again three times, and the next hour takes whatever it left.
 */
export const idempotencyRetentionJob = defineRepeatedJob({
  id: 'idempotency.retention',
  attempts: 3,
  backoffMs: 30_000,
  everyMs: 60 * 60 * 1000,
});

/** Registers the hourly run (it runs at once, then every hour); every runtime that runs jobs calls it at its start. */
export const scheduleIdempotencyRetention = repeatedJobSchedule(idempotencyRetentionJob);
