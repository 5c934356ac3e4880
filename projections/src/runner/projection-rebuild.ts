import type { EventStore, GlobalPosition, Logger, SqlDatabase } from '@ai-coaching/platform';
import { transactionAnnouncing, readModelTopic } from '@ai-coaching/platform';
import { ensureCheckpoint, recordFailure, type ProjectionStatus } from './checkpoint-store.js';
import { catchUp, cpuMsSince, createBatchSizer, ProjectionFailure, yieldToEventLoop } from './projection-batches.js';
import { liveTableNames, shadowTableNames, type Projection } from './projection.js';

export type RebuildOutcome =
  { kind: 'swapped' } | { kind: 'failed'; failure: NonNullable<ProjectionStatus['failure']> } | { kind: 'interrupted' };

export type RebuildContext = {
  store: EventStore;
  db: SqlDatabase;
  logger: Logger;
  batchSize: number;
  batchBudgetMs: number;
  /** The runner's stop: a rebuild left at it resumes from the start at the next start. */
  stopped: AbortSignal;
};

/** Swap: the live tables are replaced in one transaction, with the checkpoint the shadow reached. */
const swapShadowTables = (db: SqlDatabase, projection: Projection, position: GlobalPosition | null) => {
  const shadow = shadowTableNames(projection);
  const live = liveTableNames(projection);
  return transactionAnnouncing(db, async (tx, announce) => {
    for (const [logical, table] of Object.entries<string>(live)) {
      const shadowTable = (shadow as Record<string, string>)[logical]!;
      await tx.exec(`DROP TABLE IF EXISTS ${table} CASCADE`);
      await tx.exec(`ALTER TABLE ${shadowTable} RENAME TO ${table}`);
      // Index names carry the table name; give them the live name back so the next
      // rebuild's `CREATE INDEX IF NOT EXISTS` on the shadow table does not find them taken.
      const { rows } = await tx.query<{ indexname: string }>(
        'SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1',
        [table],
      );
      for (const { indexname } of rows) {
        if (indexname.startsWith(shadowTable)) {
          await tx.exec(`ALTER INDEX ${indexname} RENAME TO ${table}${indexname.slice(shadowTable.length)}`);
        }
      }
    }
    await tx.query(
      `UPDATE projection_checkpoints SET status = 'running', version = $2, position = $3, failure = NULL, updated_at = now()
       WHERE name = $1`,
      [projection.name, projection.version, position],
    );
    await announce([readModelTopic(projection.name)]);
  });
};

/** Replays a projection from the start into shadow tables, then swaps them in. */
export const rebuildProjection = async (context: RebuildContext, projection: Projection): Promise<RebuildOutcome> => {
  const { db, logger } = context;
  const shadow = shadowTableNames(projection);
  logger.info({ projection: projection.name }, 'projection rebuild started');
  const started = performance.now();
  // `rebuild()` may come before `start()`: without a row, the position the replay reaches would
  // be lost and `start()` would then apply every event a second time onto the rebuilt tables.
  await ensureCheckpoint(db, projection.name, projection.version);
  await db.query(
    `UPDATE projection_checkpoints SET status = 'rebuilding', rebuild_requested_at = NULL, failure = NULL, updated_at = now()
     WHERE name = $1`,
    [projection.name],
  );
  await db.transaction(async (tx) => {
    for (const table of Object.values<string>(shadow)) await tx.exec(`DROP TABLE IF EXISTS ${table} CASCADE`);
    await projection.setup(tx, shadow);
  });
  let position: GlobalPosition | null = null;
  let total = 0;
  const sizer = createBatchSizer(context.batchSize, context.batchBudgetMs);
  try {
    for (;;) {
      // Left 'rebuilding': the next start replays again from the start, so stop() need not
      // wait for a long replay.
      if (context.stopped.aborted) return { kind: 'interrupted' };
      const requested = sizer.next();
      const cpu = process.cpuUsage();
      const result = await catchUp(context, projection, 'shadow', position, requested);
      sizer.record(result.read, cpuMsSince(cpu));
      position = result.position;
      total += result.read;
      if (result.read < requested) break;
      await yieldToEventLoop();
    }
  } catch (error) {
    if (!(error instanceof ProjectionFailure)) throw error;
    const failure = error.describe();
    await recordFailure(db, projection.name, failure, { rebuildPending: true });
    logger.error({ projection: projection.name, ...failure }, 'projection rebuild stopped on an event it cannot apply');
    return { kind: 'failed', failure };
  }
  await swapShadowTables(db, projection, position);
  const seconds = (performance.now() - started) / 1000;
  logger.info(
    { projection: projection.name, events: total, seconds: Number(seconds.toFixed(3)) },
    'projection rebuild finished',
  );
  return { kind: 'swapped' };
};
