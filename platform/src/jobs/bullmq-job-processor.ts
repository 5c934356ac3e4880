import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '../logging/logger.js';
import { isStoreUnavailableError } from '../sql/sql-database.js';
import type { JobBinding, JobHandler } from './job-queue.js';
import { errorMessage, JobPayloadError, parseJobPayload } from './job-queue-rules.js';

/** How long a job of a kind this worker does not handle is put aside before it is offered again. */
const UNBOUND_JOB_RETRY_MS = 5_000;
/**
 * A job that failed because a store could not be reached (PostgreSQL restarting or failing over) is put aside for this
 * long, without spending an attempt, for as long as `STORE_OUTAGE_PATIENCE_MS` after it was enqueued: the failure says
 * nothing about the job, and its attempts, a few seconds apart, would all be spent within one outage (the system
 * bench's 15 s PostgreSQL outage failed analyses permanently, and their reports stayed pending).
 */
const STORE_UNAVAILABLE_RETRY_MS = 5_000;
const STORE_OUTAGE_PATIENCE_MS = 30 * 60_000;

/** Per-kind concurrency inside the one shared Worker, which itself runs up to the largest limit. */
const createLimiter = (limit: number) => {
  let active = 0;
  const waiters: (() => void)[] = [];
  return {
    async acquire(): Promise<void> {
      if (active < limit) {
        active += 1;
        return;
      }
      // The releasing job hands its slot over directly, so `active` stays unchanged.
      await new Promise<void>((resolve) => waiters.push(resolve));
    },
    release(): void {
      const next = waiters.shift();
      if (next) next();
      else active -= 1;
    },
  };
};

const putAside = async (job: Job, token: string | undefined, delayMs: number): Promise<never> => {
  await job.moveToDelayed(Date.now() + delayMs, token);
  // Tells the worker the job was moved on purpose: no attempt is counted.
  throw new DelayedError();
};

/**
 * The one Worker's processor: dispatches a job to the handler bound to its name, within its kind's concurrency, and
 * keeps each run in `active` until it settles (so that close can wait for them).
 */
export const createJobProcessor = (
  bindings: Map<string, JobBinding>,
  {
    logger,
    shutdown,
    active,
    storeRetryMs = STORE_UNAVAILABLE_RETRY_MS,
  }: { logger: Logger; shutdown: AbortSignal; active: Set<Promise<unknown>>; storeRetryMs?: number },
) => {
  const limiters = new Map([...bindings].map(([id, binding]) => [id, createLimiter(binding.concurrency ?? 1)]));

  const run = async (job: Job, token: string | undefined, signal: AbortSignal | undefined) => {
    const jobId = job.id ?? '';
    const binding = bindings.get(job.name);
    const limiter = limiters.get(job.name);
    if (!binding || !limiter) {
      // Another process may handle this kind (e.g. a newer release during a rolling deploy).
      logger.warn({ jobId, name: job.name }, 'no handler bound for this job kind in this worker; putting it aside');
      return putAside(job, token, UNBOUND_JOB_RETRY_MS);
    }
    let payload: unknown;
    try {
      payload = parseJobPayload(binding.definition, job.data, jobId);
    } catch (error) {
      if (error instanceof JobPayloadError) throw new UnrecoverableError(error.message);
      throw error;
    }
    await limiter.acquire();
    try {
      // Shutting down while this job waited for its kind's slot: hand it back untouched.
      if (shutdown.aborted) return await putAside(job, token, 0);
      const attempt = job.attemptsMade + 1;
      const abort = signal ? AbortSignal.any([shutdown, signal]) : shutdown;
      try {
        // The value comes from this binding's own schema, so it has the handler's payload type.
        await (binding.handle as JobHandler<unknown>)(payload, { jobId, attempt, signal: abort });
      } catch (error) {
        if (!isStoreUnavailableError(error) || Date.now() - job.timestamp > STORE_OUTAGE_PATIENCE_MS) throw error;
        logger.warn({ jobId, name: job.name, error: errorMessage(error) }, 'a store is unavailable; job put aside');
        return await putAside(job, token, storeRetryMs);
      }
    } finally {
      limiter.release();
    }
  };

  return (job: Job, token?: string, signal?: AbortSignal): Promise<void> => {
    const task = run(job, token, signal);
    active.add(task);
    return task.finally(() => active.delete(task));
  };
};
