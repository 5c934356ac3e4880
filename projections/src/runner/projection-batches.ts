import type { EventStore, GlobalPosition, RecordedEvent, SqlDatabase, SqlExecutor } from '@ai-coaching/platform';
import { transactionAnnouncing, isTransientDatabaseError, readModelTopic } from '@ai-coaching/platform';
import { advanceCheckpoint } from './checkpoint-store.js';
import { liveTableNames, shadowTableNames, type Projection } from './projection.js';
import { announceProgress } from './wait-for-projections.js';

/**
 * PGlite answers without real I/O, so a long catch-up would never let the event loop run and
 * the HTTP server sharing the process would freeze; one turn between batches keeps it serving.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The first batch of a catch-up or rebuild, read before the cost of an event is known. */
const FIRST_BATCH_SIZE = 20;

/** CPU time this process used since `start` (a `process.cpuUsage()` reading), in milliseconds. */
export const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};

/**
 * Sizes batches so that one (read, apply, commit) costs about `budgetMs` of CPU. PGlite answers without real
 * I/O, so a batch holds the event loop for its whole length: 500 events of a one-statement projection took
 * 100–120 ms, and a projection with more statements per event would hold it proportionally longer. Batches
 * start small, follow the measured cost of an event, and at most double from one to the next, so the longest
 * stall stays near the budget whatever a projection costs. CPU time rather than elapsed time: on PostgreSQL a
 * batch mostly waits for the server, which does not hold the event loop, so batches there reach `maxSize`
 * within a few; and on a machine busy with other work, time spent waiting for a core is not counted as cost.
 */
export const createBatchSizer = (maxSize: number, budgetMs: number) => {
  let size = Math.min(maxSize, FIRST_BATCH_SIZE);
  return {
    /** Events to read for the next batch. */
    next: () => size,
    /** A batch of `events` cost `costMs` of CPU, from its read to its commit. */
    record(events: number, costMs: number) {
      if (events === 0) return;
      const fits = Math.floor((budgetMs * events) / Math.max(costMs, 0.001));
      size = Math.max(1, Math.min(maxSize, size * 2, fits));
    },
  };
};

export type BatchSizer = ReturnType<typeof createBatchSizer>;

/** Another runner moved the checkpoint (or changed the status) since this one read it. */
export class CheckpointMoved extends Error {
  constructor() {
    super('The projection checkpoint moved under this runner');
  }
}

export class ProjectionFailure extends Error {
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(`Projection failed on ${event.type} ${event.id}`);
  }
  describe() {
    return {
      eventId: this.event.id,
      eventType: this.event.type,
      position: this.event.position,
      message: this.cause instanceof Error ? this.cause.message : String(this.cause),
      failedAt: new Date().toISOString(),
    };
  }
}

/**
 * Applies events after `from` into the live tables (moving the checkpoint in the same
 * transaction) or into the shadow tables of a rebuild; returns the new position and how many
 * events it read.
 */
export const catchUp = async (
  { store, db }: { store: EventStore; db: SqlDatabase },
  projection: Projection,
  target: 'live' | 'shadow',
  from: GlobalPosition | null,
  maxCount: number,
): Promise<{ position: GlobalPosition | null; read: number }> => {
  const events = await store.readAll({ ...(from ? { after: from } : {}), maxCount, openOnly: projection.handles });
  if (events.length === 0) return { position: from, read: 0 };
  // Reading and applying are each about half of a batch's work on PGlite: a turn between them halves the stall.
  await yieldToEventLoop();
  const tables = target === 'live' ? liveTableNames(projection) : shadowTableNames(projection);
  const handled = new Set(projection.handles);
  const topic = readModelTopic(projection.name);
  /** Applies the batch; true when it changed the read model (some event was one it handles). */
  const applyAll = async (
    tx: SqlExecutor,
    announce: (topics: readonly string[]) => Promise<void>,
    after: GlobalPosition | null,
    batch: readonly RecordedEvent[],
  ): Promise<boolean> => {
    if (target === 'live') {
      const claimed = await advanceCheckpoint(
        tx,
        projection.name,
        projection.version,
        after,
        batch[batch.length - 1]!.position,
      );
      if (!claimed) throw new CheckpointMoved();
    }
    let changed = false;
    for (const event of batch) {
      if (!handled.has(event.type)) continue;
      await projection.apply(tx, event, tables);
      changed = true;
    }
    // Caches of this read model forget what they hold: other processes when this commits (NOTIFY),
    // this one at once, and stand aside until the commit, so nobody caches what it replaces.
    if (changed && target === 'live') await announce([topic]);
    return changed;
  };
  const retryable = (error: unknown) => error instanceof CheckpointMoved || isTransientDatabaseError(error);
  try {
    await transactionAnnouncing(db, (tx, announce) => applyAll(tx, announce, from, events));
    if (target === 'live') announceProgress();
    return { position: events[events.length - 1]!.position, read: events.length };
  } catch (error) {
    if (retryable(error)) throw error;
    // Find the exact failing event: apply one at a time so the checkpoint stops just before it.
    let position = from;
    for (const event of events) {
      try {
        await transactionAnnouncing(db, (tx, announce) => applyAll(tx, announce, position, [event]));
        position = event.position;
      } catch (error) {
        if (retryable(error)) throw error;
        throw new ProjectionFailure(event, error);
      }
    }
    return { position, read: events.length };
  }
};
