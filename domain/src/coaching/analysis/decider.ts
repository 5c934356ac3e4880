import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import type { CoachingSessionAnalysisCommand, CorrectCoachingSessionAnalysisScore } from './commands.js';
import type { AnalysisCriterionScore, CoachingSessionAnalysisEvent } from './events.js';
import { correctedCriteria, RUBRIC_SCALE_RANGE, weightedAnalysisScore } from './scores.js';

export type ObserverAnalysisStatus = 'pending' | 'running' | 'done' | 'failed';

export type CoachingSessionAnalysisVersion = {
  version: number;
  /** The request a job made it for (a bulk re-run), so that request, seen again, asks for nothing more. */
  requestId: string | null;
  observers: {
    observerId: string;
    observerVersion: number;
    status: ObserverAnalysisStatus;
    /** Once reported: its criteria, with reviewers' corrections applied. */
    criteria: AnalysisCriterionScore[];
  }[];
};

export type CoachingSessionAnalysisState = {
  versions: CoachingSessionAnalysisVersion[];
  /** Every correction applied so far, by its command's id: a correction sent again appends nothing. */
  correctionIds: readonly string[];
};

/** How long a reviewer's comment may be. */
export const ANALYSIS_CORRECTION_COMMENT_MAX = 2000;

const finished = (status: ObserverAnalysisStatus) => status === 'done' || status === 'failed';

/** An observer's slot in a version; null when the job names something never requested (nothing to do). */
const slotOf = (state: CoachingSessionAnalysisState, version: number, observerId: string) =>
  state.versions.find((entry) => entry.version === version)?.observers.find((o) => o.observerId === observerId) ?? null;

/**
 * A reviewer's correction: on a report the observer has delivered, of a criterion of its rubric, a whole score on
 * that criterion's scale, and a comment saying why. The observer's score is kept (the event carries what it
 * replaced), and the corrected criterion counts from then on, even one the observer found did not apply.
 */
const decideCorrection = (
  command: CorrectCoachingSessionAnalysisScore,
  state: CoachingSessionAnalysisState,
): CoachingSessionAnalysisEvent[] => {
  const { sessionId, version, observerId, correctionId, criterion: name, score, correctedBy } = command.data;
  if (state.correctionIds.includes(correctionId)) return [];
  const entry = state.versions.find((candidate) => candidate.version === version);
  if (!entry) {
    throw new NotFoundError(
      'coaching_session_analysis_not_found',
      'This session has no analysis report of this version.',
    );
  }
  const observer = entry.observers.find((candidate) => candidate.observerId === observerId);
  if (!observer) {
    throw new ValidationError('analysis_observer_unknown', 'This observer did not take part in this report.', {
      field: 'observer_id',
    });
  }
  if (observer.status !== 'done') {
    throw new ConflictError(
      'analysis_report_not_done',
      'This observer has not delivered its report: correct it once it is done.',
      { status: observer.status },
    );
  }
  const criterion = observer.criteria.find((candidate) => candidate.name === name);
  if (!criterion) {
    throw new ValidationError('analysis_criterion_unknown', 'This criterion is not in the observer’s rubric.', {
      field: 'criterion',
    });
  }
  const { min, max } = RUBRIC_SCALE_RANGE[criterion.scale];
  if (!Number.isInteger(score) || score < min || score > max) {
    throw new ValidationError('analysis_score_out_of_scale', `Give a whole score from ${min} to ${max}.`, {
      field: 'score',
      min,
      max,
    });
  }
  const comment = command.data.comment.trim();
  if (comment.length === 0) {
    throw new ValidationError('analysis_correction_comment_required', 'Say why the score is corrected.', {
      field: 'comment',
    });
  }
  if (comment.length > ANALYSIS_CORRECTION_COMMENT_MAX) {
    throw new ValidationError(
      'analysis_correction_comment_too_long',
      `Keep the comment to ${ANALYSIS_CORRECTION_COMMENT_MAX} characters.`,
      { field: 'comment', max: ANALYSIS_CORRECTION_COMMENT_MAX },
    );
  }
  return [
    {
      type: 'CoachingSessionAnalysisScoreCorrected',
      data: {
        sessionId,
        version,
        observerId,
        correctionId,
        criterion: name,
        previousScore: criterion.relevant ? criterion.score : null,
        score,
        comment,
        correctedBy,
        observerScore: weightedAnalysisScore(correctedCriteria(observer.criteria, name, score)),
        correctedAt: command.metadata.now,
      },
    },
  ];
};

/**
 * Jobs run at least once, and a killed worker's job runs again elsewhere: every observer command after the first
 * result of its version finds nothing to do, so one result is appended whoever gets there first.
 */
export const coachingSessionAnalysisDecider: Decider<
  CoachingSessionAnalysisCommand,
  CoachingSessionAnalysisEvent,
  CoachingSessionAnalysisState
> = {
  decide: decideByType({
    RequestCoachingSessionAnalysis: ({ data, metadata: { now } }, state) => {
      const latest = state.versions.at(-1);
      const requestId = data.requestId ?? null;
      if (requestId !== null && state.versions.some((entry) => entry.requestId === requestId)) return [];
      // The ending is seen by every path that ends a session (and again by the start-up catch-up): version 1 once.
      if (data.trigger === 'session_ended' && latest) return [];
      if (latest && latest.observers.some((observer) => !finished(observer.status))) {
        throw new ConflictError(
          'coaching_session_analysis_running',
          'The analysis of this session is still running: re-run it once it has finished.',
          { version: latest.version },
        );
      }
      return [
        {
          type: 'CoachingSessionAnalysisRequested',
          data: {
            sessionId: data.sessionId,
            organizationId: data.organizationId,
            version: (latest?.version ?? 0) + 1,
            trigger: data.trigger,
            requestedBy: data.requestedBy,
            ...(requestId === null ? {} : { requestId }),
            observers: data.observers,
            metrics: data.metrics,
            requestedAt: now,
          },
        },
      ];
    },
    StartCoachingSessionObserverAnalysis: ({ data, metadata: { now } }, state) => {
      const { sessionId, version, observerId } = data;
      if (slotOf(state, version, observerId)?.status !== 'pending') return [];
      return [
        { type: 'CoachingSessionObserverAnalysisStarted', data: { sessionId, version, observerId, startedAt: now } },
      ];
    },
    RecordCoachingSessionObserverReport: ({ data, metadata: { now } }, state) => {
      const slot = slotOf(state, data.version, data.observerId);
      if (slot === null || finished(slot.status)) return [];
      return [
        {
          type: 'CoachingSessionObserverReportRecorded',
          data: { ...data, score: weightedAnalysisScore(data.criteria), recordedAt: now },
        },
      ];
    },
    FailCoachingSessionObserverAnalysis: ({ data, metadata: { now } }, state) => {
      const slot = slotOf(state, data.version, data.observerId);
      if (slot === null || finished(slot.status)) return [];
      return [{ type: 'CoachingSessionObserverAnalysisFailed', data: { ...data, failedAt: now } }];
    },
    CorrectCoachingSessionAnalysisScore: decideCorrection,
  }),
  evolve(state, event) {
    const mark = (
      version: number,
      observerId: string,
      change: (observer: CoachingSessionAnalysisVersion['observers'][number]) => Partial<typeof observer>,
    ): CoachingSessionAnalysisState => ({
      ...state,
      versions: state.versions.map((entry) =>
        entry.version !== version
          ? entry
          : {
              ...entry,
              observers: entry.observers.map((observer) =>
                observer.observerId === observerId ? { ...observer, ...change(observer) } : observer,
              ),
            },
      ),
    });
    switch (event.type) {
      case 'CoachingSessionAnalysisRequested':
        return {
          ...state,
          versions: [
            ...state.versions,
            {
              version: event.data.version,
              requestId: event.data.requestId ?? null,
              observers: event.data.observers.map((observer) => ({
                observerId: observer.id,
                observerVersion: observer.version,
                status: 'pending' as const,
                criteria: [],
              })),
            },
          ],
        };
      case 'CoachingSessionObserverAnalysisStarted':
        return mark(event.data.version, event.data.observerId, () => ({ status: 'running' }));
      case 'CoachingSessionObserverReportRecorded':
        return mark(event.data.version, event.data.observerId, () => ({
          status: 'done',
          criteria: event.data.criteria,
        }));
      case 'CoachingSessionObserverAnalysisFailed':
        return mark(event.data.version, event.data.observerId, () => ({ status: 'failed' }));
      case 'CoachingSessionAnalysisScoreCorrected':
        return {
          ...mark(event.data.version, event.data.observerId, (observer) => ({
            criteria: correctedCriteria(observer.criteria, event.data.criterion, event.data.score),
          })),
          correctionIds: [...state.correctionIds, event.data.correctionId],
        };
      default:
        return state;
    }
  },
  initialState: () => ({ versions: [], correctionIds: [] }),
};

/** A version's status from its observers': done when all reported, failed when all finished and one failed. */
export const analysisVersionStatus = (statuses: readonly ObserverAnalysisStatus[]): ObserverAnalysisStatus => {
  if (statuses.every((status) => status === 'done')) return 'done';
  if (statuses.every(finished)) return 'failed';
  if (statuses.every((status) => status === 'pending')) return 'pending';
  return 'running';
};
