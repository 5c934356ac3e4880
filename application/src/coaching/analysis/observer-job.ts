import { AiCallError, DomainError, type ExistingCoachingSession } from '@ai-coaching/domain';
import { findCoachingItemVersion } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../../app-services.js';
import type { AnalyseObserverPayload } from '../../jobs/analysis/analyse-observer.job.js';
import { assignmentStandingJob } from '../../jobs/coaching/assignment-standing.job.js';
import { observerOf, type ObserverFields } from '../content/content-fields.js';
import { briefOf, playedPersonaOf } from '../sessions/persona-brief.js';
import { loadCoachingSession } from '../sessions/session-stream.js';
import { loadAnalysis, runAnalysisCommand } from './analysis-stream.js';
import { judgeTranscript, type ObserverJudgement } from './judge-transcript.js';

// One observer's report of one session version: the `analysis.observer` job's work, the AI call through the port.

/** Failures a later try may not meet: the queue tries again, until the last try marks the observer failed. */
const TRANSIENT = new Set(['timeout', 'unreachable', 'rate_limited', 'provider_error', 'circuit_open', 'tls_error']);

class ObserverAnalysisFailure extends Error {
  constructor(
    readonly reason: string,
    readonly transient: boolean,
  ) {
    super(`The observer's analysis failed: ${reason}`);
    this.name = 'ObserverAnalysisFailure';
  }
}

const askObserver = async (
  services: AppServices,
  session: ExistingCoachingSession,
  observer: ObserverFields,
): Promise<ObserverJudgement> => {
  // What the built-in observer judges from: the persona and mission the session was played with.
  const { persona, mission } = await playedPersonaOf(services, session);
  const conversation = {
    turns: session.turns,
    language: session.content.language,
    brief: briefOf(session, persona, mission),
  };
  try {
    return await judgeTranscript(services, observer, conversation, {
      organizationId: session.organizationId,
      sessionId: session.sessionId,
    });
  } catch (error) {
    if (error instanceof AiCallError) throw new ObserverAnalysisFailure(error.code, TRANSIENT.has(error.code));
    if (error instanceof DomainError) throw new ObserverAnalysisFailure(error.code, false);
    throw new ObserverAnalysisFailure('provider_error', true);
  }
};

/**
 * A report that may have finished may have passed an assignment: the learner's standing is looked at again by its own
 * job (one per report and observer), so that a slow look never holds the report up.
 */
const lookAtAssignments = (services: AppServices, session: ExistingCoachingSession, key: string) =>
  session.player.type === 'user'
    ? services.queue.enqueue(
        assignmentStandingJob,
        { organizationId: session.organizationId, userId: session.player.userId },
        { jobId: `assignment-standing_${key}` },
      )
    : Promise.resolve();

/**
 * The `analysis.observer` job. Idempotent by its command ids (per session, version and observer) and by the decider,
 * which records one result per observer and version: a job run twice, or again by another worker after one was
 * killed mid-report, appends one result.
 */
export const analyseObserver = async (
  services: AppServices,
  payload: AnalyseObserverPayload,
  run: { lastAttempt: boolean; causationId: string },
): Promise<'recorded' | 'failed' | 'nothing'> => {
  const { sessionId, version, observerId } = payload;
  const slot = (await loadAnalysis(services, sessionId)).versions
    .find((entry) => entry.version === version)
    ?.observers.find((observer) => observer.observerId === observerId);
  if (!slot || slot.status === 'done' || slot.status === 'failed') return 'nothing';
  const key = `${sessionId}-v${version}-${observerId}`;
  const origin: Origin = { correlationId: run.causationId };
  await runAnalysisCommand(
    services,
    origin,
    sessionId,
    { type: 'StartCoachingSessionObserverAnalysis', data: { sessionId, version, observerId } },
    `analysis-start-${key}`,
  );
  const session = await loadCoachingSession(services, sessionId);
  // A session deleted since has nothing left to analyse; its reports are gone with it.
  if (session.status === 'none' || session.deleted) return 'nothing';
  const fail = async (reason: string) => {
    await runAnalysisCommand(
      services,
      origin,
      sessionId,
      { type: 'FailCoachingSessionObserverAnalysis', data: { sessionId, version, observerId, reason } },
      `analysis-fail-${key}`,
    );
    await lookAtAssignments(services, session, key);
    return 'failed' as const;
  };
  const observer = await findCoachingItemVersion(services.db, observerId, slot.observerVersion);
  if (!observer) return fail('observer_not_found');
  try {
    const report = await askObserver(services, session, observerOf(observer.fields));
    const result = await runAnalysisCommand(
      services,
      origin,
      sessionId,
      {
        type: 'RecordCoachingSessionObserverReport',
        data: { sessionId, version, observerId, observerVersion: slot.observerVersion, ...report },
      },
      `analysis-report-${key}`,
    );
    if (result.events.length === 0) return 'nothing';
    await lookAtAssignments(services, session, key);
    return 'recorded';
  } catch (error) {
    if (!(error instanceof ObserverAnalysisFailure)) throw error;
    if (error.transient && !run.lastAttempt) throw error;
    return fail(error.reason);
  }
};
