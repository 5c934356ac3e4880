import { describe, expect, it } from 'vitest';
import { assignmentReminders, reminderTiming } from './reminders.js';

describe('Assignment reminders', () => {
  it('given a due date in Paris after the change to summer time, then each reminder keeps the due wall time', () => {
    // Due Tuesday 1 April 2031 at 18:00 CEST; clocks went forward on Sunday 30 March.
    expect(
      assignmentReminders(
        { startsAt: '2031-03-01T09:00:00.000Z', dueAt: '2031-04-01T16:00:00.000Z', timeZone: 'Europe/Paris' },
        '2031-03-01T09:00:00.000Z',
      ),
    ).toEqual([
      // Saturday 29 March, 18:00 CET.
      { kind: 'due_in_3_days', at: '2031-03-29T17:00:00.000Z' },
      // Monday 31 March, 18:00 CEST.
      { kind: 'due_tomorrow', at: '2031-03-31T16:00:00.000Z' },
      { kind: 'overdue', at: '2031-04-01T16:00:00.000Z' },
    ]);
  });

  it('given a due date in New York after the change back to winter time, then the day before is 25 hours before', () => {
    // Due Monday 3 November 2031 at 09:00 EST; clocks went back on Sunday 2 November.
    const [, tomorrow] = assignmentReminders(
      { startsAt: '2031-10-01T00:00:00.000Z', dueAt: '2031-11-03T14:00:00.000Z', timeZone: 'America/New_York' },
      '2031-10-01T00:00:00.000Z',
    );
    expect(tomorrow).toEqual({ kind: 'due_tomorrow', at: '2031-11-02T14:00:00.000Z' });
  });

  it('when the due date is near, then only the reminders still to come are sent, never late', () => {
    const due = { startsAt: '2031-05-10T08:00:00.000Z', dueAt: '2031-05-12T08:00:00.000Z', timeZone: 'UTC' };
    expect(assignmentReminders(due, due.startsAt).map((reminder) => reminder.kind)).toEqual([
      'due_tomorrow',
      'overdue',
    ]);
    expect(assignmentReminders(due, '2031-05-11T09:00:00.000Z').map((reminder) => reminder.kind)).toEqual(['overdue']);
    expect(assignmentReminders(due, '2031-05-12T09:00:00.000Z')).toEqual([]);
  });

  it('when an assignment starts later, then no reminder falls before its start', () => {
    const later = { startsAt: '2031-05-10T08:00:00.000Z', dueAt: '2031-05-11T20:00:00.000Z', timeZone: 'UTC' };
    expect(assignmentReminders(later, '2031-05-01T00:00:00.000Z').map((reminder) => reminder.kind)).toEqual([
      'due_tomorrow',
      'overdue',
    ]);
  });

  it('given a restart after an outage, then a reminder whose time came meanwhile is sent at once, unless the next is due', () => {
    const due = { startsAt: '2031-05-01T08:00:00.000Z', dueAt: '2031-05-12T08:00:00.000Z', timeZone: 'UTC' };
    const setAt = '2031-05-01T08:00:00.000Z';
    // Down from 8 May to 10 May at noon: "due in 3 days" (9 May 08:00) is still true, "due tomorrow" still to come.
    expect(assignmentReminders(due, '2031-05-10T12:00:00.000Z', setAt).map((reminder) => reminder.kind)).toEqual([
      'due_in_3_days',
      'due_tomorrow',
      'overdue',
    ]);
    // Back on 11 May at noon: "due tomorrow" is the true one; "due in 3 days" is late.
    expect(assignmentReminders(due, '2031-05-11T12:00:00.000Z', setAt).map((reminder) => reminder.kind)).toEqual([
      'due_tomorrow',
      'overdue',
    ]);
    // A week after the due time, not even the overdue notice.
    expect(assignmentReminders(due, '2031-05-19T08:00:00.000Z', setAt)).toEqual([]);
  });

  it('when a reminder job runs, then it sends only between its time and the next one', () => {
    const due = { dueAt: '2031-05-12T08:00:00.000Z', timeZone: 'UTC' };
    expect(reminderTiming(due, 'due_in_3_days', '2031-05-09T07:59:00.000Z')).toBe('early');
    expect(reminderTiming(due, 'due_in_3_days', '2031-05-09T07:59:59.500Z')).toBe('due');
    expect(reminderTiming(due, 'due_in_3_days', '2031-05-11T07:59:00.000Z')).toBe('due');
    expect(reminderTiming(due, 'due_in_3_days', '2031-05-11T08:00:00.000Z')).toBe('late');
    expect(reminderTiming(due, 'due_tomorrow', '2031-05-12T08:00:00.000Z')).toBe('late');
    expect(reminderTiming(due, 'overdue', '2031-05-18T08:00:00.000Z')).toBe('due');
    expect(reminderTiming(due, 'overdue', '2031-05-19T08:00:00.000Z')).toBe('late');
  });
});
