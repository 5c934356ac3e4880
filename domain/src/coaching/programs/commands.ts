import type { Command } from '../../shared/command.js';
import type { Assignee } from './events.js';
import type { AssignmentReminder } from './reminders.js';

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

/**
 * Records a reminder as sent to these learners (the caller mailed those it found due). The decider keeps only those
 * not reminded of this due date yet; a due date that changed since, or a withdrawal, records nothing.
 */
export type RecordAssignmentReminders = Command<
  'RecordAssignmentReminders',
  { assignmentId: string; reminder: AssignmentReminder; dueAt: string; learnerIds: string[] }
>;

/** `learnerId` is one the assignment reaches (the caller checked it), muting or unmuting its reminders for them. */
export type MuteAssignmentReminders = Command<
  'MuteAssignmentReminders',
  { assignmentId: string; learnerId: string; muted: boolean }
>;

/**
 * Records that a learner the assignment reaches passed it (the caller applied the pass rule to their tries), issuing
 * their certificate under `certificateId`. A learner passes an assignment once; a withdrawn one issues nothing.
 */
export type RecordAssignmentPass = Command<
  'RecordAssignmentPass',
  {
    assignmentId: string;
    learnerId: string;
    certificateId: string;
    score: number | null;
    itemScores: (number | null)[];
  }
>;

export type ProgramAssignmentCommand =
  | AssignProgram
  | ChangeAssignmentDueDate
  | WithdrawAssignment
  | GrantAssignmentAttempts
  | RecordAssignmentReminders
  | MuteAssignmentReminders
  | RecordAssignmentPass;
