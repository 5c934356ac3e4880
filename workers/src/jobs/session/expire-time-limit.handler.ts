import {
  expireCoachingSessionTimeLimit,
  type AppServices,
  type ExpireSessionTimeLimitPayload,
} from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `session.time-limit`: ends a session still playing at its deadline, settles it and asks for its report. */
export const createExpireSessionTimeLimitHandler =
  (services: AppServices): JobHandler<ExpireSessionTimeLimitPayload> =>
  async (payload, context) => {
    const { ended } = await expireCoachingSessionTimeLimit(services, payload, { causationId: context.jobId });
    services.logger.debug({ jobId: context.jobId, sessionId: payload.sessionId, ended }, 'session time-limit job done');
  };
