import type { CoachingSessionState } from '@ai-coaching/domain';
import {
  listEndedSessionsWithoutAnalysis,
  listUnfinishedBackgroundJobs,
  listUnfinishedObserverReports,
} from '@ai-coaching/projections';
import { SYSTEM, type AppServices, type Origin } from '../../app-services.js';
import { analyseObserverJob, analyseObserverJobId } from '../../jobs/analysis/analyse-observer.job.js';
import { rerunAnalysesJob, rerunAnalysesJobId } from '../../jobs/analysis/rerun-analyses.job.js';
import { sessionIdOfReservation } from '../sessions/reservation.js';
import { onCoachingSessionEnded } from '../sessions/session-ended.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { analysable, requestAnalysis } from './analysis-stream.js';

// Version 1 of a session's report, asked for when the session ends, and again at the workers' start for what a
// stopped process missed.

/**
 * Asks for version 1 of the report of a session that has just ended in win, loose or end. Called by every path that
 * ends a session; it never fails the ending: the workers' start-up catch-up asks again for what was missed.
 */
export const analyseEndedSession = async (
  services: AppServices,
  origin: Origin,
  session: CoachingSessionState,
): Promise<void> => {
  if (!analysable(session) || session.content.observers.length === 0) return;
  try {
    await requestAnalysis(services, origin, session, {
      trigger: 'session_ended',
      requestedBy: null,
      observers: session.content.observers,
    });
  } catch (error) {
    (origin.log ?? services.logger).error(
      { err: error, sessionId: session.sessionId },
      'could not request the analysis',
    );
  }
};

// Every ending of a session asks for its report: registered where the sessions tell their endings, so that they need
// not know the analysis. Loading this module (the workspace's index does) is what registers it.
onCoachingSessionEnded(analyseEndedSession);

/**
 * After the reservation-expiry job: the session it ended (abandoned, `expired`) is analysed like any other ending.
 * The job's own use case stays free of the analysis, as the ledger's expiry knows nothing of reports.
 */
export const analyseSessionOfReservation = async (services: AppServices, reservationId: string): Promise<void> => {
  const sessionId = sessionIdOfReservation(reservationId);
  if (sessionId !== null) await analyseEndedSession(services, SYSTEM, await loadCoachingSession(services, sessionId));
};

/**
 * The workers' start-up catch-up: the in-process queue forgets its jobs when the process stops, and a process may
 * die between a session's ending and its request. BullMQ keeps its jobs, and the job ids make this add nothing.
 */
export const scheduleCoachingAnalyses = async (services: AppServices): Promise<number> => {
  let scheduled = 0;
  for (const sessionId of await listEndedSessionsWithoutAnalysis(services.db)) {
    await analyseEndedSession(services, SYSTEM, await loadCoachingSession(services, sessionId));
    scheduled += 1;
  }
  for (const payload of await listUnfinishedObserverReports(services.db)) {
    await services.queue.enqueue(analyseObserverJob, payload, { jobId: analyseObserverJobId(payload) });
    scheduled += 1;
  }
  // Bulk re-runs cut short by a stop resume where they were: each processed session is recorded on the job.
  for (const payload of await listUnfinishedBackgroundJobs(services.db, 'coaching.analysis-rerun')) {
    await services.queue.enqueue(rerunAnalysesJob, payload, { jobId: rerunAnalysesJobId(payload) });
    scheduled += 1;
  }
  return scheduled;
};
