import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createLogger, type Logger } from '../logging/logger.js';
import { createJobProcessor } from './bullmq-job-processor.js';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  assertValidEnqueueOptions,
  assertValidRepeatOptions,
  errorMessage,
  indexBindings,
  prepareJobPayload,
  settlesWithin,
} from './job-queue-rules.js';
import {
  retryDelayOf,
  type EnqueueOptions,
  type EnqueueResult,
  type JobDefinition,
  type JobQueue,
  type RepeatOptions,
} from './job-queue.js';

export const DEFAULT_QUEUE_NAME = 'ai-coaching';

/**
 * How long finished jobs stay in Redis. A job id is idempotent only while its key exists (BullMQ
 * re-adds an id once the job is removed), and the port promises at least 24 h, so retention is by
 * age only: a count limit would drop ids earlier under load. Redis then holds about two days of
 * completed jobs (removal happens lazily when later jobs finish); failed ones stay longer so that
 * someone can look at them.
 */
export const COMPLETED_JOB_RETENTION_SECONDS = 48 * 60 * 60;
export const FAILED_JOB_RETENTION_SECONDS = 14 * 24 * 60 * 60;

export type BullmqWorkerOptions = {
  /** Default 30 000 ms; a dead worker's jobs become stalled after this. */
  lockDuration?: number;
  /** Default 30 000 ms; how often this worker looks for stalled jobs. */
  stalledInterval?: number;
  /** Default 1; stalls tolerated before a job fails. */
  maxStalledCount?: number;
};

export type BullmqJobQueueOptions = {
  redisUrl: string;
  /** Redis key prefix; default `bull`. Tests use a unique one per file. */
  prefix?: string;
  queueName?: string;
  logger?: Logger;
  worker?: BullmqWorkerOptions;
  /** How long a job a store outage failed is put aside (5 s); tests shorten it. */
  storeRetryMs?: number;
};

export type BullmqJobQueue = JobQueue & { readonly kind: 'bullmq' };

/** The backoff type of the jobs whose handler chooses each retry's delay (`backoff: 'handler'`). */
const HANDLER_BACKOFF = 'handler';

const backoffDelayOf = (backoff: number | { delay?: number } | undefined): number =>
  typeof backoff === 'number' ? backoff : (backoff?.delay ?? DEFAULT_JOB_BACKOFF_MS);

const retryOptionsOf = (definition: JobDefinition<unknown>) => ({
  attempts: definition.attempts ?? DEFAULT_JOB_ATTEMPTS,
  backoff: {
    type: definition.backoff === 'handler' ? HANDLER_BACKOFF : 'exponential',
    delay: definition.backoffMs ?? DEFAULT_JOB_BACKOFF_MS,
  },
  removeOnComplete: { age: COMPLETED_JOB_RETENTION_SECONDS },
  removeOnFail: { age: FAILED_JOB_RETENTION_SECONDS },
});

/**
 * BullMQ adapter: one Queue (job name = definition id) and, in worker processes, one Worker that
 * dispatches on the job name. Delivery is at least once: a job whose worker dies is retried by
 * another after its lock expires, so handlers must be idempotent.
 */
/** BullMQ's `promote` of a delayed job, answering when it was due (the port's `promote`). */
const promoteJob = async (queue: Queue, jobId: string): Promise<{ dueAt: Date } | undefined> => {
  const job = await queue.getJob(jobId);
  if (!job || !(await job.isDelayed())) return undefined;
  const dueAt = new Date(job.timestamp + job.delay);
  try {
    await job.promote();
  } catch (error) {
    // Its time came (or a worker took it) between the two reads: nothing was waiting any more.
    if (await job.isDelayed()) throw error;
    return undefined;
  }
  return { dueAt };
};

/** Removes a job still waiting or delayed (the port's `cancel`). */
const cancelJob = async (queue: Queue, jobId: string): Promise<boolean> => {
  const job = await queue.getJob(jobId);
  const state = await job?.getState();
  if (state !== 'waiting' && state !== 'delayed' && state !== 'prioritized') return false;
  // 0 when a worker locked it meanwhile: it runs, and its handler finds it no longer applies.
  return (await queue.remove(jobId)) === 1;
};

export const createBullmqJobQueue = (options: BullmqJobQueueOptions): BullmqJobQueue => {
  const logger = options.logger ?? createLogger({ name: 'job-queue' });
  const queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
  const prefix = options.prefix ?? 'bull';

  // Producers fail after a few reconnect attempts instead of hanging a request while Redis is down.
  const client = new Redis(options.redisUrl, { maxRetriesPerRequest: 3 });
  // Passing our own client makes BullMQ treat it as shared: it never closes it, so close() does.
  const queue = new Queue(queueName, { connection: client, prefix });
  queue.on('error', (error) => logger.error({ queue: queueName, error: error.message }, 'job queue error'));

  const shutdown = new AbortController();
  const active = new Set<Promise<unknown>>();
  let worker: Worker | undefined;
  let started = false;
  let closing: Promise<void> | undefined;
  let lastTimestamp = 0;

  const drainActive = async () => {
    while (active.size > 0) await Promise.allSettled([...active]);
  };

  return {
    kind: 'bullmq',

    async enqueue<Payload>(
      definition: JobDefinition<Payload>,
      payload: Payload,
      enqueueOptions: EnqueueOptions = {},
    ): Promise<EnqueueResult> {
      if (closing) throw new Error('job queue is closed');
      assertValidEnqueueOptions(enqueueOptions);
      const { jobId, delayMs } = enqueueOptions;
      const data = prepareJobPayload(definition, payload, jobId);
      const jobOptions = { ...(delayMs ? { delay: delayMs } : {}), ...retryOptionsOf(definition) };
      if (jobId === undefined) {
        const job = await queue.add(definition.id, data, jobOptions);
        if (job.id === undefined) throw new Error(`BullMQ returned no id for job "${definition.id}"`);
        return { jobId: job.id, deduplicated: false };
      }
      // BullMQ answers a duplicate id with the existing id and no flag, so the stored hash is read back:
      // if its timestamp or data are not the ones just sent, an earlier job owns the id. Reading after
      // the add (not checking before) stays right when producers race. Timestamps are made unique per
      // process (+1 ms at most per add in a burst) so that two adds from this process are always told
      // apart; adds from two processes in the same millisecond with identical data are not, and both
      // report a new job.
      const timestamp = (lastTimestamp = Math.max(Date.now(), lastTimestamp + 1));
      await queue.add(definition.id, data, { ...jobOptions, jobId, timestamp });
      const [storedTimestamp, storedData] = await client.hmget(queue.toKey(jobId), 'timestamp', 'data');
      const deduplicated = storedTimestamp !== String(timestamp) || storedData !== JSON.stringify(data);
      return { jobId, deduplicated };
    },

    async repeat<Payload>(definition: JobDefinition<Payload>, payload: Payload, repeatOptions: RepeatOptions) {
      if (closing) throw new Error('job queue is closed');
      assertValidRepeatOptions(repeatOptions);
      const data = prepareJobPayload(definition, payload, repeatOptions.schedulerId);
      // One scheduler per id in Redis: every runtime may register it at start, and each run is enqueued once. With
      // `every`, BullMQ runs the first at once, as the in-process queue does.
      await queue.upsertJobScheduler(
        repeatOptions.schedulerId,
        { every: repeatOptions.everyMs },
        { name: definition.id, data, opts: retryOptionsOf(definition) },
      );
    },

    promote: (jobId) => (closing ? Promise.resolve(undefined) : promoteJob(queue, jobId)),

    cancel: (jobId) => (closing ? Promise.resolve(false) : cancelJob(queue, jobId)),

    async startWorkers(bindings) {
      if (closing) throw new Error('job queue is closed');
      if (started) throw new Error('startWorkers was already called');
      const byId = indexBindings(bindings);
      started = true;
      if (byId.size === 0) return;
      const concurrency = Math.max(...[...byId.values()].map((binding) => binding.concurrency ?? 1));
      const processor = createJobProcessor(byId, {
        logger,
        shutdown: shutdown.signal,
        active,
        ...(options.storeRetryMs === undefined ? {} : { storeRetryMs: options.storeRetryMs }),
      });
      worker = new Worker(queueName, processor, {
        // Workers block on Redis; null keeps their commands waiting across reconnects instead of failing.
        connection: { url: options.redisUrl, maxRetriesPerRequest: null },
        prefix,
        concurrency,
        // Only jobs of the `handler` type come here (BullMQ runs its built-in types itself).
        settings: {
          backoffStrategy: (attemptsMade, _type, error, job) =>
            retryDelayOf({ backoff: 'handler', backoffMs: backoffDelayOf(job?.opts.backoff) }, attemptsMade, error),
        },
        ...options.worker,
      });
      worker.on('error', (error) => logger.error({ queue: queueName, error: error.message }, 'job worker error'));
      worker.on('stalled', (jobId) => logger.warn({ jobId }, 'job stalled; it will run again'));
      worker.on('failed', (job, error) => {
        const fields = { jobId: job?.id, name: job?.name, attempt: job?.attemptsMade, error: error.message };
        // finishedOn is set only when the job moved to the failed set; otherwise a retry is scheduled.
        if (job?.finishedOn === undefined) logger.warn(fields, 'job attempt failed');
        else logger.error(fields, 'job failed permanently');
      });
      await worker.waitUntilReady();
    },

    async ping() {
      await client.ping();
    },

    close({ timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS } = {}) {
      closing ??= (async () => {
        shutdown.abort();
        if (worker) {
          // worker.close() has no timeout, and in BullMQ 6.7 a later close(true) returns the pending
          // close() promise instead of forcing. So: stop fetching, wait for our own handlers up to the
          // timeout, then close, forcing if some are still running (their jobs stall and run elsewhere).
          await worker.pause(true);
          const drained = await settlesWithin(drainActive(), timeoutMs);
          if (!drained) {
            logger.warn(
              { running: active.size, timeoutMs },
              'job handlers still running after the close timeout; their jobs will stall and be retried',
            );
          }
          await worker.close(!drained);
        }
        await queue.close();
        await client.quit().catch((error: unknown) => {
          logger.warn({ error: errorMessage(error) }, 'closing the job queue Redis connection failed');
        });
      })();
      return closing;
    },
  };
};
