import {
  generateSessionsJob,
  runSessionGeneration,
  type AppServices,
  type GenerateSessionsPayload,
} from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

const ATTEMPTS = generateSessionsJob.attempts ?? 3;

/** `coaching.session-generation`: a session generator's run, one draft after the other, resumable after a crash. */
export const createGenerateSessionsHandler =
  (services: AppServices): JobHandler<GenerateSessionsPayload> =>
  async (payload, context) => {
    const outcome = await runSessionGeneration(services, payload, {
      // The last try records a draft whose provider keeps failing as failed, so the run completes.
      lastAttempt: context.attempt >= ATTEMPTS,
      causationId: context.jobId,
    });
    services.logger.debug({ queueJobId: context.jobId, ...payload, outcome }, 'session generation job done');
  };
