import { setMaxListeners } from 'node:events';
import type {
  EventStore,
  GlobalPosition,
  Logger,
  RecordedEvent,
  SqlDatabase,
  SqlExecutor,
} from '@ai-coaching/platform';
import { transactionAnnouncing, hasReached, isTransientDatabaseError, readModelTopic } from '@ai-coaching/platform';
import {
  advanceCheckpoint,
  ensureCheckpoint,
  readStatus,
  readStatuses,
  recordFailure,
  requestResume,
  type ProjectionStatus,
} from './checkpoint-store.js';
import { liveTableNames, shadowTableNames, type Projection } from './projection.js';

export type ProjectionRunnerOptions = {
  store: EventStore;
  db: SqlDatabase;
  projections: readonly Projection[];
  logger: Logger;
  /** Most events read per transaction. */
  batchSize?: number;
  /**
   * The CPU time one batch (read, apply, commit) should cost; batches are sized to it from the measured cost of
   * an event (see `createBatchSizer`). On PGlite this bounds how long a catch-up or rebuild holds the event loop.
   */
  batchBudgetMs?: number;
  /** Idle poll interval; `wake()` short-cuts it when this process appended. */
  pollIntervalMs?: number;
};

export type ProjectionRunner = {
  start(): Promise<void>;
  /**
   * Signals that events were appended, so idle loops read at once. Pass the projections that
   * handle them: the others catch up at their next poll, many events to one transaction.
   */
  wake(names?: readonly string[]): void;
  /** Replays a projection from the start into shadow tables, then swaps them in. */
  rebuild(name: string): Promise<void>;
  statuses(): Promise<ProjectionStatus[]>;
  stop(): Promise<void>;
};

const sleep = (ms: number, signals: readonly AbortSignal[]) =>
  new Promise<void>((resolve) => {
    // 'abort' fires once: a stop or wake that came while the loop was busy would otherwise be
    // missed, and the loop would sleep the whole interval.
    if (signals.some((signal) => signal.aborted)) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref();
    function done() {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', done);
      resolve();
    }
    for (const signal of signals) signal.addEventListener('abort', done, { once: true });
  });

type RebuildOutcome =
  { kind: 'swapped' } | { kind: 'failed'; failure: NonNullable<ProjectionStatus['failure']> } | { kind: 'interrupted' };

/**
 * PGlite answers without real I/O, so a long catch-up would never let the event loop run and
 * the HTTP server sharing the process would freeze; one turn between batches keeps it serving.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The first batch of a catch-up or rebuild, read before the cost of an event is known. */
const FIRST_BATCH_SIZE = 20;

/** CPU time this process used since `start` (a `process.cpuUsage()` reading), in milliseconds. */
const cpuMsSince = (start: NodeJS.CpuUsage): number => {
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
const createBatchSizer = (maxSize: number, budgetMs: number) => {
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

/**
 * Catch-up projections over `$all`. Each projection has its own checkpoint, committed in the same
 * transaction as its rows, so a crash can neither lose nor double-apply an event. An event that
 * fails stops its projection (recorded in `projection_checkpoints`) instead of being skipped: a
 * skipped ledger event would silently corrupt balances.
 */
export const createProjectionRunner = (options: ProjectionRunnerOptions): ProjectionRunner => {
  const { store, db, projections, logger } = options;
  const batchSize = options.batchSize ?? 500;
  // A request may wait behind one batch, and at most 100 ms (issue 9 §3.3). The budget leaves room for what a
  // batch's CPU reading misses or comes with: a batch costlier than the last, garbage collection, the next timer.
  const batchBudgetMs = options.batchBudgetMs ?? 40;
  const liveSizers = new Map(
    projections.map((projection) => [projection.name, createBatchSizer(batchSize, batchBudgetMs)]),
  );
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const abort = new AbortController();
  // Every projection's loop sleeps on this one signal at once: more than Node's default 10 listeners is no leak.
  setMaxListeners(projections.length + 1, abort.signal);
  const wakeUps = new Map(projections.map((projection) => [projection.name, new AbortController()]));
  const loops: Promise<void>[] = [];
  const busy = new Map<string, Promise<void>>();

  const byName = (name: string) => {
    const projection = projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection: ${name}`);
    return projection;
  };

  /**
   * Applies events after `from` into the live tables (moving the checkpoint in the same
   * transaction) or into the shadow tables of a rebuild; returns the new position and how many
   * events it read.
   */
  const catchUp = async (
    projection: Projection,
    target: 'live' | 'shadow',
    from: GlobalPosition | null,
    maxCount: number,
  ): Promise<{ position: GlobalPosition | null; read: number }> => {
    const events = await store.readAll({ ...(from ? { after: from } : {}), maxCount });
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

  const runOnce = async (projection: Projection): Promise<number> => {
    const status = await readStatus(db, projection.name);
    if (!status) return 0;
    // Failed and stopped projections wait for `requestResume`, whatever else is pending: a
    // rebuild failing on the same event again would otherwise replay the log in a tight loop.
    if (status.status === 'failed' || status.status === 'stopped') return 0;
    // A 'rebuilding' status seen here means a rebuild died with its process: start it again.
    if (status.rebuildRequestedAt || status.version !== projection.version || status.status === 'rebuilding') {
      await rebuildNow(projection);
      return 1;
    }
    try {
      const sizer = liveSizers.get(projection.name)!;
      const cpu = process.cpuUsage();
      const { read } = await catchUp(projection, 'live', status.position, sizer.next());
      sizer.record(read, cpuMsSince(cpu));
      return read;
    } catch (error) {
      if (error instanceof CheckpointMoved) {
        logger.warn(
          { projection: projection.name },
          'projection checkpoint moved under this runner; is another runner active?',
        );
        return 0;
      }
      if (!(error instanceof ProjectionFailure)) throw error;
      const failure = error.describe();
      await recordFailure(db, projection.name, failure);
      logger.error({ projection: projection.name, ...failure }, 'projection stopped on an event it cannot apply');
      return 0;
    }
  };

  const rebuildNow = async (projection: Projection): Promise<RebuildOutcome> => {
    const shadow = shadowTableNames(projection);
    const live = liveTableNames(projection);
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
    const sizer = createBatchSizer(batchSize, batchBudgetMs);
    try {
      for (;;) {
        // Left 'rebuilding': the next start replays again from the start, so stop() need not
        // wait for a long replay.
        if (abort.signal.aborted) return { kind: 'interrupted' };
        const requested = sizer.next();
        const cpu = process.cpuUsage();
        const result = await catchUp(projection, 'shadow', position, requested);
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
      logger.error(
        { projection: projection.name, ...failure },
        'projection rebuild stopped on an event it cannot apply',
      );
      return { kind: 'failed', failure };
    }
    // Swap: the live tables are replaced in one transaction, with the checkpoint the shadow reached.
    await transactionAnnouncing(db, async (tx, announce) => {
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
    const seconds = (performance.now() - started) / 1000;
    logger.info(
      { projection: projection.name, events: total, seconds: Number(seconds.toFixed(3)) },
      'projection rebuild finished',
    );
    return { kind: 'swapped' };
  };

  /** Serialises work on one projection: the loop, a rebuild and a direct call never overlap. */
  const exclusive = <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const previous = busy.get(name) ?? Promise.resolve();
    const next = previous.then(work, work);
    busy.set(
      name,
      next.then(
        () => undefined,
        () => undefined,
      ),
    );
    return next;
  };

  const loop = async (projection: Projection) => {
    while (!abort.signal.aborted) {
      // Taken before the work: a wake() that arrives while it runs (after its read found
      // nothing) must cut the following sleep short, not be lost with a replaced controller.
      const woken = wakeUps.get(projection.name)!.signal;
      let read: number;
      try {
        read = await exclusive(projection.name, () => runOnce(projection));
      } catch (error) {
        // Store unreachable and the like: back off and try again; nothing was committed.
        logger.warn({ projection: projection.name, err: error }, 'projection loop error, retrying');
        await sleep(1000, [abort.signal]);
        continue;
      }
      if (read === 0) await sleep(pollIntervalMs, [abort.signal, woken]);
      else await yieldToEventLoop();
    }
  };

  return {
    async start() {
      for (const projection of projections) {
        await ensureCheckpoint(db, projection.name, projection.version);
        const status = (await readStatus(db, projection.name))!;
        // Tables of another version are about to be replaced by a rebuild; running this version's
        // setup on them could fail (an index on a column they do not have yet).
        if (status.version === projection.version) {
          await db.transaction((tx) => projection.setup(tx, liveTableNames(projection)));
        }
        // Another version is the deployed fix a failed projection waits for: give it one rebuild
        // per start (it stays failed if that rebuild fails too, instead of retrying in a loop).
        if (status.status === 'failed' && status.version !== projection.version) {
          await requestResume(db, projection.name);
        }
      }
      for (const projection of projections) loops.push(loop(projection));
    },
    wake(names) {
      for (const name of names ?? wakeUps.keys()) {
        const current = wakeUps.get(name);
        if (!current) continue;
        wakeUps.set(name, new AbortController());
        current.abort();
      }
    },
    async rebuild(name) {
      const projection = byName(name);
      const outcome = await exclusive(name, () => rebuildNow(projection));
      // The caller asked for a swap: say so when none happened, rather than resolve as if it had.
      if (outcome.kind === 'failed') {
        const { eventType, eventId, message } = outcome.failure;
        throw new Error(`Rebuild of ${name} stopped on ${eventType} ${eventId}: ${message}`);
      }
      if (outcome.kind === 'interrupted') throw new Error(`Rebuild of ${name} was interrupted by stop()`);
    },
    statuses: () => readStatuses(db),
    async stop() {
      abort.abort();
      await Promise.all(loops);
      await Promise.all(busy.values());
    },
  };
};

/** Another runner moved the checkpoint (or changed the status) since this one read it. */
class CheckpointMoved extends Error {
  constructor() {
    super('The projection checkpoint moved under this runner');
  }
}

class ProjectionFailure extends Error {
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

export type ProjectionWaitResult = { reached: boolean; waitedMs: number };

/**
 * Waits until every named projection (default: all) has reached `target`, checking the checkpoint
 * table whenever a runner of this process commits, and polling for runners elsewhere. Polling the database rather than listening in memory works the same whether the
 * projections run in this process or in another one. A failed projection never reaches the
 * target, so the wait ends at the timeout and the caller answers anyway.
 */
const progressListeners = new Set<() => void>();

/** Tells waiters in this process that a checkpoint moved, so they re-check at once instead of at their next poll. */
const announceProgress = () => {
  for (const listener of progressListeners) listener();
};

/** Resolves after `ms`, or as soon as a projection of this process commits a batch. */
const progressOrTimeout = (ms: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      progressListeners.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    progressListeners.add(done);
  });

export const waitForProjections = async (
  db: SqlExecutor,
  target: GlobalPosition,
  options: { timeoutMs: number; names?: readonly string[]; signal?: AbortSignal },
): Promise<ProjectionWaitResult> => {
  const started = performance.now();
  let delay = 5;
  for (;;) {
    const { rows } = await db.query<{ name: string; position: string | null }>(
      options.names
        ? 'SELECT name, position FROM projection_checkpoints WHERE name = ANY($1)'
        : 'SELECT name, position FROM projection_checkpoints',
      options.names ? [options.names] : [],
    );
    const waitedMs = performance.now() - started;
    const reached = (row: { position: string | null } | undefined) =>
      row !== undefined && hasReached((row.position ?? undefined) as GlobalPosition | undefined, target);
    // A named projection without a row (a typo, or a runner that has not started yet) has
    // reached nothing; `every` over the rows alone would call it caught up.
    const caughtUp = options.names
      ? options.names.every((name) => reached(rows.find((row) => row.name === name)))
      : rows.every(reached);
    if (caughtUp) return { reached: true, waitedMs };
    if (waitedMs >= options.timeoutMs || options.signal?.aborted) return { reached: false, waitedMs };
    // Runners in this process announce each commit; the poll covers runners in other processes.
    await progressOrTimeout(Math.min(delay, options.timeoutMs - waitedMs));
    delay = Math.min(delay * 2, 50);
  }
};

export { readStatus, readStatuses };
