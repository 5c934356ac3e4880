import type { GlobalPosition, SqlExecutor } from '@ai-coaching/platform';
import { hasReached, onChange, readModelTopic } from '@ai-coaching/platform';

const progressListeners = new Set<() => void>();

/** Tells waiters in this process that a checkpoint moved, so they re-check at once instead of at their next poll. */
export const announceProgress = () => {
  for (const listener of progressListeners) listener();
};

/**
 * Resolves after `ms`, or as soon as a projection of this process commits a batch, or (the projections running in
 * another process) the change feed tells of a commit to one of `topics`, the awaited read models.
 */
const progressOrTimeout = (ms: number, db: object, topics: readonly string[]) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      progressListeners.delete(done);
      stopListening();
      resolve();
    };
    const timer = setTimeout(done, ms);
    progressListeners.add(done);
    const stopListening = onChange(db, topics, done);
  });

export type ProjectionWaitResult = { reached: boolean; waitedMs: number };

/**
 * Waits until every named projection (default: all) has reached `target`, checking the checkpoint
 * table whenever a runner of this process commits, and polling for runners elsewhere. Polling the database rather than listening in memory works the same whether the
 * projections run in this process or in another one. A failed projection never reaches the
 * target, so the wait ends at the timeout and the caller answers anyway.
 */
export const waitForProjections = async (
  db: SqlExecutor,
  target: GlobalPosition,
  options: { timeoutMs: number; names?: readonly string[]; signal?: AbortSignal },
): Promise<ProjectionWaitResult> => {
  const started = performance.now();
  const topics = (options.names ?? []).map(readModelTopic);
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
    // Runners in this process announce each commit, those of another process by NOTIFY; the poll is the backstop.
    await progressOrTimeout(Math.min(delay, options.timeoutMs - waitedMs), db, topics);
    delay = Math.min(delay * 2, 50);
  }
};
