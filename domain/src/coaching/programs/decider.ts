import { decideByType, type Decider } from '../../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { textUpTo } from '../../shared/text.js';
import type {
  AssignProgram,
  ChangeAssignmentDueDate,
  GrantAssignmentAttempts,
  MuteAssignmentReminders,
  ProgramAssignmentCommand,
  RecordAssignmentPass,
  RecordAssignmentReminders,
  WithdrawAssignment,
} from './commands.js';
import type { Assignee, ProgramAssignmentEvent } from './events.js';
import { PROGRAM_ATTEMPTS_MAX } from './pass-rule.js';

// An assignment gives one published program version to users and groups, from a start to a due date on a time zone's
// clock (docs/programs.md, "Assignments"). Who it reaches through a group is read when asked, so members who join
// later get it too (`assignmentReaches`).

export const ASSIGNEES_MAX = 200;
export const ASSIGNMENT_MESSAGE_MAX = 2000;

export type ExistingAssignment = {
  status: 'active' | 'withdrawn';
  assignmentId: string;
  organizationId: string;
  programId: string;
  programVersion: number;
  itemCount: number;
  assignees: readonly Assignee[];
  startsAt: string;
  dueAt: string;
  timeZone: string;
  message: string;
  /** Extra attempts granted, by learner, then by item index. */
  extraAttempts: Readonly<Record<string, Readonly<Record<number, number>>>>;
  /** The learners reminded, by `reminderKey` (a reminder and the due date it reminded of). */
  reminded: Readonly<Record<string, readonly string[]>>;
  /** The learners who muted its reminders. */
  muted: readonly string[];
  /** The certificate of each learner who passed it. */
  certificates: Readonly<Record<string, string>>;
};

/** Reminders are recorded per due date: a due date moved has its own reminders. */
export const reminderKey = (reminder: string, dueAt: string): string => `${reminder}@${new Date(dueAt).toISOString()}`;

export type ProgramAssignmentState = { status: 'none' } | ExistingAssignment;

/** Whether the time zone is one the runtime knows by its IANA name (`Europe/Paris`, `UTC`). */
export const isTimeZone = (name: string): boolean => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
};

const keyOf = (assignee: Assignee) =>
  'userId' in assignee ? `user:${assignee.userId}` : `group:${assignee.userGroupId}`;

const validAssignees = (assignees: readonly Assignee[]): Assignee[] => {
  if (assignees.length === 0 || assignees.length > ASSIGNEES_MAX) {
    throw new ValidationError('invalid_assignment_assignees', `Assign it to 1 to ${ASSIGNEES_MAX} users or groups.`, {
      field: 'assignees',
      max: ASSIGNEES_MAX,
    });
  }
  // The same user or group named twice is assigned once.
  return [...new Map(assignees.map((assignee) => [keyOf(assignee), assignee])).values()];
};

const validTimeZone = (timeZone: string): string => {
  if (!isTimeZone(timeZone)) {
    throw new ValidationError('invalid_time_zone', 'Choose a time zone by its name, such as Europe/Paris.', {
      field: 'time_zone',
    });
  }
  return timeZone;
};

/** The due date comes after the start, and is still to come. */
const validDueAt = (dueAt: string, startsAt: string, now: string): string => {
  if (Date.parse(dueAt) <= Date.parse(startsAt) || Date.parse(dueAt) <= Date.parse(now)) {
    throw new ValidationError(
      'invalid_assignment_due_at',
      'The due date comes after the start, and is still to come.',
      {
        field: 'due_at',
      },
    );
  }
  return new Date(dueAt).toISOString();
};

const existing = (state: ProgramAssignmentState): ExistingAssignment => {
  if (state.status === 'none') throw new NotFoundError('assignment_not_found', 'This assignment does not exist.');
  return state;
};

const active = (state: ProgramAssignmentState): ExistingAssignment => {
  const assignment = existing(state);
  if (assignment.status === 'withdrawn') {
    throw new ConflictError('assignment_withdrawn', 'This assignment was withdrawn and can no longer be changed.');
  }
  return assignment;
};

const assignProgram = ({ data, metadata }: AssignProgram, state: ProgramAssignmentState): ProgramAssignmentEvent[] => {
  if (state.status !== 'none') throw new ConflictError('assignment_exists', 'This assignment already exists.');
  const startsAt = new Date(data.startsAt ?? metadata.now).toISOString();
  return [
    {
      type: 'ProgramAssigned',
      data: {
        assignmentId: data.assignmentId,
        organizationId: data.organizationId,
        programId: data.programId,
        programVersion: data.programVersion,
        itemCount: data.itemCount,
        assignees: validAssignees(data.assignees),
        startsAt,
        dueAt: validDueAt(data.dueAt, startsAt, metadata.now),
        timeZone: validTimeZone(data.timeZone),
        message: textUpTo(data.message ?? '', ASSIGNMENT_MESSAGE_MAX, {
          code: 'invalid_assignment_message',
          message: `A message has at most ${ASSIGNMENT_MESSAGE_MAX} characters.`,
          details: { field: 'message', max: ASSIGNMENT_MESSAGE_MAX },
        }),
        assignedBy: data.userId,
        assignedAt: metadata.now,
      },
    },
  ];
};

const changeDueDate = (
  { data, metadata }: ChangeAssignmentDueDate,
  state: ProgramAssignmentState,
): ProgramAssignmentEvent[] => {
  const assignment = active(state);
  const timeZone = validTimeZone(data.timeZone);
  const dueAt = validDueAt(data.dueAt, assignment.startsAt, metadata.now);
  if (dueAt === assignment.dueAt && timeZone === assignment.timeZone) return [];
  return [
    {
      type: 'AssignmentDueDateChanged',
      data: { assignmentId: assignment.assignmentId, dueAt, timeZone, changedBy: data.userId, changedAt: metadata.now },
    },
  ];
};

const withdraw = ({ data, metadata }: WithdrawAssignment, state: ProgramAssignmentState): ProgramAssignmentEvent[] => {
  const assignment = existing(state);
  // A repeated withdrawal (a retried request) finds its work done.
  if (assignment.status === 'withdrawn') return [];
  return [
    {
      type: 'AssignmentWithdrawn',
      data: { assignmentId: assignment.assignmentId, withdrawnBy: data.userId, withdrawnAt: metadata.now },
    },
  ];
};

const grantAttempts = (
  { data, metadata }: GrantAssignmentAttempts,
  state: ProgramAssignmentState,
): ProgramAssignmentEvent[] => {
  const assignment = active(state);
  if (!Number.isInteger(data.itemIndex) || data.itemIndex < 0 || data.itemIndex >= assignment.itemCount) {
    throw new ValidationError('invalid_assignment_item', 'This program has no such item.', { field: 'item_index' });
  }
  if (!Number.isInteger(data.attempts) || data.attempts < 1 || data.attempts > PROGRAM_ATTEMPTS_MAX) {
    throw new ValidationError('invalid_assignment_attempts', `Grant 1 to ${PROGRAM_ATTEMPTS_MAX} attempts at a time.`, {
      field: 'attempts',
      max: PROGRAM_ATTEMPTS_MAX,
    });
  }
  return [
    {
      type: 'AssignmentAttemptsGranted',
      data: {
        assignmentId: assignment.assignmentId,
        userId: data.learnerId,
        itemIndex: data.itemIndex,
        attempts: data.attempts,
        grantedBy: data.userId,
        grantedAt: metadata.now,
      },
    },
  ];
};

const recordReminders = (
  { data, metadata }: RecordAssignmentReminders,
  state: ProgramAssignmentState,
): ProgramAssignmentEvent[] => {
  const assignment = existing(state);
  // A job of a due date that changed since, or of a withdrawn assignment, has nothing left to record.
  if (assignment.status === 'withdrawn' || Date.parse(data.dueAt) !== Date.parse(assignment.dueAt)) return [];
  const done = new Set(assignment.reminded[reminderKey(data.reminder, assignment.dueAt)] ?? []);
  const learnerIds = [...new Set(data.learnerIds)].filter((id) => !done.has(id));
  if (learnerIds.length === 0) return [];
  return [
    {
      type: 'AssignmentRemindersSent',
      data: {
        assignmentId: assignment.assignmentId,
        reminder: data.reminder,
        dueAt: assignment.dueAt,
        learnerIds,
        sentAt: metadata.now,
      },
    },
  ];
};

const muteReminders = (
  { data, metadata }: MuteAssignmentReminders,
  state: ProgramAssignmentState,
): ProgramAssignmentEvent[] => {
  const assignment = active(state);
  if (assignment.muted.includes(data.learnerId) === data.muted) return [];
  return [
    {
      type: 'AssignmentRemindersMuted',
      data: { assignmentId: assignment.assignmentId, userId: data.learnerId, muted: data.muted, at: metadata.now },
    },
  ];
};

const recordPass = (
  { data, metadata }: RecordAssignmentPass,
  state: ProgramAssignmentState,
): ProgramAssignmentEvent[] => {
  const assignment = existing(state);
  // Passed once: a second report, a rerun or a retried job issues no second certificate.
  if (assignment.status === 'withdrawn' || assignment.certificates[data.learnerId] !== undefined) return [];
  if (data.itemScores.length !== assignment.itemCount) {
    throw new ValidationError('invalid_assignment_item', 'This program has no such item.', { field: 'item_index' });
  }
  return [
    {
      type: 'AssignmentPassed',
      data: {
        assignmentId: assignment.assignmentId,
        userId: data.learnerId,
        certificateId: data.certificateId,
        score: data.score,
        itemScores: data.itemScores,
        passedAt: metadata.now,
      },
    },
  ];
};

export const programAssignmentDecider: Decider<
  ProgramAssignmentCommand,
  ProgramAssignmentEvent,
  ProgramAssignmentState
> = {
  decide: decideByType({
    AssignProgram: assignProgram,
    ChangeAssignmentDueDate: changeDueDate,
    WithdrawAssignment: withdraw,
    GrantAssignmentAttempts: grantAttempts,
    RecordAssignmentReminders: recordReminders,
    MuteAssignmentReminders: muteReminders,
    RecordAssignmentPass: recordPass,
  }),
  evolve(state, event) {
    if (event.type === 'ProgramAssigned') {
      const { assignedBy: _by, assignedAt: _at, ...assignment } = event.data;
      return { ...assignment, status: 'active', extraAttempts: {}, reminded: {}, muted: [], certificates: {} };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'AssignmentDueDateChanged':
        return { ...state, dueAt: event.data.dueAt, timeZone: event.data.timeZone };
      case 'AssignmentWithdrawn':
        return { ...state, status: 'withdrawn' };
      case 'AssignmentAttemptsGranted': {
        const { userId, itemIndex, attempts } = event.data;
        const learner = state.extraAttempts[userId] ?? {};
        return {
          ...state,
          extraAttempts: {
            ...state.extraAttempts,
            [userId]: { ...learner, [itemIndex]: (learner[itemIndex] ?? 0) + attempts },
          },
        };
      }
      case 'AssignmentRemindersSent': {
        const key = reminderKey(event.data.reminder, event.data.dueAt);
        return {
          ...state,
          reminded: { ...state.reminded, [key]: [...(state.reminded[key] ?? []), ...event.data.learnerIds] },
        };
      }
      case 'AssignmentPassed':
        return { ...state, certificates: { ...state.certificates, [event.data.userId]: event.data.certificateId } };
      case 'AssignmentRemindersMuted': {
        const others = state.muted.filter((id) => id !== event.data.userId);
        return { ...state, muted: event.data.muted ? [...others, event.data.userId] : others };
      }
    }
  },
  initialState: () => ({ status: 'none' }),
};

/**
 * Whether the assignment reaches a learner: named, or a member of a group it names now. Asked with the learner's
 * current groups, so that a member who joins a group later is reached, and one who left is not (unless named).
 */
export const assignmentReaches = (
  assignees: readonly Assignee[],
  learner: { userId: string; userGroupIds: readonly string[] },
): boolean =>
  assignees.some((assignee) =>
    'userId' in assignee ? assignee.userId === learner.userId : learner.userGroupIds.includes(assignee.userGroupId),
  );

/**
 * A learner's status on an assignment, from the program's outcome for them and the clock: withdrawn, passed or
 * failed as decided, overdue once the due date has passed without either, else as the items stand.
 */
export const learnerAssignmentStatus = (
  assignment: Pick<ExistingAssignment, 'status' | 'dueAt'>,
  outcome: 'not_started' | 'in_progress' | 'passed' | 'failed',
  now: string,
): 'not_started' | 'in_progress' | 'passed' | 'failed' | 'overdue' | 'withdrawn' => {
  if (assignment.status === 'withdrawn') return 'withdrawn';
  if (outcome === 'passed' || outcome === 'failed') return outcome;
  if (Date.parse(now) >= Date.parse(assignment.dueAt)) return 'overdue';
  return outcome;
};
