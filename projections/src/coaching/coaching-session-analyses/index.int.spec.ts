import type { CoachingSessionAnalysisEvent, CoachingSessionEvent } from '@ai-coaching/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openEventDatabase } from '../../testing/read-model-harness.js';
import { at, runningReadModel } from '../../testing/read-model-spec.js';
import {
  coachingSessionAnalysesProjection,
  findCoachingSessionAnalysis,
  listCoachingSessionAnalysisVersions,
  listEndedSessionsWithoutAnalysis,
  listUnfinishedObserverReports,
} from './index.js';

const metrics = {
  words: { learner: 4, persona: 2, total: 6 },
  talkRatio: 4 / 6,
  questions: { total: 0, open: 0, closed: 0, asked: [] },
  longestMonologue: { words: 4, turnIndex: 1, learnerTurn: 1 },
  fillers: { total: 0, byFiller: {} },
  wordsPerMinute: null,
};
const observers = [
  { id: 'o1', version: 1 },
  { id: 'o2', version: 3 },
];
const requested = (sessionId: string, version: number, day: number): CoachingSessionAnalysisEvent => ({
  type: 'CoachingSessionAnalysisRequested',
  data: {
    sessionId,
    organizationId: 'org-1',
    version,
    trigger: version === 1 ? 'session_ended' : 'rerun',
    requestedBy: version === 1 ? null : 'op',
    observers,
    metrics,
    requestedAt: at(day),
  },
});
const recorded = (
  sessionId: string,
  version: number,
  observerId: string,
  day: number,
): CoachingSessionAnalysisEvent => ({
  type: 'CoachingSessionObserverReportRecorded',
  data: {
    sessionId,
    version,
    observerId,
    observerVersion: 1,
    criteria: [
      {
        name: 'Discovery',
        scale: '1_5',
        weight: 2,
        relevant: true,
        score: 4,
        evidence: [{ turnId: 't1', quote: 'What matters?' }],
      },
    ],
    wentWell: ['Asked'],
    toImprove: ['Close'],
    summary: `Version ${version}`,
    score: 75,
    recordedAt: at(day),
  },
});

const correction = (
  correctionId: string,
  score: number,
  previousScore: number,
  day: number,
): CoachingSessionAnalysisEvent => ({
  type: 'CoachingSessionAnalysisScoreCorrected',
  data: {
    sessionId: 's1',
    version: 1,
    observerId: 'o1',
    correctionId,
    criterion: 'Discovery',
    previousScore,
    score,
    comment: `Set to ${score}`,
    correctedBy: 'reviewer',
    observerScore: score === 5 ? 100 : 25,
    correctedAt: at(day),
  },
});

describe('the analysis catch-up at a start', () => {
  it('finds nothing to do, rather than failing, before the projections have created their tables', async () => {
    const { db } = await openEventDatabase();
    try {
      const table = await db.query<{ name: string | null }>("SELECT to_regclass('rm_coaching_sessions')::text AS name");
      expect(table.rows[0]?.name).toBeNull();
      expect(await listEndedSessionsWithoutAnalysis(db)).toEqual([]);
      expect(await listUnfinishedObserverReports(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('coaching-session-analyses read model', () => {
  const { db, append, rebuild } = runningReadModel<CoachingSessionAnalysisEvent | CoachingSessionEvent>(
    coachingSessionAnalysesProjection,
  );
  const tables = async () => ({
    analyses: (await db.query('SELECT * FROM rm_coaching_session_analyses ORDER BY session_id, version')).rows,
    observers: (
      await db.query('SELECT * FROM rm_coaching_session_observer_reports ORDER BY session_id, version, position')
    ).rows,
    corrections: (await db.query('SELECT * FROM rm_coaching_session_analysis_corrections ORDER BY correction_id')).rows,
  });

  beforeAll(async () => {
    await append('coaching-session-analysis-s1', requested('s1', 1, 1), {
      type: 'CoachingSessionObserverAnalysisStarted',
      data: { sessionId: 's1', version: 1, observerId: 'o1', startedAt: at(1) },
    });
    await append(
      'coaching-session-analysis-s1',
      recorded('s1', 1, 'o1', 2),
      {
        type: 'CoachingSessionObserverAnalysisFailed',
        data: { sessionId: 's1', version: 1, observerId: 'o2', reason: 'timeout', failedAt: at(2) },
      },
      requested('s1', 2, 3),
      recorded('s1', 2, 'o2', 4),
    );
    await append('coaching-session-analysis-s1', correction('c1', 2, 4, 4), correction('c2', 5, 2, 5));
    await append('coaching-session-analysis-s2', requested('s2', 1, 5));
  });

  it('keeps every version, the latest by default, observers in the scenario’s order', async () => {
    expect(await listCoachingSessionAnalysisVersions(db, 's1')).toEqual([1, 2]);
    expect(await findCoachingSessionAnalysis(db, 's1')).toMatchObject({
      version: 2,
      trigger: 'rerun',
      requestedBy: 'op',
      observers: [
        { observerId: 'o1', status: 'pending', criteria: [], summary: null },
        { observerId: 'o2', status: 'done', summary: 'Version 2', score: 75 },
      ],
    });
    expect(await findCoachingSessionAnalysis(db, 's1', 1)).toMatchObject({
      version: 1,
      metrics,
      observers: [
        { observerId: 'o1', status: 'done', wentWell: ['Asked'], criteria: [{ name: 'Discovery' }] },
        { observerId: 'o2', status: 'failed', failure: 'timeout' },
      ],
    });
    expect(await findCoachingSessionAnalysis(db, 's1', 3)).toBeUndefined();
  });

  it('shows a criterion’s latest correction beside the observer’s own score, and the observer’s corrected score', async () => {
    const report = await findCoachingSessionAnalysis(db, 's1', 1);
    expect(report?.observers[0]).toMatchObject({
      score: 100,
      criteria: [
        {
          name: 'Discovery',
          score: 5,
          relevant: true,
          correction: {
            correctionId: 'c2',
            originalScore: 4,
            comment: 'Set to 5',
            correctedBy: 'reviewer',
            correctedAt: at(5),
          },
        },
      ],
    });
    // Version 2 has corrections of its own, none yet.
    expect((await findCoachingSessionAnalysis(db, 's1', 2))?.observers[1]?.criteria[0]?.correction).toBeNull();
  });

  it('lists the observers still to report, for the start-up catch-up', async () => {
    expect(await listUnfinishedObserverReports(db)).toEqual([
      { sessionId: 's1', organizationId: 'org-1', version: 2, observerId: 'o1' },
      { sessionId: 's2', organizationId: 'org-1', version: 1, observerId: 'o1' },
      { sessionId: 's2', organizationId: 'org-1', version: 1, observerId: 'o2' },
    ]);
  });

  it('forgets the reports of a deleted session', async () => {
    await append('coaching-session-s2', {
      type: 'CoachingSessionDeleted',
      data: { sessionId: 's2', deletedBy: 'ada', deletedAt: at(6) },
    });
    expect(await findCoachingSessionAnalysis(db, 's2')).toBeUndefined();
  });

  it('rebuilds to the very same rows as it built event by event', async () => {
    const incremental = await tables();
    await rebuild();
    expect(await tables()).toEqual(incremental);
  });
});
