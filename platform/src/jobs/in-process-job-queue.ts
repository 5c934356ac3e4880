import { randomUUID } from 'node:crypto';
import { createLogger, type Logger } from '../logging/logger.js';
import { createJobRecords, type Entry, type FailedJob, type JobRecords } from './in-process-job-records.js';
import {
  retryDelayOf,
  type EnqueueOptions,
  type EnqueueResult,
  type JobBinding,
  type JobDefinition,
  type JobHandler,
  type JobQueue,
  type RepeatOptions,
} from './job-queue.js';
import {
  DEFAULT_CLOSE_TIMEOUT_MS,
  DEFAULT_JOB_ATTEMPTS,
  DEFAULT_JOB_BACKOFF_MS,
  assertValidEnqueueOptions,
  assertValidRepeatOptions,
  errorMessage,
  indexBindings,
  parseJobPayload,
  prepareJobPayload,
  settlesWithin,
} from './job-queue-rules.js';

export type { FailedJob };

export type InProcessJobQueueOptions = {
  logger?: Logger;
  now?: () => number;
  /** Finished (completed or failed) job ids remembered for deduplication; default 10 000. */
  finishedIdLimit?: number;
};

export type InProcessJobQueue = JobQueue & {
  readonly kind: 'in-process';
  /**
   * Resolves once no job is waiting, delayed, backing off or running. Jobs of a kind that is not
   * bound yet count as waiting, so this only resolves after their handler ran.
   */
  idle(): Promise<void>;
  /** Jobs that exhausted their attempts, most recent last (bounded like the finished ids). */
  failedJobs(): readonly FailedJob[];
};

type Lane = { binding?: JobBinding; ready: Entry[]; running: number };

type Attempt = {
  records: JobRecords;
  logger: Logger;
  signal: AbortSignal;
  closing: () => boolean;
  /** Runs the entry again after `delayMs`. */
  retry: (entry: Entry, delayMs: number) => void;
};

/** One try of a job: done, retried with exponential backoff, or failed for good (a payload that does not parse, at once). */
const runAttempt = async (
  { records, logger, signal, closing, retry }: Attempt,
  binding: JobBinding,
  entry: Entry,
): Promise<void> => {
  const { jobId, definition, attempt } = entry;
  let payload: unknown;
  try {
    payload = parseJobPayload(binding.definition, entry.data, jobId);
  } catch (error) {
    // Retrying cannot fix a payload, so it fails at once (BullMQ: UnrecoverableError).
    records.recordFailure(entry, error);
    return;
  }
  try {
    // The value comes from this binding's own schema, so it has the handler's payload type.
    await (binding.handle as JobHandler<unknown>)(payload, { jobId, attempt, signal });
    records.remember(jobId, 'completed');
  } catch (error) {
    if (closing()) {
      records.live.delete(jobId);
      logger.warn(
        { jobId, name: definition.id, attempt, error: errorMessage(error) },
        'job failed during shutdown; the in-process queue drops it',
      );
      return;
    }
    const attempts = definition.attempts ?? DEFAULT_JOB_ATTEMPTS;
    if (attempt >= attempts) {
      records.recordFailure(entry, error);
      return;
    }
    const retryInMs = retryDelayOf({ backoffMs: DEFAULT_JOB_BACKOFF_MS, ...definition }, attempt, error);
    logger.warn({ jobId, name: definition.id, attempt, retryInMs, error: errorMessage(error) }, 'job attempt failed');
    entry.attempt += 1;
    retry(entry, retryInMs);
  }
};

/** The schedules of `repeat`: each enqueues its job at once and then every `everyMs`, until the queue closes. */
const createRepeaters = ({
  logger,
  closing,
  enqueue,
}: {
  logger: Logger;
  closing: () => boolean;
  enqueue: JobQueue['enqueue'];
}) => {
  const repeaters = new Map<string, NodeJS.Timeout>();
  return {
    async repeat<Payload>(definition: JobDefinition<Payload>, payload: Payload, repeatOptions: RepeatOptions) {
      if (closing()) throw new Error('job queue is closed');
      assertValidRepeatOptions(repeatOptions);
      prepareJobPayload(definition, payload, repeatOptions.schedulerId);
      clearInterval(repeaters.get(repeatOptions.schedulerId));
      const runNow = () => {
        if (closing()) return;
        enqueue(definition, payload).catch((error: unknown) =>
          logger.error({ name: definition.id, error: errorMessage(error) }, 'could not enqueue a repeated job'),
        );
      };
      const timer = setInterval(runNow, repeatOptions.everyMs);
      // Nothing survives this process anyway; a schedule must not keep it alive.
      timer.unref();
      repeaters.set(repeatOptions.schedulerId, timer);
      runNow();
    },
    clear() {
      for (const timer of repeaters.values()) clearInterval(timer);
      repeaters.clear();
    },
  };
};

// Node runs a longer timeout at once (TimeoutOverflowWarning): a delay of weeks waits in steps of this.
const LONGEST_TIMER_MS = 2 ** 31 - 1;

/** Calls `onDue` with the entry once `delayMs` has passed, however long. */
const armTimer = (entry: Entry, delayMs: number, onDue: (entry: Entry) => void) => {
  const step = Math.min(delayMs, LONGEST_TIMER_MS);
  entry.timer = setTimeout(() => (delayMs > step ? armTimer(entry, delayMs - step, onDue) : onDue(entry)), step);
  // A pending delay must not keep a finished process alive; BullMQ would keep it in Redis.
  entry.timer.unref();
};

/** Forgets every job not running (at close): answers their ids. */
const dropWaiting = (live: Map<string, Entry>, lanes: Map<string, Lane>): string[] => {
  const dropped: string[] = [];
  for (const entry of live.values()) {
    if (entry.running) continue;
    clearTimeout(entry.timer);
    live.delete(entry.jobId);
    dropped.push(entry.jobId);
  }
  for (const lane of lanes.values()) lane.ready = [];
  return dropped;
};

/**
 * The embedded job queue: no Redis, nothing survives the process. It mirrors the BullMQ adapter's
 * observable behaviour (validation, idempotent ids, delays, retries with exponential backoff, a failed
 * state) so that code and tests written against it behave the same when Redis is configured.
 */
export const createInProcessJobQueue = (options: InProcessJobQueueOptions = {}): InProcessJobQueue => {
  const logger = options.logger ?? createLogger({ name: 'job-queue' });
  const now = options.now ?? Date.now;
  const finishedIdLimit = options.finishedIdLimit ?? 10_000;

  const records = createJobRecords({ logger, now, finishedIdLimit });
  const { live, notifyIfIdle } = records;
  const lanes = new Map<string, Lane>();
  const runningTasks = new Set<Promise<void>>();
  const shutdown = new AbortController();
  let started = false;
  let closing: Promise<void> | undefined;

  const laneOf = (id: string): Lane => {
    let lane = lanes.get(id);
    if (!lane) {
      lane = { ready: [], running: 0 };
      lanes.set(id, lane);
    }
    return lane;
  };

  // Deferred to a microtask so that enqueue() returns before a handler starts, as with Redis.
  const pumpSoon = (lane: Lane) => queueMicrotask(() => pump(lane));

  const pump = (lane: Lane) => {
    const binding = lane.binding;
    if (!binding) return;
    while (!closing && lane.running < (binding.concurrency ?? 1)) {
      const entry = lane.ready.shift();
      if (!entry) return;
      lane.running += 1;
      entry.running = true;
      const task: Promise<void> = runOnce(binding, entry).finally(() => {
        lane.running -= 1;
        entry.running = false;
        runningTasks.delete(task);
        pump(lane);
        notifyIfIdle();
      });
      runningTasks.add(task);
    }
  };

  const makeReady = (entry: Entry) => {
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.dueAt = undefined;
    const lane = laneOf(entry.definition.id);
    lane.ready.push(entry);
    pumpSoon(lane);
  };

  const schedule = (entry: Entry, delayMs: number) => {
    if (delayMs <= 0) {
      makeReady(entry);
      return;
    }
    entry.dueAt = now() + delayMs;
    armTimer(entry, delayMs, makeReady);
  };

  const runOnce = (binding: JobBinding, entry: Entry) =>
    runAttempt({ records, logger, signal: shutdown.signal, closing: () => !!closing, retry: schedule }, binding, entry);

  const enqueue = async <Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    enqueueOptions: EnqueueOptions = {},
  ): Promise<EnqueueResult> => {
    if (closing) throw new Error('job queue is closed');
    assertValidEnqueueOptions(enqueueOptions);
    const data = prepareJobPayload(definition, payload, enqueueOptions.jobId);
    const jobId = enqueueOptions.jobId ?? randomUUID();
    if (records.knows(jobId)) return { jobId, deduplicated: true };
    const entry: Entry = { jobId, definition, data, attempt: 1, running: false };
    live.set(jobId, entry);
    schedule(entry, enqueueOptions.delayMs ?? 0);
    return { jobId, deduplicated: false };
  };

  const repeaters = createRepeaters({ logger, closing: () => !!closing, enqueue });

  return {
    kind: 'in-process',

    enqueue,

    repeat: repeaters.repeat,

    async promote(jobId) {
      const entry = live.get(jobId);
      if (closing || entry?.timer === undefined || entry.dueAt === undefined) return undefined;
      const dueAt = new Date(entry.dueAt);
      makeReady(entry);
      return { dueAt };
    },

    async cancel(jobId) {
      const entry = live.get(jobId);
      if (closing || !entry || entry.running) return false;
      clearTimeout(entry.timer);
      const lane = laneOf(entry.definition.id);
      lane.ready = lane.ready.filter((waiting) => waiting !== entry);
      live.delete(jobId);
      notifyIfIdle();
      return true;
    },

    async startWorkers(bindings) {
      if (closing) throw new Error('job queue is closed');
      if (started) throw new Error('startWorkers was already called');
      const byId = indexBindings(bindings);
      started = true;
      for (const [id, binding] of byId) {
        const lane = laneOf(id);
        lane.binding = binding;
        pumpSoon(lane);
      }
    },

    async ping() {
      if (closing) throw new Error('job queue is closed');
    },

    close({ timeoutMs = DEFAULT_CLOSE_TIMEOUT_MS } = {}) {
      closing ??= (async () => {
        shutdown.abort();
        repeaters.clear();
        const dropped = dropWaiting(live, lanes);
        if (dropped.length > 0) {
          logger.warn(
            { count: dropped.length, jobIds: dropped.slice(0, 20) },
            'in-process job queue closed before these jobs ran; they are lost',
          );
        }
        notifyIfIdle();
        const drained = await settlesWithin(Promise.allSettled([...runningTasks]), timeoutMs);
        if (!drained) {
          logger.warn({ running: runningTasks.size, timeoutMs }, 'job handlers still running after the close timeout');
        }
      })();
      return closing;
    },

    idle: records.idle,

    failedJobs: records.failedJobs,
  };
};
