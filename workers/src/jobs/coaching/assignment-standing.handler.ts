import { recordAssignmentPasses, type AppServices, type AssignmentStandingPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `coaching.assignment.standing`: issues the certificates of the assignments a learner's new report passed. */
export const createAssignmentStandingHandler =
  (services: AppServices): JobHandler<AssignmentStandingPayload> =>
  async (payload, context) => {
    const { passed } = await recordAssignmentPasses(services, payload, { causationId: context.jobId });
    services.logger.debug({ jobId: context.jobId, userId: payload.userId, passed }, 'assignment standing looked at');
  };
