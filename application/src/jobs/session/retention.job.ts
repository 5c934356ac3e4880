import { defineRepeatedJob } from '../repeated-job.js';

/**
 * Deletes, organization by organization, the coaching sessions ended longer ago than the organization keeps them
 * (`session_retention_days`), through the same path as a learner's delete: the key destroyed, then the deletion
 * recorded (docs/coaching-sessions.md "Personal data"). Repeated every hour (a BullMQ job scheduler on Redis, a
 * timer in the embedded mode); a run that fails is tried again three times, and the next hour picks up the rest.
 */
export const sessionRetentionJob = defineRepeatedJob({
  id: 'session.retention',
  attempts: 3,
  backoffMs: 30_000,
  everyMs: 60 * 60 * 1000,
});
