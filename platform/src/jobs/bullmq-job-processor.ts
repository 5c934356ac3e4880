import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from '../logging/logger.js';
import type { JobBinding, JobHandler } from './job-queue.js';
import { JobPayloadError, parseJobPayload } from './job-queue-rules.js';

/** How long a job of a kind this worker does not handle is put aside before it is offered again. */
const UNBOUND_JOB_RETRY_MS = 5_000;

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
  { logger, shutdown, active }: { logger: Logger; shutdown: AbortSignal; active: Set<Promise<unknown>> },
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
      // The value comes from this binding's own schema, so it has the handler's payload type.
      await (binding.handle as JobHandler<unknown>)(payload, { jobId, attempt, signal: abort });
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
