import type { JobDefinition } from '@ai-coaching/platform';
import { z } from 'zod';
import type { AppServices } from '../app-services.js';

/** A repeated run finds its work itself: its payload is empty. */
const repeatedJobPayloadSchema = z.object({});

export type RepeatedJobPayload = z.infer<typeof repeatedJobPayloadSchema>;

/**
 * A job repeated on a schedule, every `everyMs`, under one scheduler named after the job (`session.retention`:
 * `session-retention`).
 */
export type RepeatedJobDefinition = JobDefinition<RepeatedJobPayload> & { schedulerId: string; everyMs: number };

export const defineRepeatedJob = (
  definition: Omit<JobDefinition, 'schema'> & { everyMs: number },
): RepeatedJobDefinition => ({
  ...definition,
  schema: repeatedJobPayloadSchema,
  schedulerId: definition.id.replaceAll('.', '-'),
});

/**
 * The start-up registration of a repeated job: it runs at once, then every `everyMs`, under one scheduler however many
 * runtimes register it. Every runtime that runs jobs calls it at its start.
 */
export const repeatedJobSchedule =
  ({ schedulerId, everyMs, ...job }: RepeatedJobDefinition) =>
  (services: Pick<AppServices, 'queue'>): Promise<void> =>
    services.queue.repeat(job, {}, { schedulerId, everyMs });
