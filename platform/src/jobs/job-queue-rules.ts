// What both job queues hold to, so that code tested on the in-process queue behaves the same on BullMQ: payloads
// checked by their schema and stored as JSON, BullMQ's rules for ids and delays, one binding per job kind.
import type { EnqueueOptions, JobBinding, JobContext, JobDefinition, RepeatOptions } from './job-queue.js';

export const DEFAULT_JOB_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF_MS = 1000;
export const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

/**
 * Whether this try is the job's last (its definition's `attempts`, or the queues' default): a handler that must let
 * its job complete records what keeps failing as failed then, instead of throwing.
 */
export const isLastAttempt = (
  definition: Pick<JobDefinition, 'attempts'>,
  context: Pick<JobContext, 'attempt'>,
): boolean => context.attempt >= (definition.attempts ?? DEFAULT_JOB_ATTEMPTS);

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
