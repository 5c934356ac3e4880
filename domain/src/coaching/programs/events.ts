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

export type ProgramAssignmentEvent =
  ProgramAssigned | AssignmentDueDateChanged | AssignmentWithdrawn | AssignmentAttemptsGranted;
