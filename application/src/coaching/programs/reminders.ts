import { ASSIGNMENT_REMINDERS, assignmentReminders, OVERDUE_NOTICE_LATE_MS, reminderTiming } from '@ai-coaching/domain';
import {
  findProgramAssignment,
  listAssignmentRemindersSent,
  listAssignmentsDueAfter,
  type ProgramAssignmentView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices } from '../../app-services.js';
import {
  assignmentReminderJob,
  assignmentReminderJobId,
  type AssignmentReminderPayload,
} from '../../jobs/coaching/assignment-reminder.job.js';
import { mailGreetingOf, mailName, mailRecipientOf, sendMailJob } from '../../jobs/mail/send-mail.job.js';
import { postNotice } from '../../notices/notices.js';
import { ASSIGNMENTS_PATH, reachedUsers, runAssignmentCommand } from './assignment-reach.js';
import { assignedProgramOf, learnerStanding } from './my-assignments.js';

// An assignment's reminders (docs/programs.md, "Notices"): when they fall is the domain's rule (`assignmentReminders`);
// here, the delayed jobs that send them, scheduled when the due date is set, cancelled when it moves or the
// assignment is withdrawn, and scheduled again at each start of the workers (a queue in the process forgets them).

/** A reminder's job runs this long after its time, so that clocks a little apart do not find it early. */
export const ASSIGNMENT_REMINDER_GRACE_MS = 1000;

/** Thrown when a reminder's job ran before its time (clocks apart): the queue tries again later. */
export class AssignmentReminderNotYetDue extends Error {
  override readonly name = 'AssignmentReminderNotYetDue';
}

/**
 * Enqueues the assignment's reminders still to send (`since`: when its due date was set, for a restart's catch-up;
 * else now). Each job's id names its reminder and due date, so scheduling again adds nothing.
 */
export const scheduleAssignmentReminders = async (
  services: Pick<AppServices, 'queue' | 'clock'>,
  assignment: Pick<ProgramAssignmentView, 'assignmentId' | 'organizationId' | 'startsAt' | 'dueAt' | 'timeZone'>,
  since?: string,
): Promise<number> => {
  const now = nowIso(services);
  const reminders = assignmentReminders(assignment, now, since ?? now);
  for (const { kind, at } of reminders) {
    await services.queue.enqueue(
      assignmentReminderJob,
      {
        organizationId: assignment.organizationId,
        assignmentId: assignment.assignmentId,
        reminder: kind,
        dueAt: assignment.dueAt,
      },
      {
        jobId: assignmentReminderJobId(assignment.assignmentId, kind, assignment.dueAt),
        delayMs: Math.max(0, Date.parse(at) - Date.parse(now)) + ASSIGNMENT_REMINDER_GRACE_MS,
      },
    );
  }
  return reminders.length;
};

/** Removes the reminders of a due date that no longer applies; one already running finds it stale and sends nothing. */
export const cancelAssignmentReminders = async (
  services: Pick<AppServices, 'queue'>,
  assignment: Pick<ProgramAssignmentView, 'assignmentId' | 'dueAt'>,
): Promise<void> => {
  for (const reminder of ASSIGNMENT_REMINDERS) {
    await services.queue.cancel(assignmentReminderJobId(assignment.assignmentId, reminder, assignment.dueAt));
  }
};

/**
 * The reminders of every active assignment, scheduled again at a start: the in-process queue forgot its delayed jobs,
 * and one whose time came while nothing ran is sent at once unless the next is due already. With BullMQ the jobs
 * survive and their ids make this add nothing.
 */
export const scheduleAllAssignmentReminders = async (
  services: Pick<AppServices, 'db' | 'queue' | 'clock'>,
): Promise<number> => {
  const dueAfter = new Date(services.clock.now().getTime() - OVERDUE_NOTICE_LATE_MS).toISOString();
  let scheduled = 0;
  for (const assignment of await listAssignmentsDueAfter(services.db, dueAfter)) {
    scheduled += await scheduleAssignmentReminders(services, assignment, assignment.dueSetAt);
  }
  return scheduled;
};

/**
 * The `coaching.assignment.reminder` job: mails the reminder to each learner the assignment reaches now (a member who
 * joined a group since included) who is active, has neither passed nor failed, has not muted its reminders and was not
 * reminded of this due date yet, then records them on the assignment. A crash between the two mails nobody twice: the
 * mail's job id is the learner's, the reminder's and the due date's.
 */
export const remindAssignment = async (
  services: AppServices,
  payload: AssignmentReminderPayload,
  options: { causationId: string },
): Promise<{ reminded: number }> => {
  const assignment = await findProgramAssignment(services.db, payload.assignmentId);
  if (
    !assignment ||
    assignment.organizationId !== payload.organizationId ||
    assignment.withdrawnAt !== null ||
    Date.parse(assignment.dueAt) !== Date.parse(payload.dueAt)
  ) {
    return { reminded: 0 };
  }
  const now = nowIso(services);
  const timing = reminderTiming(assignment, payload.reminder, now);
  if (timing === 'early') {
    throw new AssignmentReminderNotYetDue(
      `Assignment ${assignment.assignmentId}'s ${payload.reminder} reminder ran early (${now}).`,
    );
  }
  if (timing === 'late') return { reminded: 0 };

  const sent = new Set(
    (await listAssignmentRemindersSent(services.db, assignment.assignmentId))
      .filter((entry) => entry.reminder === payload.reminder && entry.dueAt === assignment.dueAt)
      .map((entry) => entry.userId),
  );
  const learners = (await reachedUsers(services, assignment.organizationId, assignment.assignees)).filter(
    (learner) => learner.status === 'active' && !assignment.muted.includes(learner.userId) && !sent.has(learner.userId),
  );
  if (learners.length === 0) return { reminded: 0 };
  const program = await assignedProgramOf(services, assignment);
  const reminded: string[] = [];
  for (const learner of learners) {
    const standing = await learnerStanding(services, program, learner.userId, now);
    if (standing.status === 'passed' || standing.status === 'failed' || standing.status === 'withdrawn') continue;
    // Not caught: a mail that cannot be queued leaves the learner unrecorded, and the job's retry sends it.
    await services.queue.enqueue(
      sendMailJob,
      {
        template: 'assignment-reminder',
        ...mailRecipientOf(learner),
        organizationId: assignment.organizationId,
        params: {
          firstName: mailGreetingOf(learner),
          programName: mailName(program.name),
          reminder: payload.reminder,
          itemsPassed: standing.progress.passed,
          itemsTotal: Math.max(1, standing.progress.total),
          assignmentsUrl: `${services.config.publicUrl}${ASSIGNMENTS_PATH}`,
          expiresAt: assignment.dueAt,
          timeZone: assignment.timeZone,
        },
      },
      {
        jobId: `assignment-${payload.reminder}-${assignment.assignmentId}-${Date.parse(assignment.dueAt)}-${learner.userId}`,
      },
    );
    await postNotice(services, {
      userId: learner.userId,
      organizationId: assignment.organizationId,
      noticeId: `reminder-${assignment.assignmentId}-${payload.reminder}-${Date.parse(assignment.dueAt)}`,
      kind: 'assignment_reminder',
      params: {
        programName: program.name,
        reminder: payload.reminder,
        dueAt: assignment.dueAt,
        timeZone: assignment.timeZone,
        itemsPassed: standing.progress.passed,
        itemsTotal: standing.progress.total,
      },
      link: ASSIGNMENTS_PATH,
    });
    reminded.push(learner.userId);
  }
  if (reminded.length > 0) {
    await runAssignmentCommand(
      services,
      { correlationId: options.causationId, readYourWrites: false },
      {
        type: 'RecordAssignmentReminders',
        data: {
          assignmentId: assignment.assignmentId,
          reminder: payload.reminder,
          dueAt: assignment.dueAt,
          learnerIds: reminded,
        },
        metadata: { now },
      },
    );
  }
  return { reminded: reminded.length };
};
