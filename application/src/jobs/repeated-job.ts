import type { JobDefinition, RepeatOptions } from '@ai-coaching/platform';
import type { AppServices } from '../app-services.js';

/**
 * The start-up registration of a job repeated on a schedule: it runs at once, then every `everyMs`, under one
 * `schedulerId` however many runtimes register it. Every runtime that runs jobs calls it at its start.
 */
export const repeatedJobSchedule =
  <Payload>(job: JobDefinition<Payload>, payload: Payload, schedule: RepeatOptions) =>
  (services: Pick<AppServices, 'queue'>): Promise<void> =>
    services.queue.repeat(job, payload, schedule);
