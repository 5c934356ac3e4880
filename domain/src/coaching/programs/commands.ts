import type { Command } from '../../shared/command.js';
import type { Assignee } from './events.js';

/**
 * The caller has checked what needs other data: the program version is published and the caller's organization's, the
 * users and groups are of that organization. The decider keeps the rules of the assignment itself.
 */
export type AssignProgram = Command<
  'AssignProgram',
  {
    assignmentId: string;
    organizationId: string;
    programId: string;
    programVersion: number;
    itemCount: number;
    assignees: Assignee[];
    /** Left out: at once. */
    startsAt?: string;
    dueAt: string;
    timeZone: string;
    message?: string;
    userId: string;
  }
>;

export type ChangeAssignmentDueDate = Command<
  'ChangeAssignmentDueDate',
  { assignmentId: string; dueAt: string; timeZone: string; userId: string }
>;

export type WithdrawAssignment = Command<'WithdrawAssignment', { assignmentId: string; userId: string }>;

/** `learnerId` is one the assignment reaches (the caller checked it, groups included). */
export type GrantAssignmentAttempts = Command<
  'GrantAssignmentAttempts',
  { assignmentId: string; learnerId: string; itemIndex: number; attempts: number; userId: string }
>;

export type ProgramAssignmentCommand =
  AssignProgram | ChangeAssignmentDueDate | WithdrawAssignment | GrantAssignmentAttempts;
