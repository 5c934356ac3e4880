import {
  coachingSessionAnalysisDecider,
  coachingSessionAnalysisStreamId,
  conversationMetrics,
  fold,
  type CoachingSessionAnalysisState,
  type CoachingSessionAnalysisTrigger,
  type CoachingSessionContentVersion,
  type CoachingSessionState,
  type ExistingCoachingSession,
  type TranscriptTurn,
} from '@ai-coaching/domain';
import type { AppServices, Origin } from '../../app-services.js';
import { streamCommandRunner } from '../../commands/stream-commands.js';
import { analyseObserverJob, analyseObserverJobId } from '../../jobs/analysis/analyse-observer.job.js';

// Analysis reports (docs/coaching-sessions.md, "Reports"): when a session ends in win, loose or end, one
// `analysis.observer` job per observer scores the frozen transcript against the observer's rubric through the AI
// port's structured output; the built-in metrics are measured once per version. Events on the session's own
// analysis stream, `coaching-session-analysis-{sessionId}`; a re-run appends the next version.

const ANALYSED_STATUSES = new Set(['win', 'loose', 'end']);

export const runAnalysisCommand = streamCommandRunner(coachingSessionAnalysisStreamId, coachingSessionAnalysisDecider);

export const loadAnalysis = async (services: Pick<AppServices, 'store'>, sessionId: string) => {
  const recorded = await services.store.readStream(coachingSessionAnalysisStreamId(sessionId));
  return fold(
    coachingSessionAnalysisDecider,
    recorded.map(
      (event) =>
        ({ type: event.type, data: event.data }) as Parameters<typeof coachingSessionAnalysisDecider.evolve>[1],
    ),
  );
};

export const transcriptOf = (session: ExistingCoachingSession): TranscriptTurn[] =>
  session.turns.map((turn) => ({ speaker: turn.role, text: turn.text }));

export const analysable = (session: CoachingSessionState): session is ExistingCoachingSession =>
  session.status !== 'none' && !session.deleted && ANALYSED_STATUSES.has(session.status);

/** Enqueues the job of every observer of this version that has not finished; the job ids make it idempotent. */
const enqueueObservers = async (
  services: AppServices,
  organizationId: string,
  sessionId: string,
  state: CoachingSessionAnalysisState,
  version: number,
) => {
  const entry = state.versions.find((candidate) => candidate.version === version);
  for (const observer of entry?.observers ?? []) {
    if (observer.status === 'done' || observer.status === 'failed') continue;
    const payload = { organizationId, sessionId, version, observerId: observer.observerId };
    await services.queue.enqueue(analyseObserverJob, payload, { jobId: analyseObserverJobId(payload) });
  }
};

export const requestAnalysis = async (
  services: AppServices,
  origin: Origin,
  session: ExistingCoachingSession,
  request: {
    trigger: CoachingSessionAnalysisTrigger;
    requestedBy: string | null;
    observers: CoachingSessionContentVersion[];
    /** A job's request (a bulk re-run's), which makes one version however often the job runs. */
    requestId?: string;
  },
) => {
  const result = await runAnalysisCommand(
    services,
    origin,
    session.sessionId,
    {
      type: 'RequestCoachingSessionAnalysis',
      data: {
        sessionId: session.sessionId,
        organizationId: session.organizationId,
        trigger: request.trigger,
        requestedBy: request.requestedBy,
        ...(request.requestId === undefined ? {} : { requestId: request.requestId }),
        observers: request.observers,
        metrics: conversationMetrics(transcriptOf(session), session.content.language),
      },
    },
    // Every path that ends a session, and the start-up catch-up, ask for version 1 under one command id.
    request.trigger === 'session_ended'
      ? `analysis-request-${session.sessionId}-v1`
      : request.requestId === undefined
        ? undefined
        : `analysis-request-${request.requestId}`,
  );
  // A job's request seen again answers the version it made first (and enqueues its unfinished observers again).
  const made =
    request.requestId === undefined
      ? result.state.versions.at(-1)
      : result.state.versions.find((entry) => entry.requestId === request.requestId);
  if (made) await enqueueObservers(services, session.organizationId, session.sessionId, result.state, made.version);
  return made?.version ?? null;
};
