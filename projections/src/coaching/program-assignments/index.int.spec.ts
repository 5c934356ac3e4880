import type { ProgramAssignmentEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { findProgramAssignment, listProgramAssignments, programAssignmentsProjection } from './index.js';

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
    });
  });

  it('lists a program’s assignments newest first, a withdrawn one marked', async () => {
    const listed = await listProgramAssignments(db, 'onboarding');
    expect(listed.map((item) => [item.assignmentId, item.withdrawnAt])).toEqual([
      ['second', at(5)],
      ['first', null],
    ]);
  });

  it('changes nothing when its events are applied again: granted attempts are not counted twice', async () => {
    const rows = async () => (await db.query('SELECT * FROM rm_program_assignments ORDER BY 1')).rows;
    const before = await rows();
    await reapplyTwice();
    expect(await rows()).toEqual(before);
  });
});
