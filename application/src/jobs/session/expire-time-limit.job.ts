import { defineJob, type JobPayload } from '@ai-coaching/platform';
import { z } from 'zod';
import { jobIdPart } from '../job-id-part.js';

/**
 * Ends a coaching session still playing at its time limit, settles its credits and asks for its report. Enqueued
 * delayed, once per session, when the session starts. Ten tries from 1 s, doubling (about 17 minutes in all): a run a
 * little early (clocks apart) comes back once the time is up, and a database restart is outlasted.
 */
export const expireSessionTimeLimitJob = defineJob({
  id: 'session.time-limit',
  schema: z.object({ organizationId: jobIdPart, sessionId: jobIdPart }),
  attempts: 10,
  backoffMs: 1000,
});

export type ExpireSessionTimeLimitPayload = JobPayload<typeof expireSessionTimeLimitJob>;

/** One timer per session: scheduling it again (a retried start, the catch-up at a restart) adds nothing. */
export const sessionTimeLimitJobId = (sessionId: string): string => `session-time-limit_${sessionId}`;

/** The job runs this long after the deadline, so that clocks a little apart do not find it early. */
export const SESSION_TIME_LIMIT_GRACE_MS = 1000;
