import { setMaxListeners } from 'node:events';
import type { EventStore, Logger, SqlDatabase } from '@ai-coaching/platform';
import {
  ensureCheckpoint,
  readStatus,
  readStatuses,
  recordFailure,
  requestResume,
  type ProjectionStatus,
} from './checkpoint-store.js';
import {
  catchUp,
  CheckpointMoved,
  cpuMsSince,
  createBatchSizer,
  ProjectionFailure,
  yieldToEventLoop,
} from './projection-batches.js';
import { rebuildProjection } from './projection-rebuild.js';
import { liveTableNames, type Projection } from './projection.js';

/** After a wake whose read found nothing: looks again after 10, 20, 40… ms, 8 times (2.5 s in all), then polls. */
const WAKE_RECHECK_MS = 10;
const WAKE_RECHECKS = 8;

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
  const rebuildNow = (projection: Projection) =>
    rebuildProjection({ store, db, logger, batchSize, batchBudgetMs, stopped: abort.signal }, projection);

  const byName = (name: string) => {
    const projection = projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection: ${name}`);
    return projection;
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
      const { read } = await catchUp(options, projection, 'live', status.position, sizer.next());
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
    // Reads left to look again soon after a wake found nothing. An appended event shows to the SQL store's readers only
    // once no older transaction in the database can still commit before it: the read a wake starts may come a moment
    // too early, while another transaction is open, and the event would then wait for the poll interval.
    let rechecks = 0;
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
      if (read > 0) {
        rechecks = 0;
        await yieldToEventLoop();
        continue;
      }
      const pause =
        rechecks > 0 ? Math.min(pollIntervalMs, WAKE_RECHECK_MS * 2 ** (WAKE_RECHECKS - rechecks)) : pollIntervalMs;
      rechecks = Math.max(0, rechecks - 1);
      await sleep(pause, [abort.signal, woken]);
      if (woken.aborted) rechecks = WAKE_RECHECKS;
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

export { waitForProjections, type ProjectionWaitResult } from './wait-for-projections.js';
export { readStatus, readStatuses };
