import type { GlobalPosition, SqlExecutor } from '@ai-coaching/platform';
import { hasReached, onChange, readModelTopic } from '@ai-coaching/platform';

const progressListeners = new Set<() => void>();

/** Tells waiters in this process that a checkpoint moved, so they re-check at once instead of at their next poll. */
export const announceProgress = () => {
  for (const listener of progressListeners) listener();
};

export type ProjectionWaitResult = { reached: boolean; waitedMs: number };

type Checkpoint = { name: string; position: string | null };

type Waiter = {
  target: GlobalPosition;
  names: readonly string[] | undefined;
  settle: (reached: boolean) => void;
};

/**
 * How often the waiters of one process look at the checkpoints when nothing told them of a commit: the backstop for a
 * notification lost (the listening connection reconnecting). Commits are announced (this process's runners) or
 * notified (another process's), so a wait rarely lasts until the poll.
 */
const BACKSTOP_POLL_MS = 50;

const reachedBy = (rows: readonly Checkpoint[], waiter: Waiter): boolean => {
  const reached = (row: Checkpoint | undefined) =>
    row !== undefined && hasReached((row.position ?? undefined) as GlobalPosition | undefined, waiter.target);
  // A named projection without a row (a typo, or a runner that has not started yet) has reached nothing; `every` over
  // the rows alone would call it caught up.
  return waiter.names
    ? waiter.names.every((name) => reached(rows.find((row) => row.name === name)))
    : rows.every(reached);
};

/**
 * The waiters of one database handle share one reading of the checkpoint table at a time. Under load hundreds of
 * commands wait at once, and each commit of a read model woke every one of them into its own query (110 checkpoint
 * reads a text turn in the system bench, docs/performance.md "System"); now a commit costs one read for all of them,
 * and a read asked for while one runs is made once when it ends.
 */
const createCheckpointWatch = (db: SqlExecutor) => {
  const waiters = new Set<Waiter>();
  let reading = false;
  let again = false;
  let poll: ReturnType<typeof setTimeout> | undefined;

  const schedulePoll = () => {
    if (poll === undefined && waiters.size > 0) {
      poll = setTimeout(() => {
        poll = undefined;
        check();
      }, BACKSTOP_POLL_MS);
    }
  };

  const check = (): void => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    void (async () => {
      try {
        do {
          again = false;
          const { rows } = await db.query<Checkpoint>('SELECT name, position FROM projection_checkpoints');
          for (const waiter of waiters) if (reachedBy(rows, waiter)) waiter.settle(true);
        } while (again && waiters.size > 0);
      } catch {
        // The database failed this read (an outage, a restart): the command the caller waits after is stored all
        // the same, so its wait goes on, read again by the poll, until it reaches or times out.
      } finally {
        reading = false;
        schedulePoll();
      }
    })();
  };

  return {
    check,
    add(waiter: Waiter) {
      waiters.add(waiter);
      progressListeners.add(check);
      check();
    },
    remove(waiter: Waiter) {
      waiters.delete(waiter);
      if (waiters.size > 0) return;
      progressListeners.delete(check);
      clearTimeout(poll);
      poll = undefined;
    },
  };
};

const watches = new WeakMap<object, ReturnType<typeof createCheckpointWatch>>();

const watchOf = (db: SqlExecutor) => {
  let watch = watches.get(db);
  if (!watch) {
    watch = createCheckpointWatch(db);
    watches.set(db, watch);
  }
  return watch;
};

/**
 * Waits until every named projection (default: all) has reached `target`. The checkpoint table is read when a runner
 * of this process commits a batch, when the change feed tells of a commit to one of the awaited read models by a
 * runner in another process, and every 50 ms as a backstop; the reads are shared by every wait of the process.
 * Reading the database rather than listening in memory works the same whether the projections run in this process or
 * in another one. A failed projection never reaches the target, so the wait ends at the timeout and the caller answers
 * anyway; so does a wait whose reads the database keeps failing.
 */
export const waitForProjections = (
  db: SqlExecutor,
  target: GlobalPosition,
  options: { timeoutMs: number; names?: readonly string[]; signal?: AbortSignal },
): Promise<ProjectionWaitResult> => {
  const started = performance.now();
  const watch = watchOf(db);
  return new Promise<ProjectionWaitResult>((resolve) => {
    const waiter: Waiter = {
      target,
      names: options.names,
      settle: (reached) => {
        clearTimeout(timer);
        watch.remove(waiter);
        stopListening();
        options.signal?.removeEventListener('abort', abort);
        resolve({ reached, waitedMs: performance.now() - started });
      },
    };
    const abort = () => waiter.settle(false);
    // A timer may fire a fraction of a millisecond before the monotonic clock says its time is up: the wait lasts
    // its whole timeout.
    const expire = () => {
      const left = options.timeoutMs - (performance.now() - started);
      if (left > 0) timer = setTimeout(expire, Math.ceil(left));
      else abort();
    };
    let timer = setTimeout(expire, options.timeoutMs);
    const stopListening = onChange(db, (options.names ?? []).map(readModelTopic), watch.check);
    options.signal?.addEventListener('abort', abort, { once: true });
    if (options.signal?.aborted) abort();
    else watch.add(waiter);
  });
};
