import { describe, expect, it } from 'vitest';
import { conversationMetrics } from '../../ai/conversation-metrics/metrics.js';
import { ConflictError } from '../../shared/errors.js';
import { DeciderSpecification } from '../../testing/decider-specification.js';
import type { CoachingSessionAnalysisCommand } from './commands.js';
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
const record = (observerId: string, version = 1): CoachingSessionAnalysisCommand => ({
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
    sessionId: 's1',
    version,
    observerId,
    observerVersion: 2,
    criteria,
    wentWell: ['Open questions'],
    toImprove: ['Name a date'],
    summary: 'Good discovery.',
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

  it('should tell a version’s status from its observers’', () => {
    expect(analysisVersionStatus(['pending', 'pending'])).toBe('pending');
    expect(analysisVersionStatus(['running', 'pending'])).toBe('running');
    expect(analysisVersionStatus(['done', 'pending'])).toBe('running');
    expect(analysisVersionStatus(['done', 'done'])).toBe('done');
    expect(analysisVersionStatus(['done', 'failed'])).toBe('failed');
  });
});
