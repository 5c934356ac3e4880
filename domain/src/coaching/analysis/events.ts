import type { ConversationMetrics } from '../../ai/conversation-metrics/metrics.js';
import type { CoachingSessionContentVersion } from '../sessions/events.js';

// The analysis reports of one session (docs/coaching-sessions.md, "Reports"): one stream per session, apart from the
// session's own, because reports are written long after the session ended and re-run at will, and must never race
// the session's commands for its revision.

export const coachingSessionAnalysisStreamId = (sessionId: string): string => `coaching-session-analysis-${sessionId}`;

/** The spec's rubric scales (the observer editor's `RUBRIC_SCALES`). */
export type RubricScale = 'pass_fail' | '1_5' | '1_10';

/** A quote of the transcript, linked to the turn it comes from. */
export type AnalysisEvidence = { turnId: string; quote: string };

/** One rubric criterion as an observer scored it; its scale and weight are the observer version's. */
export type AnalysisCriterionScore = {
  name: string;
  scale: RubricScale;
  weight: number;
  /** false: the observer found it did not apply to this session, so it has no score and does not count. */
  relevant: boolean;
  /** On the criterion's own scale (0 or 1 for pass_fail); null when not relevant. */
  score: number | null;
  evidence: AnalysisEvidence[];
  /**
   * false: the model's answer left this criterion out, so it was not assessed (not relevant, no score, not counted)
   * rather than failing the whole report. Absent in reports recorded before it existed: assessed.
   */
  assessed?: false;
};

/** Why an analysis version exists: the session's ending made version 1; each re-run makes the next. */
export type CoachingSessionAnalysisTrigger = 'session_ended' | 'rerun';

export type CoachingSessionAnalysisRequested = {
  type: 'CoachingSessionAnalysisRequested';
  data: {
    sessionId: string;
    organizationId: string;
    version: number;
    trigger: CoachingSessionAnalysisTrigger;
    requestedBy: string | null;
    /**
     * Who asked, for a re-run made on someone's behalf by a job (a bulk re-run's `{jobId}-{sessionId}`): the same
     * request seen again finds this version and asks for nothing more. Absent on older events and single re-runs.
     */
    requestId?: string | null;
    /** The observer versions this version scores against, in the scenario's order. */
    observers: CoachingSessionContentVersion[];
    /** Measured from the frozen transcript, so they are the same whichever model judges it. */
    metrics: ConversationMetrics;
    requestedAt: string;
  };
};

export type CoachingSessionObserverAnalysisStarted = {
  type: 'CoachingSessionObserverAnalysisStarted';
  data: { sessionId: string; version: number; observerId: string; startedAt: string };
};

export type CoachingSessionObserverReportRecorded = {
  type: 'CoachingSessionObserverReportRecorded';
  data: {
    sessionId: string;
    version: number;
    observerId: string;
    observerVersion: number;
    criteria: AnalysisCriterionScore[];
    wentWell: string[];
    toImprove: string[];
    summary: string;
    /** The weighted mean of its relevant criteria, 0..100; null when none applied. */
    score: number | null;
    recordedAt: string;
  };
};

export type CoachingSessionObserverAnalysisFailed = {
  type: 'CoachingSessionObserverAnalysisFailed';
  data: { sessionId: string; version: number; observerId: string; reason: string; failedAt: string };
};

/**
 * A reviewer's correction of one criterion's score in one observer's report of one version. The observer's own score
 * stays in its `CoachingSessionObserverReportRecorded`; this event carries the score it replaced (`previousScore`,
 * the observer's or an earlier correction's) and the observer's weighted score once corrected.
 */
export type CoachingSessionAnalysisScoreCorrected = {
  type: 'CoachingSessionAnalysisScoreCorrected';
  data: {
    sessionId: string;
    version: number;
    observerId: string;
    /** The command's own id: the same correction sent again appends nothing. */
    correctionId: string;
    criterion: string;
    /** The score this correction replaced (null: the criterion did not apply). */
    previousScore: number | null;
    score: number;
    comment: string;
    correctedBy: string;
    /** The observer's weighted mean with every correction so far, 0..100. */
    observerScore: number | null;
    correctedAt: string;
  };
};

export type CoachingSessionAnalysisEvent =
  | CoachingSessionAnalysisRequested
  | CoachingSessionObserverAnalysisStarted
  | CoachingSessionObserverReportRecorded
  | CoachingSessionObserverAnalysisFailed
  | CoachingSessionAnalysisScoreCorrected;
