import type { z } from 'zod';

/**
 * A job definition is what a producer needs to enqueue: a dotted id, a payload schema and
 * retry policy. A payload is checked against the schema when it is enqueued and again when it is
 * taken, so a job queued with a shape the worker no longer accepts fails without retries instead
 * of running on a misread payload (there is no version number to keep in step). The handler is
 * bound separately by the workers runtime, so producers never load handler dependencies.
 */
export type JobDefinition<Payload = unknown> = {
  /** Dotted, stable id such as `mail.send` or `credits.reservation.expire`. Also the queue job name. */
  id: string;
  schema: z.ZodType<Payload>;
  /** Total tries including the first; default 5. */
  attempts?: number;
  /** First retry delay; doubles on each further retry; default 1000 ms. */
  backoffMs?: number;
  /**
   * `handler`: a failure thrown as `RetryLaterError` is tried again after the delay it names (a schedule of the job's
   * own, a `Retry-After`); any other failure backs off exponentially. Default `exponential`.
   */
  backoff?: 'exponential' | 'handler';
};

/**
 * Thrown by the handler of a job whose definition says `backoff: 'handler'`: try again after `retryDelayMs`. It
 * counts as an attempt, like any failure.
 */
export class RetryLaterError extends Error {
  override readonly name = 'RetryLaterError';

  constructor(
    message: string,
    readonly retryDelayMs: number,
  ) {
    super(message);
  }
}

/** The delay of a failed attempt: the one a `RetryLaterError` names for a job that lets its handler choose, else the
 * definition's exponential backoff. */
export const retryDelayOf = (
  definition: Pick<JobDefinition, 'backoff' | 'backoffMs'>,
  attempt: number,
  error: unknown,
): number => {
  if (definition.backoff === 'handler' && error instanceof RetryLaterError) return Math.max(0, error.retryDelayMs);
  return (definition.backoffMs ?? 1000) * 2 ** (attempt - 1);
};

export const defineJob = <Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> => definition;

/** The payload a job definition's schema accepts: `JobPayload<typeof sendMailJob>`. */
export type JobPayload<Job> = Job extends JobDefinition<infer Payload> ? Payload : never;

export type JobContext = {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
  /** Aborted when the worker is shutting down; long handlers should stop at the next safe point. */
  signal: AbortSignal;
};

export type JobHandler<Payload = unknown> = (payload: Payload, context: JobContext) => Promise<void>;

/**
 * A handler bound to its definition. The payload type is checked where the binding is made
 * (`bindJob`); queues see only validated `unknown` payloads, so one list can hold every kind.
 */
export type JobBinding = {
  definition: JobDefinition<unknown>;
  handle: JobHandler<unknown>;
  /** Jobs of this kind processed at once by one worker; default 1. */
  concurrency?: number;
};

export const bindJob = <Payload>(
  definition: JobDefinition<Payload>,
  handle: JobHandler<Payload>,
  options: { concurrency?: number } = {},
): JobBinding => ({
  definition,
  // Safe: queues parse the payload with `definition.schema` before calling the handler.
  handle: (payload, context) => handle(payload as Payload, context),
  ...options,
});

export type EnqueueOptions = {
  /**
   * Idempotent id: while a job with this id is known to the queue (waiting, delayed, active or
   * completed and kept), enqueuing it again adds nothing. Must not contain ':'.
   */
  jobId?: string;
  delayMs?: number;
};

export type EnqueueResult = { jobId: string; deduplicated: boolean };

/**
 * A job run on a schedule: one scheduler per id however many processes register it (BullMQ's job scheduler in
 * Redis), or a timer in this process (in-process queue). Registering again with the same id replaces the schedule.
 */
export type RepeatOptions = {
  /** Stable id of the schedule; must not contain ':'. */
  schedulerId: string;
  everyMs: number;
};

export type JobQueueKind = 'in-process' | 'bullmq';

export type JobQueue = {
  readonly kind: JobQueueKind;
  /** Validates the payload against the definition's schema (throws on bad payload) and enqueues it. */
  enqueue<Payload>(
    definition: JobDefinition<Payload>,
    payload: Payload,
    options?: EnqueueOptions,
  ): Promise<EnqueueResult>;
  /**
   * Enqueues the job now and then every `everyMs` (validated like `enqueue`). Each run is an ordinary job: retried
   * by its definition's policy, and its handler must be idempotent.
   */
  repeat<Payload>(definition: JobDefinition<Payload>, payload: Payload, options: RepeatOptions): Promise<void>;
  /**
   * Makes a job enqueued with `delayMs` due now, as BullMQ's `promote`: a worker then takes it as it would have at its
   * time. For specs that move the clock past a delay instead of sitting it out (a session's time limit). Answers when
   * the job was due, or undefined when no job of this id is waiting for its time.
   */
  promote(jobId: string): Promise<{ dueAt: Date } | undefined>;
  /**
   * Removes a job that is waiting or delayed (BullMQ's `remove`): a timer that no longer applies (a reminder of a due
   * date moved). Answers false when no job of this id waits (finished, running, or never queued); a running job is
   * left to finish. Its id is free again afterwards.
   */
  cancel(jobId: string): Promise<boolean>;
  /** Starts processing jobs of these kinds in this process. */
  startWorkers(bindings: readonly JobBinding[]): Promise<void>;
  ping(): Promise<void>;
  /** Stops taking jobs, waits up to `timeoutMs` for active ones, then closes connections. */
  close(options?: { timeoutMs?: number }): Promise<void>;
};
