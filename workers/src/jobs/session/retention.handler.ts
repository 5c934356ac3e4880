import { deleteExpiredCoachingSessions, type AppServices, type RepeatedJobPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `session.retention`: deletes the sessions each organization keeps no longer (docs/coaching-sessions.md). */
export const createSessionRetentionHandler =
  (services: AppServices): JobHandler<RepeatedJobPayload> =>
  async (_payload, context) => {
    const { deleted } = await deleteExpiredCoachingSessions(services, { correlationId: context.jobId });
    services.logger.debug({ jobId: context.jobId, deleted }, 'session retention job done');
  };
