import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { DeciderSpecification, isCode } from '../../testing/decider-specification.js';
import type {
  AssignProgram,
  ChangeAssignmentDueDate,
  GrantAssignmentAttempts,
  ProgramAssignmentCommand,
} from './commands.js';
import { ASSIGNEES_MAX, assignmentReaches, learnerAssignmentStatus, programAssignmentDecider } from './decider.js';
import type { ProgramAssigned, ProgramAssignmentEvent } from './events.js';

const given = DeciderSpecification.for(programAssignmentDecider);
const now = '2026-12-07T09:00:00.000Z';
const later = '2026-12-08T09:00:00.000Z';
const due = '2026-12-21T17:00:00.000Z';

const assign = (data: Partial<AssignProgram['data']> = {}): AssignProgram => ({
  type: 'AssignProgram',
  data: {
    assignmentId: 'a1',
    organizationId: 'org-1',
    programId: 'p1',
    programVersion: 2,
    itemCount: 3,
    assignees: [{ userGroupId: 'sales' }, { userId: 'ada' }],
    dueAt: due,
    timeZone: 'Europe/Paris',
    message: ' Before the quarter starts. ',
    userId: 'manager',
    ...data,
  },
  metadata: { now },
});
const assigned: ProgramAssigned = {
  type: 'ProgramAssigned',
  data: {
    assignmentId: 'a1',
    organizationId: 'org-1',
    programId: 'p1',
    programVersion: 2,
    itemCount: 3,
    assignees: [{ userGroupId: 'sales' }, { userId: 'ada' }],
    startsAt: now,
    dueAt: due,
    timeZone: 'Europe/Paris',
    message: 'Before the quarter starts.',
    assignedBy: 'manager',
    assignedAt: now,
  },
};
const changeDue = (dueAt: string, timeZone = 'Europe/Paris', at = later): ChangeAssignmentDueDate => ({
  type: 'ChangeAssignmentDueDate',
  data: { assignmentId: 'a1', dueAt, timeZone, userId: 'manager' },
  metadata: { now: at },
});
const withdraw = {
  type: 'WithdrawAssignment' as const,
  data: { assignmentId: 'a1', userId: 'manager' },
  metadata: { now: later },
};
const withdrawn: ProgramAssignmentEvent = {
  type: 'AssignmentWithdrawn',
  data: { assignmentId: 'a1', withdrawnBy: 'manager', withdrawnAt: later },
};
const grant = (data: Partial<GrantAssignmentAttempts['data']> = {}): GrantAssignmentAttempts => ({
  type: 'GrantAssignmentAttempts',
  data: { assignmentId: 'a1', learnerId: 'ada', itemIndex: 1, attempts: 2, userId: 'manager', ...data },
  metadata: { now: later },
});

describe('Program assignments', () => {
  describe('assign', () => {
    it('given nothing, when a program is assigned, then it starts now, with its message trimmed', () => {
      given([]).when(assign()).then([assigned]);
    });

    it('given nothing, when a start date is given, then it starts then and is due after it', () => {
      const start = '2026-12-10T08:00:00.000Z';
      given([])
        .when(assign({ startsAt: start }))
        .then([{ ...assigned, data: { ...assigned.data, startsAt: start } }]);
      given([])
        .when(assign({ startsAt: '2026-12-22T08:00:00.000Z' }))
        .thenThrows(ValidationError, isCode('invalid_assignment_due_at'));
    });

    it('when the due date has passed already, then it is refused on due_at', () => {
      given([])
        .when(assign({ dueAt: '2026-12-01T00:00:00.000Z' }))
        .thenThrows(
          ValidationError,
          (error) => error.code === 'invalid_assignment_due_at' && error.details?.['field'] === 'due_at',
        );
    });

    it('when nobody, or too many, are named, then it is refused on assignees; the same one twice counts once', () => {
      given([])
        .when(assign({ assignees: [] }))
        .thenThrows(ValidationError, isCode('invalid_assignment_assignees'));
      const many = Array.from({ length: ASSIGNEES_MAX + 1 }, (_, index) => ({ userId: `u${index}` }));
      given([])
        .when(assign({ assignees: many }))
        .thenThrows(ValidationError, isCode('invalid_assignment_assignees'));
      given([])
        .when(assign({ assignees: [{ userId: 'ada' }, { userGroupId: 'sales' }, { userId: 'ada' }] }))
        .then([{ ...assigned, data: { ...assigned.data, assignees: [{ userId: 'ada' }, { userGroupId: 'sales' }] } }]);
    });

    it('when the time zone is not one by its name, then it is refused on time_zone', () => {
      given([])
        .when(assign({ timeZone: 'Paris' }))
        .thenThrows(ValidationError, isCode('invalid_time_zone'));
      given([])
        .when(assign({ timeZone: '' }))
        .thenThrows(ValidationError, isCode('invalid_time_zone'));
    });

    it('given an assignment, when assigned again under its id, then it is refused', () => {
      given([assigned]).when(assign()).thenThrows(ConflictError, isCode('assignment_exists'));
    });
  });

  describe('due date', () => {
    it('given an assignment, when its due date changes, then the change is recorded; the same date again changes nothing', () => {
      const next = '2027-01-08T17:00:00.000Z';
      given([assigned])
        .when(changeDue(next, 'America/New_York'))
        .then([
          {
            type: 'AssignmentDueDateChanged',
            data: {
              assignmentId: 'a1',
              dueAt: next,
              timeZone: 'America/New_York',
              changedBy: 'manager',
              changedAt: later,
            },
          },
        ]);
      given([assigned]).when(changeDue(due)).thenNothing();
    });

    it('given an overdue assignment, when the due date moves to the future, then it is accepted; to the past, refused', () => {
      const afterDue = '2026-12-22T09:00:00.000Z';
      given([assigned])
        .when(changeDue('2026-12-29T17:00:00.000Z', 'Europe/Paris', afterDue))
        .then([
          {
            type: 'AssignmentDueDateChanged',
            data: {
              assignmentId: 'a1',
              dueAt: '2026-12-29T17:00:00.000Z',
              timeZone: 'Europe/Paris',
              changedBy: 'manager',
              changedAt: afterDue,
            },
          },
        ]);
      given([assigned])
        .when(changeDue('2026-12-21T18:00:00.000Z', 'Europe/Paris', afterDue))
        .thenThrows(ValidationError, isCode('invalid_assignment_due_at'));
    });

    it('given nothing, when a due date changes, then the assignment is not found', () => {
      given([]).when(changeDue(due)).thenThrows(NotFoundError, isCode('assignment_not_found'));
    });
  });

  describe('withdraw', () => {
    it('given an assignment, when withdrawn, then it is; withdrawn again, nothing more happens', () => {
      given([assigned]).when(withdraw).then([withdrawn]);
      given([assigned, withdrawn]).when(withdraw).thenNothing();
    });

    it('given a withdrawn assignment, when its due date changes or attempts are granted, then it is refused', () => {
      given([assigned, withdrawn]).when(changeDue(due)).thenThrows(ConflictError, isCode('assignment_withdrawn'));
      given([assigned, withdrawn]).when(grant()).thenThrows(ConflictError, isCode('assignment_withdrawn'));
    });
  });

  describe('extra attempts', () => {
    it('given an assignment, when attempts are granted on an item, then they add up for that learner and item', () => {
      const granted: ProgramAssignmentEvent = {
        type: 'AssignmentAttemptsGranted',
        data: { assignmentId: 'a1', userId: 'ada', itemIndex: 1, attempts: 2, grantedBy: 'manager', grantedAt: later },
      };
      given([assigned]).when(grant()).then([granted]);
      const state = [assigned, granted, granted].reduce(
        programAssignmentDecider.evolve,
        programAssignmentDecider.initialState(),
      );
      expect(state).toMatchObject({ extraAttempts: { ada: { 1: 4 } } });
    });

    it('when the item is not in the program, or the attempts are out of 1–10, then it is refused', () => {
      given([assigned])
        .when(grant({ itemIndex: 3 }))
        .thenThrows(ValidationError, isCode('invalid_assignment_item'));
      given([assigned])
        .when(grant({ itemIndex: -1 }))
        .thenThrows(ValidationError, isCode('invalid_assignment_item'));
      given([assigned])
        .when(grant({ attempts: 0 }))
        .thenThrows(ValidationError, isCode('invalid_assignment_attempts'));
      given([assigned])
        .when(grant({ attempts: 11 }))
        .thenThrows(ValidationError, isCode('invalid_assignment_attempts'));
    });
  });

  describe('reminders', () => {
    const remind = (learnerIds: string[], dueAt = due): ProgramAssignmentCommand => ({
      type: 'RecordAssignmentReminders',
      data: { assignmentId: 'a1', reminder: 'due_tomorrow', dueAt, learnerIds },
      metadata: { now: later },
    });
    const reminded = (learnerIds: string[], dueAt = due): ProgramAssignmentEvent => ({
      type: 'AssignmentRemindersSent',
      data: { assignmentId: 'a1', reminder: 'due_tomorrow', dueAt, learnerIds, sentAt: later },
    });
    const moved = '2026-12-28T17:00:00.000Z';
    const dueChanged: ProgramAssignmentEvent = {
      type: 'AssignmentDueDateChanged',
      data: { assignmentId: 'a1', dueAt: moved, timeZone: 'Europe/Paris', changedBy: 'manager', changedAt: later },
    };

    it('given learners reminded, when the same reminder is recorded again (a retry, a restart), then only the others are', () => {
      given([assigned])
        .when(remind(['ada', 'bob', 'ada']))
        .then([reminded(['ada', 'bob'])]);
      given([assigned, reminded(['ada', 'bob'])])
        .when(remind(['bob', 'cy']))
        .then([reminded(['cy'])]);
      given([assigned, reminded(['ada'])])
        .when(remind(['ada']))
        .thenNothing();
    });

    it('given a due date moved, when a reminder of the old date is recorded, then nothing; the new date has its own', () => {
      given([assigned, dueChanged])
        .when(remind(['ada']))
        .thenNothing();
      given([assigned, reminded(['ada']), dueChanged])
        .when(remind(['ada'], moved))
        .then([reminded(['ada'], moved)]);
    });

    it('given a withdrawn assignment, when a reminder is recorded, then nothing is', () => {
      given([assigned, withdrawn])
        .when(remind(['ada']))
        .thenNothing();
    });

    it('given a learner, when they mute the reminders, then it is recorded once; unmuted, again once', () => {
      const mute = (muted: boolean): ProgramAssignmentCommand => ({
        type: 'MuteAssignmentReminders',
        data: { assignmentId: 'a1', learnerId: 'ada', muted },
        metadata: { now: later },
      });
      const muted = (value: boolean): ProgramAssignmentEvent => ({
        type: 'AssignmentRemindersMuted',
        data: { assignmentId: 'a1', userId: 'ada', muted: value, at: later },
      });
      given([assigned])
        .when(mute(true))
        .then([muted(true)]);
      given([assigned, muted(true)])
        .when(mute(true))
        .thenNothing();
      given([assigned, muted(true)])
        .when(mute(false))
        .then([muted(false)]);
      given([assigned]).when(mute(false)).thenNothing();
      given([assigned, withdrawn]).when(mute(true)).thenThrows(ConflictError, isCode('assignment_withdrawn'));
    });
  });

  describe('pass', () => {
    const pass = (learnerId = 'ada', certificateId = 'cert-1'): ProgramAssignmentCommand => ({
      type: 'RecordAssignmentPass',
      data: { assignmentId: 'a1', learnerId, certificateId, score: 80, itemScores: [70, 80, 90] },
      metadata: { now: later },
    });
    const passed = (userId = 'ada', certificateId = 'cert-1'): ProgramAssignmentEvent => ({
      type: 'AssignmentPassed',
      data: { assignmentId: 'a1', userId, certificateId, score: 80, itemScores: [70, 80, 90], passedAt: later },
    });

    it('given a learner who passed every item, when the pass is recorded, then their certificate is issued once', () => {
      given([assigned]).when(pass()).then([passed()]);
      given([assigned, passed()]).when(pass('ada', 'cert-2')).thenNothing();
      given([assigned, passed()])
        .when(pass('bob', 'cert-2'))
        .then([passed('bob', 'cert-2')]);
    });

    it('given a withdrawn assignment, when a pass is recorded, then no certificate is issued', () => {
      given([assigned, withdrawn]).when(pass()).thenNothing();
    });

    it('when the scores do not match the program’s items, then it is refused', () => {
      given([assigned])
        .when({ ...pass(), data: { ...pass().data, itemScores: [90] } } as ProgramAssignmentCommand)
        .thenThrows(ValidationError, isCode('invalid_assignment_item'));
    });
  });

  describe('who it reaches', () => {
    const assignees = assigned.data.assignees;

    it('reaches a learner it names, and the members of a group it names', () => {
      expect(assignmentReaches(assignees, { userId: 'ada', userGroupIds: [] })).toBe(true);
      expect(assignmentReaches(assignees, { userId: 'bob', userGroupIds: ['sales'] })).toBe(true);
      expect(assignmentReaches(assignees, { userId: 'eve', userGroupIds: ['support'] })).toBe(false);
    });

    it('given a member who joins the group after the assignment, then it reaches them; one who left, no longer', () => {
      // Membership is read when asked, not copied at the assignment.
      const before = { userId: 'carl', userGroupIds: [] as string[] };
      expect(assignmentReaches(assignees, before)).toBe(false);
      expect(assignmentReaches(assignees, { ...before, userGroupIds: ['sales'] })).toBe(true);
      expect(assignmentReaches(assignees, { userId: 'ada', userGroupIds: [] })).toBe(true);
    });
  });

  describe("a learner's status", () => {
    const active = { status: 'active' as const, dueAt: due };

    it('is the program’s outcome before the due date, overdue after it unless passed or failed', () => {
      expect(learnerAssignmentStatus(active, 'not_started', now)).toBe('not_started');
      expect(learnerAssignmentStatus(active, 'in_progress', now)).toBe('in_progress');
      expect(learnerAssignmentStatus(active, 'in_progress', due)).toBe('overdue');
      expect(learnerAssignmentStatus(active, 'not_started', '2026-12-22T00:00:00.000Z')).toBe('overdue');
      expect(learnerAssignmentStatus(active, 'passed', '2026-12-22T00:00:00.000Z')).toBe('passed');
      expect(learnerAssignmentStatus(active, 'failed', now)).toBe('failed');
    });

    it('is withdrawn once the assignment is, whatever the outcome', () => {
      expect(learnerAssignmentStatus({ ...active, status: 'withdrawn' }, 'passed', now)).toBe('withdrawn');
    });
  });
});
