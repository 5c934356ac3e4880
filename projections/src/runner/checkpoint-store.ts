import type { GlobalPosition, Migration, SqlExecutor } from '@ai-coaching/platform';

export type ProjectionStatusValue = 'running' | 'failed' | 'rebuilding' | 'stopped';

export type ProjectionStatus = {
  name: string;
  version: number;
  status: ProjectionStatusValue;
  position: GlobalPosition | null;
  /** Set while stopped on an event it could not apply; the projection never skips it. */
  failure: { eventId: string; eventType: string; position: GlobalPosition; message: string; failedAt: string } | null;
  rebuildRequestedAt: string | null;
  updatedAt: string;
};

export const projectionMigrations: Migration[] = [
  {
    id: '0100_projection_checkpoints',
    sql: `
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        version integer NOT NULL,
        status text NOT NULL DEFAULT 'running',
        position text,
        failure jsonb,
        rebuild_requested_at timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

type Row = {
  name: string;
  version: number;
  status: ProjectionStatusValue;
  position: string | null;
  failure: ProjectionStatus['failure'];
  rebuild_requested_at: Date | string | null;
  updated_at: Date | string;
};

const iso = (value: Date | string | null): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();

const toStatus = (row: Row): ProjectionStatus => ({
  name: row.name,
  version: Number(row.version),
  status: row.status,
  position: row.position as GlobalPosition | null,
  failure: row.failure,
  rebuildRequestedAt: iso(row.rebuild_requested_at),
  updatedAt: iso(row.updated_at)!,
});

export const readStatuses = async (db: SqlExecutor): Promise<ProjectionStatus[]> => {
  const { rows } = await db.query<Row>('SELECT * FROM projection_checkpoints ORDER BY name');
  return rows.map(toStatus);
};

export const readStatus = async (db: SqlExecutor, name: string): Promise<ProjectionStatus | undefined> => {
  const { rows } = await db.query<Row>('SELECT * FROM projection_checkpoints WHERE name = $1', [name]);
  return rows[0] ? toStatus(rows[0]) : undefined;
};

export const ensureCheckpoint = async (db: SqlExecutor, name: string, version: number): Promise<void> => {
  await db.query(
    `INSERT INTO projection_checkpoints (name, version, status, position) VALUES ($1, $2, 'running', NULL)
     ON CONFLICT (name) DO NOTHING`,
    [name, version],
  );
};

export const saveCheckpoint = async (db: SqlExecutor, name: string, position: GlobalPosition): Promise<void> => {
  await db.query(`UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1`, [
    name,
    position,
  ]);
};

/**
 * Moves the checkpoint from `from` to `to` only if it is still at `from`, running, at `version`.
 * Run first in the batch transaction: its row lock makes a second runner of the same projection
 * (two replicas overlapping in a deploy, or two runners in one process) wait, then find the
 * checkpoint moved and roll back instead of applying the batch a second time. The version check
 * keeps outdated code from writing into tables a newer version rebuilt.
 */
export const advanceCheckpoint = async (
  tx: SqlExecutor,
  name: string,
  version: number,
  from: GlobalPosition | null,
  to: GlobalPosition,
): Promise<boolean> => {
  const { rows } = await tx.query(
    `UPDATE projection_checkpoints SET position = $4, updated_at = now()
     WHERE name = $1 AND version = $2 AND status = 'running' AND position IS NOT DISTINCT FROM $3::text
     RETURNING name`,
    [name, version, from, to],
  );
  return rows.length > 0;
};

export const recordFailure = async (
  db: SqlExecutor,
  name: string,
  failure: NonNullable<ProjectionStatus['failure']>,
  options: { rebuildPending?: boolean } = {},
) => {
  // A rebuild that failed stays requested, so that `requestResume` retries the rebuild rather
  // than resuming the old tables; the runner leaves failed projections alone until then.
  await db.query(
    `UPDATE projection_checkpoints SET status = 'failed', failure = $2::jsonb, updated_at = now(),
       rebuild_requested_at = CASE WHEN $3::boolean THEN coalesce(rebuild_requested_at, now()) ELSE rebuild_requested_at END
     WHERE name = $1`,
    [name, JSON.stringify(failure), options.rebuildPending ?? false],
  );
};

export const setStatus = async (db: SqlExecutor, name: string, status: ProjectionStatusValue): Promise<void> => {
  await db.query(`UPDATE projection_checkpoints SET status = $2, updated_at = now() WHERE name = $1`, [name, status]);
};

/** Clears a recorded failure so the runner retries the event (after a fix has been deployed). */
export const requestResume = async (db: SqlExecutor, name: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    `UPDATE projection_checkpoints SET status = 'running', failure = NULL, updated_at = now()
     WHERE name = $1 AND status IN ('failed', 'stopped')`,
    [name],
  );
  return rowCount > 0;
};

/**
 * Asks whichever process runs the projection to rebuild it; works across processes. A failed or
 * stopped projection rebuilds once it is resumed.
 */
export const requestRebuild = async (db: SqlExecutor, name: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    `UPDATE projection_checkpoints SET rebuild_requested_at = now(), updated_at = now() WHERE name = $1`,
    [name],
  );
  return rowCount > 0;
};
