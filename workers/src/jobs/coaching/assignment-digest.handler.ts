import { sendAssignmentDigests, type AppServices, type RepeatedJobPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `coaching.assignment.digest`: mails the managers their weekly digest of overdue assignments, when it is due. */
export const createAssignmentDigestHandler =
  (services: AppServices): JobHandler<RepeatedJobPayload> =>
  async (_payload, context) => {
    const { sent } = await sendAssignmentDigests(services, { correlationId: context.jobId });
    services.logger.debug({ jobId: context.jobId, sent }, 'assignment digest job done');
  };
