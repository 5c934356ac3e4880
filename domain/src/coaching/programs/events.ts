import type { AssignmentReminder } from './reminders.js';

export const programAssignmentStreamId = (assignmentId: string): string => `program-assignment-${assignmentId}`;

/** Who a program is assigned to: a user, or a user group (its members as they are whenever asked). */
export type Assignee = { userId: string } | { userGroupId: string };

export type ProgramAssigned = {
  type: 'ProgramAssigned';
  data: {
    assignmentId: string;
    organizationId: string;
    programId: string;
    /** The published version assigned: a later version does not change what these learners must pass. */
    programVersion: number;
    /** How many items that version holds (extra attempts name one by its index). */
    itemCount: number;
    assignees: Assignee[];
    startsAt: string;
    dueAt: string;
    /** An IANA time zone: the due date is said, and reminders are sent, on its clock. */
    timeZone: string;
    message: string;
    assignedBy: string;
    assignedAt: string;
  };
};

export type AssignmentDueDateChanged = {
  type: 'AssignmentDueDateChanged';
  data: { assignmentId: string; dueAt: string; timeZone: string; changedBy: string; changedAt: string };
};

export type AssignmentWithdrawn = {
  type: 'AssignmentWithdrawn';
  data: { assignmentId: string; withdrawnBy: string; withdrawnAt: string };
};

/** Attempts granted to one learner on one item, beyond the pass rule's (added to any granted before). */
export type AssignmentAttemptsGranted = {
  type: 'AssignmentAttemptsGranted';
  data: {
    assignmentId: string;
    userId: string;
    itemIndex: number;
    attempts: number;
    grantedBy: string;
    grantedAt: string;
  };
};

/**
 * A reminder sent to these learners (docs/programs.md, "Notices"), for the due date it reminds of: recorded once per
 * learner, reminder and due date, so that a job run again (a retry, a restart) reminds nobody twice, and a new due
 * date has its own reminders.
 */
export type AssignmentRemindersSent = {
  type: 'AssignmentRemindersSent';
  data: { assignmentId: string; reminder: AssignmentReminder; dueAt: string; learnerIds: string[]; sentAt: string };
};

/** A learner muted (or unmuted) this assignment's reminders; the first notice and the "passed" one still come. */
export type AssignmentRemindersMuted = {
  type: 'AssignmentRemindersMuted';
  data: { assignmentId: string; userId: string; muted: boolean; at: string };
};

/**
 * A learner passed every item of the assigned version: their certificate, under an unguessable id anyone may verify.
 * Scores only: the learner's name is read from their account when the certificate is shown, never copied here.
 */
export type AssignmentPassed = {
  type: 'AssignmentPassed';
  data: {
    assignmentId: string;
    userId: string;
    certificateId: string;
    /** The mean of the items' scores that counted; each item's, in the program's order. */
    score: number | null;
    itemScores: (number | null)[];
    passedAt: string;
  };
};

export type ProgramAssignmentEvent =
  | ProgramAssigned
  | AssignmentDueDateChanged
  | AssignmentWithdrawn
  | AssignmentAttemptsGranted
  | AssignmentRemindersSent
  | AssignmentRemindersMuted
  | AssignmentPassed;
