import type { BackgroundJobItemOutcome, BackgroundJobKind, BackgroundJobStatus } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { unlessNotCreatedYet } from '../../shared/not-created-yet.js';
import { isoTime, isoTimeOrNull } from '../../shared/rows.js';

const TABLES = { jobs: 'rm_background_jobs', items: 'rm_background_job_items' } as const;

/**
 * Background jobs and their progress (docs/background-jobs.md): one row per job, its counts moved by each processed
 * item. The runner applies each event once (checkpoint in the same transaction), so the counts never double.
 * Version 2 keeps each processed item's outcome too (a job's `results`), for kinds whose items are worth naming
 * (the session generator's drafts).
 */
export const backgroundJobsProjection = defineProjection({
  name: 'background-jobs',
  version: 2,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.jobs} (
        job_id text PRIMARY KEY,
        kind text NOT NULL,
        organization_id text NOT NULL,
        started_by text,
        status text NOT NULL,
        input jsonb NOT NULL,
        total integer NOT NULL,
        succeeded integer NOT NULL DEFAULT 0,
        skipped integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        error text,
        queued_at timestamptz NOT NULL,
        started_at timestamptz,
        finished_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS ${t.jobs}_organization_idx ON ${t.jobs} (organization_id, queued_at);
      CREATE TABLE IF NOT EXISTS ${t.items} (
        job_id text NOT NULL,
        item text NOT NULL,
        outcome text NOT NULL,
        detail text,
        processed_at timestamptz NOT NULL,
        PRIMARY KEY (job_id, item)
      );`);
  },
  on: {
    async BackgroundJobQueued(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.jobs} (job_id, kind, organization_id, started_by, status, input, total, queued_at)
         VALUES ($1, $2, $3, $4, 'queued', $5, $6, $7) ON CONFLICT (job_id) DO NOTHING`,
        [
          data.jobId,
          data.kind,
          data.organizationId,
          data.startedBy,
          JSON.stringify(data.input),
          data.items.length,
          data.queuedAt,
        ],
      );
    },
    async BackgroundJobStarted(tx, { data }, t) {
      await tx.query(`UPDATE ${t.jobs} SET status = 'running', started_at = $2 WHERE job_id = $1`, [
        data.jobId,
        data.startedAt,
      ]);
    },
    async BackgroundJobItemProcessed(tx, { data }, t) {
      // The column is chosen from the decider's closed set of outcomes, never from free text.
      const column = { succeeded: 'succeeded', skipped: 'skipped', failed: 'failed' }[data.outcome];
      await tx.query(`UPDATE ${t.jobs} SET ${column} = ${column} + 1 WHERE job_id = $1`, [data.jobId]);
      await tx.query(
        `INSERT INTO ${t.items} (job_id, item, outcome, detail, processed_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (job_id, item) DO NOTHING`,
        [data.jobId, data.item, data.outcome, data.detail, data.processedAt],
      );
    },
    async BackgroundJobCompleted(tx, { data }, t) {
      await tx.query(`UPDATE ${t.jobs} SET status = 'completed', finished_at = $2 WHERE job_id = $1`, [
        data.jobId,
        data.completedAt,
      ]);
    },
    async BackgroundJobFailed(tx, { data }, t) {
      await tx.query(`UPDATE ${t.jobs} SET status = 'failed', error = $2, finished_at = $3 WHERE job_id = $1`, [
        data.jobId,
        data.reason,
        data.failedAt,
      ]);
    },
  },
});

export type BackgroundJobView = {
  jobId: string;
  kind: BackgroundJobKind;
  organizationId: string;
  startedBy: string | null;
  status: BackgroundJobStatus;
  input: Record<string, unknown>;
  total: number;
  succeeded: number;
  skipped: number;
  failed: number;
  error: string | null;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export const findBackgroundJob = async (db: SqlExecutor, jobId: string): Promise<BackgroundJobView | undefined> => {
  const { rows } = await db.query<{
    job_id: string;
    kind: BackgroundJobKind;
    organization_id: string;
    started_by: string | null;
    status: BackgroundJobStatus;
    input: Record<string, unknown>;
    total: number;
    succeeded: number;
    skipped: number;
    failed: number;
    error: string | null;
    queued_at: Date | string;
    started_at: Date | string | null;
    finished_at: Date | string | null;
  }>(
    `SELECT job_id, kind, organization_id, started_by, status, input, total, succeeded, skipped, failed, error,
       queued_at, started_at, finished_at
     FROM ${TABLES.jobs} WHERE job_id = $1`,
    [jobId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    jobId: row.job_id,
    kind: row.kind,
    organizationId: row.organization_id,
    startedBy: row.started_by,
    status: row.status,
    input: row.input,
    total: row.total,
    succeeded: row.succeeded,
    skipped: row.skipped,
    failed: row.failed,
    error: row.error,
    queuedAt: isoTime(row.queued_at),
    startedAt: isoTimeOrNull(row.started_at),
    finishedAt: isoTimeOrNull(row.finished_at),
  };
};

/**
 * Jobs of a kind still queued or running: the workers' start-up enqueues them again, as the in-process queue forgets
 * its jobs when the process stops. Nothing before the projections have created their tables.
 */
export const listUnfinishedBackgroundJobs = (
  db: SqlExecutor,
  kind: BackgroundJobKind,
): Promise<{ jobId: string; organizationId: string }[]> =>
  unlessNotCreatedYet(async () => {
    const { rows } = await db.query<{ job_id: string; organization_id: string }>(
      `SELECT job_id, organization_id FROM ${TABLES.jobs}
       WHERE kind = $1 AND status IN ('queued', 'running') ORDER BY queued_at, job_id`,
      [kind],
    );
    return rows.map((row) => ({ jobId: row.job_id, organizationId: row.organization_id }));
  });

export type BackgroundJobItemView = {
  item: string;
  outcome: BackgroundJobItemOutcome;
  detail: string | null;
  processedAt: string;
};

/** A job's processed items, in the order they were processed. */
export const listBackgroundJobItems = async (db: SqlExecutor, jobId: string): Promise<BackgroundJobItemView[]> => {
  const { rows } = await db.query<{
    item: string;
    outcome: BackgroundJobItemOutcome;
    detail: string | null;
    processed_at: Date | string;
  }>(
    `SELECT item, outcome, detail, processed_at FROM ${TABLES.items} WHERE job_id = $1
     ORDER BY processed_at, item`,
    [jobId],
  );
  return rows.map((row) => ({
    item: row.item,
    outcome: row.outcome,
    detail: row.detail,
    processedAt: isoTime(row.processed_at),
  }));
};

/**
 * Whether a session generator's run saved this draft (a scenario id among its jobs' succeeded items): a draft is
 * published from its generator's page by that generator's id.
 */
export const isSavedSessionGeneratorDraft = async (
  db: SqlExecutor,
  generatorId: string,
  scenarioId: string,
): Promise<boolean> => {
  const { rows } = await db.query<{ found: number }>(
    `SELECT 1 AS found FROM ${TABLES.jobs} j JOIN ${TABLES.items} i ON i.job_id = j.job_id
     WHERE j.kind = 'coaching.session-generation' AND j.input->>'generator_id' = $1 AND i.item = $2
       AND i.outcome = 'succeeded'
     LIMIT 1`,
    [generatorId, scenarioId],
  );
  return rows.length > 0;
};
