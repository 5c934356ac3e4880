import type { CoachingSessionAnalysisAnswer } from '@ai-coaching/contracts';
import { ConflictError, type CoachingSessionContentVersion } from '@ai-coaching/domain';
import { findCoachingItem } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import { signedInUser } from '../../tenancy/scope.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { visibleSession } from '../sessions/visibility.js';
import { analysable, requestAnalysis } from './analysis-stream.js';
import { analysisAnswerFor } from './reports.js';

// Re-runs: a new version of a session's report, scored by the observers' latest published versions; one at a time
// (`rerunCoachingSessionAnalysis`) or session by session for a bulk re-run's job (bulk-reruns.ts).

/** The observer version a re-run uses: the latest published one, so an improved observer re-scores old sessions. */
const currentObserverVersion = async (services: AppServices, frozen: CoachingSessionContentVersion) => {
  const item = await findCoachingItem(services.db, frozen.id);
  if (!item || item.publishedVersion === null || item.status === 'archived') return frozen;
  return { id: frozen.id, version: item.publishedVersion };
};

/** A new version of the report of a session the caller may read (`coaching-session-analysis-report-update`). */
export const rerunCoachingSessionAnalysis = async (
  services: AppServices,
  origin: Origin,
  sessionId: string,
): Promise<CoachingSessionAnalysisAnswer> => {
  const caller = signedInUser(origin.caller);
  await visibleSession(services, caller, sessionId, 'read');
  const session = await loadCoachingSession(services, sessionId);
  if (!analysable(session) || session.content.observers.length === 0) {
    throw new ConflictError(
      'coaching_session_not_analysable',
      'Only a session that ended in win, loose or end is analysed.',
      { status: session.status === 'none' ? null : session.status },
    );
  }
  const observers = await Promise.all(
    session.content.observers.map((frozen) => currentObserverVersion(services, frozen)),
  );
  const version = await requestAnalysis(services, origin, session, {
    trigger: 'rerun',
    requestedBy: caller.userId,
    observers,
  });
  return analysisAnswerFor(services, sessionId, version ?? undefined);
};

/** What a bulk re-run did with one session. */
export type SessionRerunOutcome =
  | { outcome: 'succeeded'; version: number }
  | { outcome: 'skipped'; reason: 'coaching_session_analysis_running' | 'coaching_session_not_analysable' };

/**
 * One session of a bulk re-run (`analysis.reruns`): the single re-run's path under the job's request id, so the job
 * run again after a crash finds the version it made and makes no other. A session whose report is still being made,
 * or that can no longer be analysed (deleted since), is skipped, not failed: there is nothing wrong to retry.
 */
export const rerunSessionAnalysisForJob = async (
  services: AppServices,
  origin: Origin,
  input: { sessionId: string; requestId: string; requestedBy: string | null },
): Promise<SessionRerunOutcome> => {
  const session = await loadCoachingSession(services, input.sessionId);
  if (!analysable(session) || session.content.observers.length === 0) {
    return { outcome: 'skipped', reason: 'coaching_session_not_analysable' };
  }
  const observers = await Promise.all(
    session.content.observers.map((frozen) => currentObserverVersion(services, frozen)),
  );
  try {
    const version = await requestAnalysis(services, origin, session, {
      trigger: 'rerun',
      requestedBy: input.requestedBy,
      observers,
      requestId: input.requestId,
    });
    if (version === null) return { outcome: 'skipped', reason: 'coaching_session_not_analysable' };
    return { outcome: 'succeeded', version };
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'coaching_session_analysis_running') {
      return { outcome: 'skipped', reason: 'coaching_session_analysis_running' };
    }
    throw error;
  }
};
