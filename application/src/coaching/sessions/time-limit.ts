import { listLiveCoachingSessions } from '@ai-coaching/projections';
import type { AppServices } from '../../app-services.js';
import {
  expireSessionTimeLimitJob,
  SESSION_TIME_LIMIT_GRACE_MS,
  sessionTimeLimitJobId,
} from '../../jobs/session/expire-time-limit.job.js';

// The time-limit timer of a coaching session (docs/coaching-sessions.md, "Time limit"): scheduled here, apart from
// the session use cases, so that a runtime's start can schedule it without them. The job's work,
// `expireCoachingSessionTimeLimit`, ends the session like any other ending, in time-limit-expiry.ts.

/** Thrown when the timer ran before the session's time was up (clocks apart): the queue tries again later. */
export class CoachingSessionTimeNotUpYet extends Error {
  override readonly name = 'CoachingSessionTimeNotUpYet';
}

/** Enqueues the session's timer for its deadline; the job id makes scheduling it again a no-op. */
export const scheduleCoachingSessionTimeLimit = (
  services: Pick<AppServices, 'queue' | 'clock'>,
  session: { organizationId: string; sessionId: string; endsAt: string },
) =>
  services.queue.enqueue(
    expireSessionTimeLimitJob,
    { organizationId: session.organizationId, sessionId: session.sessionId },
    {
      jobId: sessionTimeLimitJobId(session.sessionId),
      delayMs: Math.max(0, Date.parse(session.endsAt) - services.clock.now().getTime()) + SESSION_TIME_LIMIT_GRACE_MS,
    },
  );

/**
 * Schedules the timer of every session still playing. The in-process queue forgets its delayed jobs when the process
 * stops, so the workers (and the one-process runtime) call this at start: a session whose deadline passed meanwhile
 * ends at once. With BullMQ the jobs survive, and their ids make this add nothing.
 */
export const scheduleCoachingSessionTimeLimits = async (
  services: Pick<AppServices, 'db' | 'queue' | 'clock'>,
): Promise<number> => {
  const live = await listLiveCoachingSessions(services.db);
  for (const session of live) await scheduleCoachingSessionTimeLimit(services, session);
  return live.length;
};
