import { remindAssignment, type AppServices, type AssignmentReminderPayload } from '@ai-coaching/application';
import type { JobHandler } from '@ai-coaching/platform';

/** `coaching.assignment.reminder`: mails one reminder of an assignment to the learners it is due to. */
export const createAssignmentReminderHandler =
  (services: AppServices): JobHandler<AssignmentReminderPayload> =>
  async (payload, context) => {
    const { reminded } = await remindAssignment(services, payload, { causationId: context.jobId });
    services.logger.info(
      { jobId: context.jobId, assignmentId: payload.assignmentId, reminder: payload.reminder, reminded },
      'assignment reminder sent',
    );
  };
