import { shiftZonedDays } from '../../shared/zoned-time.js';

/**
 * When an assignment's reminders fall (docs/programs.md, "Notices"): three days and one day before its due time, on
 * its zone's clock (the same wall time, whatever summer time did in between), and at the due time itself for the
 * overdue notice, sent once. The reminder jobs are scheduled from this, and again whenever the due date changes.
 */
export const ASSIGNMENT_REMINDERS = ['due_in_3_days', 'due_tomorrow', 'overdue'] as const;
export type AssignmentReminder = (typeof ASSIGNMENT_REMINDERS)[number];

const DAYS_BEFORE: Record<AssignmentReminder, number> = { due_in_3_days: 3, due_tomorrow: 1, overdue: 0 };

/**
 * The reminders still to send, with their instants, oldest first: those that fall after both the start and `now`
 * (a due date three days away has no "due in 3 days"; a reminder whose time has passed is not sent late).
 */
export const assignmentReminders = (
  assignment: { startsAt: string; dueAt: string; timeZone: string },
  now: string,
): { kind: AssignmentReminder; at: string }[] => {
  const after = Math.max(Date.parse(assignment.startsAt), Date.parse(now));
  return ASSIGNMENT_REMINDERS.map((kind) => ({
    kind,
    at: shiftZonedDays(assignment.dueAt, assignment.timeZone, -DAYS_BEFORE[kind]),
  })).filter(({ at }) => Date.parse(at) > after);
};
