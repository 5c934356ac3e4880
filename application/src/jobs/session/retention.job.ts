import { defineJob } from '@ai-coaching/platform';
import { z } from 'zod';

export const sessionRetentionPayloadSchema = z.object({});

export type SessionRetentionPayload = z.infer<typeof sessionRetentionPayloadSchema>;

/**
 * Deletes, organization by organization, the coaching sessions ended longer ago than the organization keeps them
 * (`session_retention_days`), through the same path as a learner's delete: the key destroyed, then the deletion
 * recorded (docs/coaching-sessions.md "Personal data"). Repeated every hour (a BullMQ job scheduler on Redis, a
 * timer in the embedded mode); a run that fails is tried again three times, and the next hour picks up the rest.
 */
export const sessionRetentionJob = defineJob({
  id: 'session.retention',
  schema: sessionRetentionPayloadSchema,
  attempts: 3,
  backoffMs: 30_000,
});

/** One schedule however many runtimes register it at their start. */
export const SESSION_RETENTION_SCHEDULER_ID = 'session-retention';
export const SESSION_RETENTION_EVERY_MS = 60 * 60 * 1000;
