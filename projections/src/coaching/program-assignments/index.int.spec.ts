import type { ProgramAssignmentEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import {
  certificatesOfAssignment,
  findAssignmentCertificate,
  findProgramAssignment,
  listAssignmentRemindersSent,
  listAssignmentsDueAfter,
  listAssignmentsNamingGroup,
  listProgramAssignments,
  programAssignmentsProjection,
} from './index.js';

const assigned = (assignmentId: string, day: number): ProgramAssignmentEvent => ({
  type: 'ProgramAssigned',
  data: {
    assignmentId,
    organizationId: 'acme',
    programId: 'onboarding',
    programVersion: 2,
    itemCount: 3,
    assignees: [{ userGroupId: 'sales' }, { userId: 'ada' }],
    startsAt: at(day),
    dueAt: at(day + 14),
    timeZone: 'Europe/Paris',
    message: 'Before the quarter starts.',
    assignedBy: 'manager',
    assignedAt: at(day),
  },
});
const granted = (userId: string, itemIndex: number, attempts: number): ProgramAssignmentEvent => ({
  type: 'AssignmentAttemptsGranted',
  data: { assignmentId: 'first', userId, itemIndex, attempts, grantedBy: 'manager', grantedAt: at(3) },
});

const reminded = (learnerIds: string[], dueAt: string): ProgramAssignmentEvent => ({
  type: 'AssignmentRemindersSent',
  data: { assignmentId: 'first', reminder: 'due_tomorrow', dueAt, learnerIds, sentAt: at(3) },
});
const muted = (userId: string, value: boolean): ProgramAssignmentEvent => ({
  type: 'AssignmentRemindersMuted',
  data: { assignmentId: 'first', userId, muted: value, at: at(3) },
});

describe('program-assignments read model', () => {
  const { db, reapplyTwice } = seededReadModel<ProgramAssignmentEvent>(
    programAssignmentsProjection,
    async ({ append }) => {
      await append(
        'program-assignment-first',
        assigned('first', 1),
        {
          type: 'AssignmentDueDateChanged',
          data: { assignmentId: 'first', dueAt: at(20), timeZone: 'UTC', changedBy: 'manager', changedAt: at(2) },
        },
        granted('ada', 1, 2),
        granted('ada', 1, 1),
        granted('bob', 0, 3),
        reminded(['ada', 'bob'], at(17)),
        reminded(['bob', 'cy'], at(20)),
        muted('ada', true),
        muted('bob', true),
        muted('ada', false),
        {
          type: 'AssignmentPassed',
          data: {
            assignmentId: 'first',
            userId: 'ada',
            certificateId: 'cert-ada',
            score: 82.5,
            itemScores: [80, 85, null],
            passedAt: at(4),
          },
        },
      );
      await append('program-assignment-second', assigned('second', 4), {
        type: 'AssignmentWithdrawn',
        data: { assignmentId: 'second', withdrawnBy: 'manager', withdrawnAt: at(5) },
      });
    },
  );

  it('holds each assignment with its latest due date, and the extra attempts added up by learner and item', async () => {
    expect(await findProgramAssignment(db, 'first')).toEqual({
      assignmentId: 'first',
      organizationId: 'acme',
      programId: 'onboarding',
      programVersion: 2,
      itemCount: 3,
      assignees: [{ userGroupId: 'sales' }, { userId: 'ada' }],
      startsAt: at(1),
      dueAt: at(20),
      timeZone: 'UTC',
      message: 'Before the quarter starts.',
      assignedBy: 'manager',
      assignedAt: at(1),
      withdrawnAt: null,
      extraAttempts: { ada: { '1': 3 }, bob: { '0': 3 } },
      dueSetAt: at(2),
      muted: ['bob'],
    });
  });

  it('keeps each reminder sent by learner and due date, and the active assignments still due', async () => {
    expect((await listAssignmentRemindersSent(db, 'first')).map(({ userId, dueAt }) => [userId, dueAt])).toEqual([
      ['ada', at(17)],
      ['bob', at(17)],
      ['bob', at(20)],
      ['cy', at(20)],
    ]);
    expect((await listAssignmentRemindersSent(db, 'first', ['cy'])).map(({ userId }) => userId)).toEqual(['cy']);
    expect((await listAssignmentsDueAfter(db, at(10))).map(({ assignmentId }) => assignmentId)).toEqual(['first']);
    expect(await listAssignmentsDueAfter(db, at(20))).toEqual([]);
    expect((await listAssignmentsNamingGroup(db, 'acme', 'sales')).map(({ assignmentId }) => assignmentId)).toEqual([
      'second',
      'first',
    ]);
    expect(await listAssignmentsNamingGroup(db, 'other', 'sales')).toEqual([]);
    expect(await listAssignmentsNamingGroup(db, 'acme', 'ada')).toEqual([]);
  });

  it('lists a program’s assignments newest first, a withdrawn one marked', async () => {
    const listed = await listProgramAssignments(db, 'onboarding');
    expect(listed.map((item) => [item.assignmentId, item.withdrawnAt])).toEqual([
      ['second', at(5)],
      ['first', null],
    ]);
  });

  it('keeps each certificate with its assignment’s program version and the scores that counted', async () => {
    const certificate = {
      certificateId: 'cert-ada',
      assignmentId: 'first',
      organizationId: 'acme',
      programId: 'onboarding',
      programVersion: 2,
      userId: 'ada',
      score: 82.5,
      itemScores: [80, 85, null],
      passedAt: at(4),
    };
    expect(await findAssignmentCertificate(db, 'cert-ada')).toEqual(certificate);
    expect(await findAssignmentCertificate(db, 'cert-bob')).toBeUndefined();
    expect([...(await certificatesOfAssignment(db, 'first')).entries()]).toEqual([['ada', certificate]]);
  });

  it('changes nothing when its events are applied again: granted attempts are not counted twice', async () => {
    const rows = async () => [
      (await db.query('SELECT * FROM rm_program_assignments ORDER BY 1')).rows,
      (await db.query('SELECT * FROM rm_program_assignment_reminders ORDER BY 1, 2, 3, 4')).rows,
      (await db.query('SELECT * FROM rm_assignment_certificates ORDER BY 1')).rows,
    ];
    const before = await rows();
    await reapplyTwice();
    expect(await rows()).toEqual(before);
  });
});
