import { ASSIGNMENT_REMINDERS, type AssignmentReminder } from '@ai-coaching/domain';
import { defineJob, type JobPayload } from '@ai-coaching/platform';
import { z } from 'zod';
import { jobIdPart } from '../job-id-part.js';

/**
 * Sends one reminder of an assignment (docs/programs.md, "Notices") to each learner it reaches who has not finished
 * and has not muted it. Enqueued delayed when the due date is set, one job per reminder and due date; a due date
 * moved or a withdrawal cancels them. Ten tries from 1 s, doubling: a run a little early comes back at its time.
 */
export const assignmentReminderJob = defineJob({
  id: 'coaching.assignment.reminder',
  schema: z.object({
    organizationId: jobIdPart,
    assignmentId: jobIdPart,
    reminder: z.enum(ASSIGNMENT_REMINDERS),
    /** The due date it reminds of: once the due date has moved, the job has nothing to send. */
    dueAt: z.iso.datetime({ offset: true }),
  }),
  attempts: 10,
  backoffMs: 1000,
});

export type AssignmentReminderPayload = JobPayload<typeof assignmentReminderJob>;

/** One job per assignment, reminder and due date: scheduling it again (a retried request, a restart) adds nothing. */
export const assignmentReminderJobId = (assignmentId: string, reminder: AssignmentReminder, dueAt: string): string =>
  `assignment-reminder_${assignmentId}_${reminder}_${Date.parse(dueAt)}`;
