import type { Logger } from '../logging/logger.js';
import type { JobDefinition } from './job-queue.js';
import { errorMessage } from './job-queue-rules.js';

export type FailedJob = {
  jobId: string;
  name: string;
  attempts: number;
  error: string;
  failedAt: number;
};

/** A job of the in-process queue, from its enqueue until it completes or fails for good. */
export type Entry = {
  jobId: string;
  definition: JobDefinition<unknown>;
  /** The JSON copy stored at enqueue; parsed again before each try, as a BullMQ worker does. */
  data: unknown;
  /** Number of the next (or current) try; 1 on the first. */
  attempt: number;
  running: boolean;
  timer?: NodeJS.Timeout;
  /** When a delayed or backing-off entry is due (`now()` time), for `promote`. */
  dueAt?: number;
};

/**
 * What the in-process queue knows of its jobs: those not finished yet, the ids of finished ones (for deduplication,
 * the oldest forgotten past `finishedIdLimit`), the failed ones, and who waits for it to be idle.
 */
export const createJobRecords = ({
  logger,
  now,
  finishedIdLimit,
}: {
  logger: Logger;
  now: () => number;
  finishedIdLimit: number;
}) => {
  /** Every job not finished yet: waiting, delayed, backing off or running. */
  const live = new Map<string, Entry>();
  /** Insertion order is finishing order, so the first key is the oldest to forget. */
  const finished = new Map<string, 'completed' | 'failed'>();
  const failed: FailedJob[] = [];
  const idleWaiters: (() => void)[] = [];

  const notifyIfIdle = () => {
    if (live.size > 0) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const remember = (jobId: string, state: 'completed' | 'failed') => {
    live.delete(jobId);
    finished.set(jobId, state);
    if (finished.size > finishedIdLimit) {
      const oldest = finished.keys().next().value;
      if (oldest !== undefined) finished.delete(oldest);
    }
  };

  const recordFailure = (entry: Entry, error: unknown) => {
    remember(entry.jobId, 'failed');
    failed.push({
      jobId: entry.jobId,
      name: entry.definition.id,
      attempts: entry.attempt,
      error: errorMessage(error),
      failedAt: now(),
    });
    if (failed.length > finishedIdLimit) failed.shift();
    logger.error(
      { jobId: entry.jobId, name: entry.definition.id, attempt: entry.attempt, error: errorMessage(error) },
      'job failed permanently',
    );
  };

  return {
    live,
    /** Whether the id belongs to a job not finished yet or remembered as finished. */
    knows: (jobId: string) => live.has(jobId) || finished.has(jobId),
    notifyIfIdle,
    remember,
    recordFailure,
    idle() {
      if (live.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    failedJobs: () => [...failed],
  };
};

export type JobRecords = ReturnType<typeof createJobRecords>;
