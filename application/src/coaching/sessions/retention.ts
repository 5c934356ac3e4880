import { pgErrorCode, PgErrorCode } from '@ai-coaching/platform';
import { listCoachingSessionsEndedBefore, listSessionRetentions } from '@ai-coaching/projections';
import { SYSTEM, type AppServices, type Origin } from '../../app-services.js';
import { sessionRetentionJob } from '../../jobs/session/retention.job.js';
import { eraseCoachingSession } from './erase.js';
import { repeatedJobSchedule } from '../../jobs/repeated-job.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions read per query. */
const PAGE = 100;
/**
 * Sessions deleted per organization and run: one organization's backlog (retention just switched on over years of
 * sessions) does not hold back the others; the next run, an hour later, goes on.
 */
export const SESSION_RETENTION_MAX_PER_RUN = 1000;

/** Registers the hourly retention run; every runtime that runs jobs calls it at its start. */
export const scheduleSessionRetention = repeatedJobSchedule(sessionRetentionJob);

/**
 * The `session.retention` run: for each organization with `session_retention_days`, deletes its sessions that ended
 * more than that many days ago through the learner's own delete path (`eraseCoachingSession`: key destroyed, then the
 * deletion recorded), as the system. Sessions still playing have not ended and are never taken. Idempotent: a
 * session deleted twice changes nothing the second time, so a retried or overlapping run is harmless.
 */
export const deleteExpiredCoachingSessions = async (
  services: AppServices,
  origin: Origin = SYSTEM,
): Promise<{ deleted: number }> => {
  let retentions: Awaited<ReturnType<typeof listSessionRetentions>>;
  try {
    retentions = await listSessionRetentions(services.db);
  } catch (error) {
    // A first start runs the schedule before the projections have created their tables: nothing to keep yet.
    if (pgErrorCode(error) === PgErrorCode.undefinedTable) return { deleted: 0 };
    throw error;
  }
  const now = services.clock.now().getTime();
  let deleted = 0;
  for (const { organizationId, retentionDays } of retentions) {
    const endedBefore = new Date(now - retentionDays * DAY_MS).toISOString();
    // Ids already handled this run: a read model lagging behind a deletion must not make the loop take them again.
    const done = new Set<string>();
    while (done.size < SESSION_RETENTION_MAX_PER_RUN) {
      const page = await listCoachingSessionsEndedBefore(services.db, { organizationId, endedBefore, limit: PAGE });
      const fresh = page.filter((session) => !done.has(session.sessionId));
      if (fresh.length === 0) break;
      for (const session of fresh) {
        await eraseCoachingSession(services, origin, session, null);
        done.add(session.sessionId);
      }
    }
    deleted += done.size;
    if (done.size > 0) {
      services.logger.info({ organizationId, retentionDays, deleted: done.size }, 'expired coaching sessions deleted');
    }
  }
  return { deleted };
};
