import { sendPasswordReset, type AppServices, type SendPasswordResetPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/**
 * `identity.password-reset.send`: the work behind a forgot-password request, done after the
 * request was answered (a reset code and its mail for an active account, nothing otherwise). The
 * log says whether a mail went out but never to whom.
 */
export const createSendPasswordResetHandler =
  (services: AppServices): JobHandler<SendPasswordResetPayload> =>
  async (payload, context) => {
    const { sent } = await sendPasswordReset(services, { correlationId: context.jobId }, payload);
    services.logger.debug({ jobId: context.jobId, attempt: context.attempt, sent }, 'password reset job done');
  };
