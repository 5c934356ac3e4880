import type {
  AnalysisCriterionScore,
  CoachingSessionAnalysisTrigger,
  ConversationMetrics,
  ObserverAnalysisStatus,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { unlessNotCreatedYet } from '../../shared/not-created-yet.js';
import { isoTime } from '../../shared/rows.js';

const TABLES = {
  analyses: 'rm_coaching_session_analyses',
  observers: 'rm_coaching_session_observer_reports',
  corrections: 'rm_coaching_session_analysis_corrections',
} as const;

/**
 * The analysis reports of coaching sessions, every version of them (docs/coaching-sessions.md, "Reports"). A
 * version's status and overall score are derived on read from its observers' rows, so nothing stored here can
 * disagree with them. Deleting a session removes its reports, as it removes its transcript.
 */
export const coachingSessionAnalysesProjection = defineProjection({
  name: 'coaching-session-analyses',
  version: 2,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.analyses} (
        session_id text NOT NULL,
        version integer NOT NULL,
        organization_id text NOT NULL,
        trigger text NOT NULL,
        requested_by text,
        metrics jsonb NOT NULL,
        requested_at timestamptz NOT NULL,
        PRIMARY KEY (session_id, version)
      );
      CREATE TABLE IF NOT EXISTS ${t.observers} (
        session_id text NOT NULL,
        version integer NOT NULL,
        observer_id text NOT NULL,
        observer_version integer NOT NULL,
        -- The scenario's order of observers.
        position integer NOT NULL,
        status text NOT NULL,
        criteria jsonb,
        went_well jsonb,
        to_improve jsonb,
        summary text,
        score integer,
        failure text,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (session_id, version, observer_id)
      );
      CREATE INDEX IF NOT EXISTS ${t.observers}_status_idx ON ${t.observers} (status);
      -- Reviewers' corrections, every one kept; a report shows the latest of each criterion beside the observer's.
      CREATE TABLE IF NOT EXISTS ${t.corrections} (
        correction_id text PRIMARY KEY,
        session_id text NOT NULL,
        version integer NOT NULL,
        observer_id text NOT NULL,
        criterion text NOT NULL,
        previous_score integer,
        score integer NOT NULL,
        comment text NOT NULL,
        corrected_by text NOT NULL,
        corrected_at timestamptz NOT NULL,
        -- The event's revision in the session's analysis stream: the order corrections were made in.
        revision bigint NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.corrections}_report_idx ON ${t.corrections} (session_id, version, observer_id);`);
  },
  on: {
    async CoachingSessionAnalysisRequested(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.analyses} (session_id, version, organization_id, trigger, requested_by, metrics, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (session_id, version) DO NOTHING`,
        [
          data.sessionId,
          data.version,
          data.organizationId,
          data.trigger,
          data.requestedBy,
          JSON.stringify(data.metrics),
          data.requestedAt,
        ],
      );
      for (const [position, observer] of data.observers.entries()) {
        await tx.query(
          `INSERT INTO ${t.observers} (session_id, version, observer_id, observer_version, position, status, updated_at)
           VALUES ($1, $2, $3, $4, $5, 'pending', $6) ON CONFLICT (session_id, version, observer_id) DO NOTHING`,
          [data.sessionId, data.version, observer.id, observer.version, position, data.requestedAt],
        );
      }
    },
    async CoachingSessionObserverAnalysisStarted(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.observers} SET status = 'running', updated_at = $4
         WHERE session_id = $1 AND version = $2 AND observer_id = $3 AND status = 'pending'`,
        [data.sessionId, data.version, data.observerId, data.startedAt],
      );
    },
    async CoachingSessionObserverReportRecorded(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.observers} SET status = 'done', observer_version = $4, criteria = $5, went_well = $6,
           to_improve = $7, summary = $8, score = $9, updated_at = $10
         WHERE session_id = $1 AND version = $2 AND observer_id = $3`,
        [
          data.sessionId,
          data.version,
          data.observerId,
          data.observerVersion,
          JSON.stringify(data.criteria),
          JSON.stringify(data.wentWell),
          JSON.stringify(data.toImprove),
          data.summary,
          data.score,
          data.recordedAt,
        ],
      );
    },
    async CoachingSessionObserverAnalysisFailed(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.observers} SET status = 'failed', failure = $4, updated_at = $5
         WHERE session_id = $1 AND version = $2 AND observer_id = $3`,
        [data.sessionId, data.version, data.observerId, data.reason, data.failedAt],
      );
    },
    async CoachingSessionAnalysisScoreCorrected(tx, { data, revision }, t) {
      await tx.query(
        `INSERT INTO ${t.corrections} (correction_id, session_id, version, observer_id, criterion, previous_score,
           score, comment, corrected_by, corrected_at, revision)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (correction_id) DO NOTHING`,
        [
          data.correctionId,
          data.sessionId,
          data.version,
          data.observerId,
          data.criterion,
          data.previousScore,
          data.score,
          data.comment,
          data.correctedBy,
          data.correctedAt,
          revision.toString(),
        ],
      );
      await tx.query(
        `UPDATE ${t.observers} SET score = $4, updated_at = $5 WHERE session_id = $1 AND version = $2 AND observer_id = $3`,
        [data.sessionId, data.version, data.observerId, data.observerScore, data.correctedAt],
      );
    },
    async CoachingSessionDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.analyses} WHERE session_id = $1`, [data.sessionId]);
      await tx.query(`DELETE FROM ${t.observers} WHERE session_id = $1`, [data.sessionId]);
      await tx.query(`DELETE FROM ${t.corrections} WHERE session_id = $1`, [data.sessionId]);
    },
  },
});

/** A reviewer's latest correction of a criterion, and what the observer itself scored. */
export type CriterionCorrectionView = {
  correctionId: string;
  originalScore: number | null;
  comment: string;
  correctedBy: string;
  correctedAt: string;
};

export type ObserverReportView = {
  observerId: string;
  observerVersion: number;
  status: ObserverAnalysisStatus;
  /** With reviewers' corrections applied (`score` the corrected one); the observer's own score in `correction`. */
  criteria: (AnalysisCriterionScore & { correction: CriterionCorrectionView | null })[];
  wentWell: string[];
  toImprove: string[];
  summary: string | null;
  score: number | null;
  failure: string | null;
  updatedAt: string;
};

export type CoachingSessionAnalysisView = {
  sessionId: string;
  version: number;
  organizationId: string;
  trigger: CoachingSessionAnalysisTrigger;
  requestedBy: string | null;
  metrics: ConversationMetrics;
  requestedAt: string;
  observers: ObserverReportView[];
};

/** The versions of a session's analysis, oldest first. */
export const listCoachingSessionAnalysisVersions = async (db: SqlExecutor, sessionId: string): Promise<number[]> => {
  const { rows } = await db.query<{ version: number }>(
    `SELECT version FROM ${TABLES.analyses} WHERE session_id = $1 ORDER BY version`,
    [sessionId],
  );
  return rows.map((row) => row.version);
};

/** One version of a session's analysis; the latest without `version`. */
export const findCoachingSessionAnalysis = async (
  db: SqlExecutor,
  sessionId: string,
  version?: number,
): Promise<CoachingSessionAnalysisView | undefined> => {
  const { rows } = await db.query<{
    session_id: string;
    version: number;
    organization_id: string;
    trigger: CoachingSessionAnalysisTrigger;
    requested_by: string | null;
    metrics: ConversationMetrics;
    requested_at: Date | string;
  }>(
    `SELECT session_id, version, organization_id, trigger, requested_by, metrics, requested_at
     FROM ${TABLES.analyses} WHERE session_id = $1 AND ($2::integer IS NULL OR version = $2)
     ORDER BY version DESC LIMIT 1`,
    [sessionId, version ?? null],
  );
  const row = rows[0];
  if (!row) return undefined;
  const observers = await db.query<{
    observer_id: string;
    observer_version: number;
    status: ObserverAnalysisStatus;
    criteria: AnalysisCriterionScore[] | null;
    went_well: string[] | null;
    to_improve: string[] | null;
    summary: string | null;
    score: number | null;
    failure: string | null;
    updated_at: Date | string;
  }>(
    `SELECT observer_id, observer_version, status, criteria, went_well, to_improve, summary, score, failure, updated_at
     FROM ${TABLES.observers} WHERE session_id = $1 AND version = $2 ORDER BY position`,
    [sessionId, row.version],
  );
  const corrections = await db.query<{
    correction_id: string;
    observer_id: string;
    criterion: string;
    score: number;
    comment: string;
    corrected_by: string;
    corrected_at: Date | string;
  }>(
    `SELECT correction_id, observer_id, criterion, score, comment, corrected_by, corrected_at
     FROM ${TABLES.corrections} WHERE session_id = $1 AND version = $2 ORDER BY revision`,
    [sessionId, row.version],
  );
  // In the order applied: the latest correction of a criterion is the one that stands.
  const latest = new Map(
    corrections.rows.map((correction) => [`${correction.observer_id}\n${correction.criterion}`, correction]),
  );
  const corrected = (observerId: string, criteria: AnalysisCriterionScore[]) =>
    criteria.map((criterion) => {
      const correction = latest.get(`${observerId}\n${criterion.name}`);
      if (!correction) return { ...criterion, correction: null };
      return {
        ...criterion,
        relevant: true,
        score: correction.score,
        correction: {
          correctionId: correction.correction_id,
          originalScore: criterion.relevant ? criterion.score : null,
          comment: correction.comment,
          correctedBy: correction.corrected_by,
          correctedAt: isoTime(correction.corrected_at),
        },
      };
    });
  return {
    sessionId: row.session_id,
    version: row.version,
    organizationId: row.organization_id,
    trigger: row.trigger,
    requestedBy: row.requested_by,
    metrics: row.metrics,
    requestedAt: isoTime(row.requested_at),
    observers: observers.rows.map((observer) => ({
      observerId: observer.observer_id,
      observerVersion: observer.observer_version,
      status: observer.status,
      criteria: corrected(observer.observer_id, observer.criteria ?? []),
      wentWell: observer.went_well ?? [],
      toImprove: observer.to_improve ?? [],
      summary: observer.summary,
      score: observer.score,
      failure: observer.failure,
      updatedAt: isoTime(observer.updated_at),
    })),
  };
};

/**
 * What the workers' start-up catch-up looks at: observers still pending or running (their job may have been lost
 * with an in-process queue), and ended sessions, neither aborted nor deleted, that have no analysis yet (the
 * process died between the ending and its request). Nothing before the projections have created their tables.
 */
export const listUnfinishedObserverReports = (
  db: SqlExecutor,
): Promise<{ sessionId: string; organizationId: string; version: number; observerId: string }[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<{
      session_id: string;
      organization_id: string;
      version: number;
      observer_id: string;
    }>(
      `SELECT o.session_id, a.organization_id, o.version, o.observer_id
     FROM ${TABLES.observers} o
     JOIN ${TABLES.analyses} a ON a.session_id = o.session_id AND a.version = o.version
     WHERE o.status IN ('pending', 'running') ORDER BY o.session_id, o.version, o.position`,
    );
    return rows.map((row) => ({
      sessionId: row.session_id,
      organizationId: row.organization_id,
      version: row.version,
      observerId: row.observer_id,
    }));
  });

export const listEndedSessionsWithoutAnalysis = (db: SqlExecutor): Promise<string[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<{ session_id: string }>(
      `SELECT s.session_id FROM rm_coaching_sessions s
       WHERE s.status IN ('win', 'loose', 'end')
         AND NOT EXISTS (SELECT 1 FROM ${TABLES.analyses} a WHERE a.session_id = s.session_id)
       ORDER BY s.session_id`,
    );
    return rows.map((row) => row.session_id);
  });
