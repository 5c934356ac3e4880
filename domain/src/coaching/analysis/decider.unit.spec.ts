import { describe, expect, it } from 'vitest';
import { conversationMetrics } from '../../ai/conversation-metrics/metrics.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification } from '../../testing/decider-specification.js';
import type { CoachingSessionAnalysisCommand, RecordCoachingSessionObserverReport } from './commands.js';
import { analysisVersionStatus, coachingSessionAnalysisDecider } from './decider.js';
import type { AnalysisCriterionScore, CoachingSessionAnalysisEvent } from './events.js';

const given = DeciderSpecification.for(coachingSessionAnalysisDecider);
const now = '2026-11-24T10:00:00.000Z';
const metrics = conversationMetrics([{ speaker: 'learner', text: 'What matters most to you?' }], 'en-GB');
const observers = [
  { id: 'o1', version: 2 },
  { id: 'o2', version: 1 },
];

const request = (trigger: 'session_ended' | 'rerun'): CoachingSessionAnalysisCommand => ({
  type: 'RequestCoachingSessionAnalysis',
  data: { sessionId: 's1', organizationId: 'org-1', trigger, requestedBy: null, observers, metrics },
  metadata: { now },
});
const requested = (version: number): CoachingSessionAnalysisEvent => ({
  type: 'CoachingSessionAnalysisRequested',
  data: {
    sessionId: 's1',
    organizationId: 'org-1',
    version,
    trigger: version === 1 ? 'session_ended' : 'rerun',
    requestedBy: null,
    observers,
    metrics,
    requestedAt: now,
  },
});
const criteria: AnalysisCriterionScore[] = [
  { name: 'Discovery', scale: '1_5', weight: 2, relevant: true, score: 4, evidence: [] },
  { name: 'Close', scale: 'pass_fail', weight: 1, relevant: true, score: 1, evidence: [] },
  { name: 'Trading', scale: '1_10', weight: 5, relevant: false, score: null, evidence: [] },
];
const record = (observerId: string, version = 1): RecordCoachingSessionObserverReport => ({
  type: 'RecordCoachingSessionObserverReport',
  data: {
    sessionId: 's1',
    version,
    observerId,
    observerVersion: 2,
    criteria,
    wentWell: ['Open questions'],
    toImprove: ['Name a date'],
    summary: 'Good discovery.',
  },
  metadata: { now },
});
const recorded = (observerId: string, version = 1): CoachingSessionAnalysisEvent => ({
  type: 'CoachingSessionObserverReportRecorded',
  data: {
    ...record(observerId, version).data,
    // (2 × 75 + 1 × 100) / 3; the criterion that did not apply is left out.
    score: 83,
    recordedAt: now,
  },
});
const failed = (observerId: string): CoachingSessionAnalysisEvent => ({
  type: 'CoachingSessionObserverAnalysisFailed',
  data: { sessionId: 's1', version: 1, observerId, reason: 'timeout', failedAt: now },
});

describe('coaching session analysis decider', () => {
  it('should request version 1 once when the session ends', () => {
    given([])
      .when(request('session_ended'))
      .then([requested(1)]);
    given([requested(1)])
      .when(request('session_ended'))
      .thenNothing();
  });

  it('should make version N+1 on a re-run once every observer has finished, and refuse it while one runs', () => {
    given([requested(1), recorded('o1'), failed('o2')])
      .when(request('rerun'))
      .then([requested(2)]);
    given([requested(1), recorded('o1')])
      .when(request('rerun'))
      .thenThrows(ConflictError, (error) => error.code === 'coaching_session_analysis_running');
  });

  it('should start a pending observer once', () => {
    const startIt: CoachingSessionAnalysisCommand = {
      type: 'StartCoachingSessionObserverAnalysis',
      data: { sessionId: 's1', version: 1, observerId: 'o1' },
      metadata: { now },
    };
    given([requested(1)])
      .when(startIt)
      .then([
        {
          type: 'CoachingSessionObserverAnalysisStarted',
          data: { sessionId: 's1', version: 1, observerId: 'o1', startedAt: now },
        },
      ]);
    given([requested(1), recorded('o1')])
      .when(startIt)
      .thenNothing();
  });

  it('should record one result per observer and version, scored by the weighted mean of what applied', () => {
    given([requested(1)])
      .when(record('o1'))
      .then([recorded('o1')]);
    given([requested(1), recorded('o1')])
      .when(record('o1'))
      .thenNothing();
    given([requested(1), failed('o1')])
      .when(record('o1'))
      .thenNothing();
    given([requested(1)])
      .when(record('o9'))
      .thenNothing();
    given([requested(1)])
      .when(record('o1', 2))
      .thenNothing();
  });

  it('should make one version per request id, however often a job asks', () => {
    const fromJob: CoachingSessionAnalysisCommand = {
      type: 'RequestCoachingSessionAnalysis',
      data: { ...(request('rerun').data as object), requestId: 'job-1-s1' } as never,
      metadata: { now },
    };
    const second = requested(2);
    const {
      observers: _observers,
      metrics: _metrics,
      requestedAt: _at,
      ...head
    } = second.data as Extract<CoachingSessionAnalysisEvent, { type: 'CoachingSessionAnalysisRequested' }>['data'];
    const secondFromJob = {
      type: 'CoachingSessionAnalysisRequested',
      data: { ...head, requestId: 'job-1-s1', observers, metrics, requestedAt: now },
    } as CoachingSessionAnalysisEvent;
    given([requested(1), recorded('o1'), recorded('o2')])
      .when(fromJob)
      .then([secondFromJob]);
    // Asked again once version 2 is running, or done: nothing more, rather than a conflict or a version 3.
    given([requested(1), recorded('o1'), recorded('o2'), secondFromJob])
      .when(fromJob)
      .thenNothing();
    given([requested(1), recorded('o1'), recorded('o2'), secondFromJob, recorded('o1', 2), recorded('o2', 2)])
      .when(fromJob)
      .thenNothing();
  });

  describe('a reviewer’s correction', () => {
    const correct = (
      data: Partial<{
        version: number;
        observerId: string;
        criterion: string;
        score: number;
        comment: string;
        correctionId: string;
      }> = {},
    ): CoachingSessionAnalysisCommand => ({
      type: 'CorrectCoachingSessionAnalysisScore',
      data: {
        sessionId: 's1',
        version: 1,
        observerId: 'o1',
        correctionId: 'c1',
        criterion: 'Discovery',
        score: 2,
        comment: '  Only one open question.  ',
        correctedBy: 'u-reviewer',
        ...data,
      },
      metadata: { now },
    });
    const corrected = (
      data: Partial<{
        correctionId: string;
        criterion: string;
        previousScore: number | null;
        score: number;
        observerScore: number | null;
      }> = {},
    ): CoachingSessionAnalysisEvent => ({
      type: 'CoachingSessionAnalysisScoreCorrected',
      data: {
        sessionId: 's1',
        version: 1,
        observerId: 'o1',
        correctionId: 'c1',
        criterion: 'Discovery',
        previousScore: 4,
        score: 2,
        comment: 'Only one open question.',
        correctedBy: 'u-reviewer',
        // (2 × 25 + 1 × 100) / 3: the corrected score counts in the observer's.
        observerScore: 50,
        correctedAt: now,
        ...data,
      },
    });

    it('should keep the score it replaces and weigh the corrected one, once per correction id', () => {
      given([requested(1), recorded('o1')])
        .when(correct())
        .then([corrected()]);
      given([requested(1), recorded('o1'), corrected()])
        .when(correct())
        .thenNothing();
      // A later correction replaces the earlier one's score.
      given([requested(1), recorded('o1'), corrected()])
        .when(correct({ correctionId: 'c2', score: 5 }))
        .then([corrected({ correctionId: 'c2', previousScore: 2, score: 5, observerScore: 100 })]);
    });

    it('should let a criterion the observer found irrelevant count once a reviewer scores it', () => {
      given([requested(1), recorded('o1')])
        .when(correct({ criterion: 'Trading', score: 1 }))
        // (2 × 75 + 1 × 100 + 5 × 0) / 8
        .then([corrected({ criterion: 'Trading', previousScore: null, score: 1, observerScore: 31 })]);
    });

    it('should take a whole score on the criterion’s own scale', () => {
      for (const [criterion, score] of [
        ['Discovery', 6],
        ['Discovery', 0],
        ['Discovery', 2.5],
        ['Close', 2],
        ['Trading', 11],
      ] as const) {
        given([requested(1), recorded('o1')])
          .when(correct({ criterion, score }))
          .thenThrows(
            ValidationError,
            (error) => error.code === 'analysis_score_out_of_scale' && error.details?.['field'] === 'score',
          );
      }
    });

    it('should require a comment', () => {
      given([requested(1), recorded('o1')])
        .when(correct({ comment: '   ' }))
        .thenThrows(ValidationError, (error) => error.code === 'analysis_correction_comment_required');
    });

    it('should correct only a delivered report of that version, of a criterion of its rubric', () => {
      given([requested(1)])
        .when(correct())
        .thenThrows(ConflictError, (error) => error.code === 'analysis_report_not_done');
      given([requested(1), failed('o1')])
        .when(correct())
        .thenThrows(ConflictError, (error) => error.code === 'analysis_report_not_done');
      given([requested(1), recorded('o1')])
        .when(correct({ version: 2 }))
        .thenThrows(NotFoundError, (error) => error.code === 'coaching_session_analysis_not_found');
      given([requested(1), recorded('o1')])
        .when(correct({ observerId: 'o9' }))
        .thenThrows(ValidationError, (error) => error.code === 'analysis_observer_unknown');
      given([requested(1), recorded('o1')])
        .when(correct({ criterion: 'Charm' }))
        .thenThrows(ValidationError, (error) => error.code === 'analysis_criterion_unknown');
    });
  });

  it('should tell a version’s status from its observers’', () => {
    expect(analysisVersionStatus(['pending', 'pending'])).toBe('pending');
    expect(analysisVersionStatus(['running', 'pending'])).toBe('running');
    expect(analysisVersionStatus(['done', 'pending'])).toBe('running');
    expect(analysisVersionStatus(['done', 'done'])).toBe('done');
    expect(analysisVersionStatus(['done', 'failed'])).toBe('failed');
  });
});
