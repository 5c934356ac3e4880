import { randomUUID } from 'node:crypto';
import { createLogger, type Logger } from '../logging/logger.js';
import type {
  EnqueueOptions,
  EnqueueResult,
  JobBinding,
  JobDefinition,
  JobHandler,
  JobQueue,
  RepeatOptions,
} from './job-queue.js';

export const DEFAULT_JOB_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF_MS = 1000;
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

/** Thrown by `enqueue` (and recorded by workers) when a payload does not fit its definition's schema. */
export class JobPayloadError extends Error {
  override readonly name = 'JobPayloadError';

  constructor(
    readonly definitionId: string,
    readonly jobId: string | undefined,
    /** `path: message` per zod issue; zod's default messages name types, not values. */
    readonly issues: readonly string[],
    reason = 'does not match its schema',
  ) {
    super(
      `Payload of job "${definitionId}"${jobId === undefined ? '' : ` (jobId "${jobId}")`} ${reason}: ${issues.join('; ')}`,
    );
  }
}

/** Parses stored job data with the definition's schema; the result is what handlers receive. */
export const parseJobPayload = <Payload>(
  definition: JobDefinition<Payload>,
  data: unknown,
  jobId: string | undefined,
  reason?: string,
): Payload => {
  const result = definition.schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues.map(
    (issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`,
  );
  throw new JobPayloadError(definition.id, jobId, issues, reason);
};

/**
 * Validates a payload and returns the JSON copy that is stored. Redis keeps only JSON, so a payload
 * that the schema accepts but that does not survive the round trip (a Date, a Map) is refused here,
 * at the producer, rather than failing later in a worker. The in-process queue stores the same copy
 * so that tests using it catch the same mistakes.
 */
export const prepareJobPayload = <Payload>(
  definition: JobDefinition<Payload>,
  payload: Payload,
  jobId: string | undefined,
): unknown => {
  parseJobPayload(definition, payload, jobId);
  let json: string | undefined;
  try {
    json = JSON.stringify(payload);
  } catch (error) {
    throw new JobPayloadError(definition.id, jobId, [errorMessage(error)], 'is not JSON-serialisable');
  }
  const data: unknown = json === undefined ? null : JSON.parse(json);
  parseJobPayload(definition, data, jobId, 'does not survive JSON serialisation');
  return data;
};

/** BullMQ's rules for custom ids, applied to both queues so code tested in-process also works on Redis. */
export const assertValidEnqueueOptions = (options: EnqueueOptions): void => {
  const { jobId, delayMs } = options;
  if (jobId !== undefined) {
    if (jobId === '') throw new Error('jobId must not be empty');
    if (jobId.includes(':')) throw new Error(`jobId "${jobId}" must not contain ':'`);
    // The same test BullMQ applies: ids it could generate itself are refused.
    if (`${Number.parseInt(jobId, 10)}` === jobId) throw new Error(`jobId "${jobId}" must not be an integer string`);
  }
  if (delayMs !== undefined && !(Number.isFinite(delayMs) && delayMs >= 0)) {
    throw new Error(`delayMs must be a finite number >= 0, got ${delayMs}`);
  }
};

export const assertValidRepeatOptions = (options: RepeatOptions): void => {
  assertValidEnqueueOptions({ jobId: options.schedulerId });
  if (!(Number.isInteger(options.everyMs) && options.everyMs >= 1000)) {
    throw new Error(`everyMs must be a whole number of milliseconds >= 1000, got ${options.everyMs}`);
  }
};

/** One binding per definition id, each with a positive integer concurrency. */
export const indexBindings = (bindings: readonly JobBinding[]): Map<string, JobBinding> => {
  const byId = new Map<string, JobBinding>();
  for (const binding of bindings) {
    const { id } = binding.definition;
    if (byId.has(id)) throw new Error(`job "${id}" is bound twice`);
    const concurrency = binding.concurrency ?? 1;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new Error(`concurrency of job "${id}" must be a positive integer, got ${concurrency}`);
    }
    byId.set(id, binding);
  }
  return byId;
};

export const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Resolves true when `promise` settles within `timeoutMs`, false otherwise; never rejects. */
export const settlesWithin = (promise: Promise<unknown>, timeoutMs: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  const settled = promise.then(
    () => true,
    () => true,
  );
  return Promise.race([settled, timeout]).finally(() => clearTimeout(timer));
};

export type InProcessJobQueueOptions = {
  logger?: Logger;
  now?: () => number;
  /** Finished (completed or failed) job ids remembered for deduplication; default 10 000. */
  finishedIdLimit?: number;
};

export type FailedJob = {
  jobId: string;
  name: string;
  attempts: number;
  error: string;
  failedAt: number;
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

type Entry = {
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

type Lane = { binding?: JobBinding; ready: Entry[]; running: number };

/**
 * The embedded job queue: no Redis, nothing survives the process. It mirrors the BullMQ adapter's
 * observable behaviour (validation, idempotent ids, delays, retries with exponential backoff, a failed
 * state) so that code and tests written against it behave the same when Redis is configured.
 */
export const createInProcessJobQueue = (options: InProcessJobQueueOptions = {}): InProcessJobQueue => {
  const logger = options.logger ?? createLogger({ name: 'job-queue' });
  const now = options.now ?? Date.now;
  const finishedIdLimit = options.finishedIdLimit ?? 10_000;

  const lanes = new Map<string, Lane>();
  /** Every job not finished yet: waiting, delayed, backing off or running. */
  const live = new Map<string, Entry>();
  /** Insertion order is finishing order, so the first key is the oldest to forget. */
  const finished = new Map<string, 'completed' | 'failed'>();
  const failed: FailedJob[] = [];
  const runningTasks = new Set<Promise<void>>();
  const idleWaiters: (() => void)[] = [];
  const shutdown = new AbortController();
  let started = false;
  let closing: Promise<void> | undefined;
  const repeaters = new Map<string, NodeJS.Timeout>();

  const laneOf = (id: string): Lane => {
    let lane = lanes.get(id);
    if (!lane) {
      lane = { ready: [], running: 0 };
      lanes.set(id, lane);
    }
    return lane;
  };

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
    entry.timer = setTimeout(() => makeReady(entry), delayMs);
    // A pending delay must not keep a finished process alive; BullMQ would keep it in Redis.
    entry.timer.unref();
  };

  const runOnce = async (binding: JobBinding, entry: Entry): Promise<void> => {
    const { jobId, definition, attempt } = entry;
    let payload: unknown;
    try {
      payload = parseJobPayload(binding.definition, entry.data, jobId);
    } catch (error) {
      // Retrying cannot fix a payload, so it fails at once (BullMQ: UnrecoverableError).
      recordFailure(entry, error);
      return;
    }
    try {
      // The value comes from this binding's own schema, so it has the handler's payload type.
      await (binding.handle as JobHandler<unknown>)(payload, { jobId, attempt, signal: shutdown.signal });
      remember(jobId, 'completed');
    } catch (error) {
      if (closing) {
        live.delete(jobId);
        logger.warn(
          { jobId, name: definition.id, attempt, error: errorMessage(error) },
          'job failed during shutdown; the in-process queue drops it',
        );
        return;
      }
      const attempts = definition.attempts ?? DEFAULT_JOB_ATTEMPTS;
      if (attempt >= attempts) {
        recordFailure(entry, error);
        return;
      }
      const retryInMs = (definition.backoffMs ?? DEFAULT_JOB_BACKOFF_MS) * 2 ** (attempt - 1);
      logger.warn({ jobId, name: definition.id, attempt, retryInMs, error: errorMessage(error) }, 'job attempt failed');
      entry.attempt += 1;
      schedule(entry, retryInMs);
    }
  };

  const enqueue = async <Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    enqueueOptions: EnqueueOptions = {},
  ): Promise<EnqueueResult> => {
    if (closing) throw new Error('job queue is closed');
    assertValidEnqueueOptions(enqueueOptions);
    const data = prepareJobPayload(definition, payload, enqueueOptions.jobId);
    const jobId = enqueueOptions.jobId ?? randomUUID();
    if (live.has(jobId) || finished.has(jobId)) return { jobId, deduplicated: true };
    const entry: Entry = { jobId, definition, data, attempt: 1, running: false };
    live.set(jobId, entry);
    schedule(entry, enqueueOptions.delayMs ?? 0);
    return { jobId, deduplicated: false };
  };

  return {
    kind: 'in-process',

    enqueue,

    async repeat<Payload>(definition: JobDefinition<Payload>, payload: Payload, repeatOptions: RepeatOptions) {
      if (closing) throw new Error('job queue is closed');
      assertValidRepeatOptions(repeatOptions);
      prepareJobPayload(definition, payload, repeatOptions.schedulerId);
      clearInterval(repeaters.get(repeatOptions.schedulerId));
      const runNow = () => {
        if (closing) return;
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

    async promote(jobId) {
      const entry = live.get(jobId);
      if (closing || entry?.timer === undefined || entry.dueAt === undefined) return undefined;
      const dueAt = new Date(entry.dueAt);
      makeReady(entry);
      return { dueAt };
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
        for (const timer of repeaters.values()) clearInterval(timer);
        repeaters.clear();
        const dropped: string[] = [];
        for (const entry of live.values()) {
          if (entry.running) continue;
          clearTimeout(entry.timer);
          live.delete(entry.jobId);
          dropped.push(entry.jobId);
        }
        for (const lane of lanes.values()) lane.ready = [];
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

    idle() {
      if (live.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },

    failedJobs: () => [...failed],
  };
};
