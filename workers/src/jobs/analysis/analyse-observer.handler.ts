import {
  analyseObserver,
  analyseObserverJob,
  type AnalyseObserverPayload,
  type AppServices,
} from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

const ATTEMPTS = analyseObserverJob.attempts ?? 5;

/** `analysis.observer`: one observer's report of one version of a session's analysis, appended once. */
export const createAnalyseObserverHandler =
  (services: AppServices): JobHandler<AnalyseObserverPayload> =>
  async (payload, context) => {
    const outcome = await analyseObserver(services, payload, {
      // The last try records a failure instead of throwing, so the report finishes.
      lastAttempt: context.attempt >= ATTEMPTS,
      causationId: context.jobId,
    });
    services.logger.debug({ jobId: context.jobId, ...payload, outcome }, 'observer analysis job done');
  };
