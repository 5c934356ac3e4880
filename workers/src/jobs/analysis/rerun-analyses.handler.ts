import {
  rerunAnalysesJob,
  runCoachingAnalysisRerun,
  type AppServices,
  type RerunAnalysesPayload,
} from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

const ATTEMPTS = rerunAnalysesJob.attempts ?? 5;

/** `analysis.reruns`: a bulk re-run of analysis reports, one new version per session, resumable after a crash. */
export const createRerunAnalysesHandler =
  (services: AppServices): JobHandler<RerunAnalysesPayload> =>
  async (payload, context) => {
    const outcome = await runCoachingAnalysisRerun(services, payload, {
      // The last try records a session that keeps failing as failed, so the job completes.
      lastAttempt: context.attempt >= ATTEMPTS,
      causationId: context.jobId,
    });
    services.logger.debug({ queueJobId: context.jobId, ...payload, outcome }, 'analysis re-run job done');
  };
