import { shiftZonedDays } from '../../shared/zoned-time.js';

/**
 * When an assignment's reminders fall (docs/programs.md, "Notices"): three days and one day before its due time, on
 * its zone's clock (the same wall time, whatever summer time did in between), and at the due time itself for the
 * overdue notice, sent once. The reminder jobs are scheduled from this, and again whenever the due date changes.
 */
export const ASSIGNMENT_REMINDERS = ['due_in_3_days', 'due_tomorrow', 'overdue'] as const;
export type AssignmentReminder = (typeof ASSIGNMENT_REMINDERS)[number];

const DAYS_BEFORE: Record<AssignmentReminder, number> = { due_in_3_days: 3, due_tomorrow: 1, overdue: 0 };

/** When this reminder of the assignment falls. */
export const reminderAt = (assignment: { dueAt: string; timeZone: string }, reminder: AssignmentReminder): string =>
  shiftZonedDays(assignment.dueAt, assignment.timeZone, -DAYS_BEFORE[reminder]);

/** A reminder job may run this much before its time (clocks a little apart) and still send. */
export const REMINDER_EARLY_TOLERANCE_MS = 1000;

/**
 * Whether a reminder's job, run now, sends it: `early` before its time (the queue tries again later), `late` once the
 * next one is due (a "due in 3 days" after the "due tomorrow" time, a "due tomorrow" after the due time: after a long
 * outage, the learner gets the reminder that is true now, not a stale one), else `due`. The overdue notice is late a
 * week after the due time: nobody is told of a deadline long past as if it were news.
 */
export const reminderTiming = (
  assignment: { dueAt: string; timeZone: string },
  reminder: AssignmentReminder,
  now: string,
): 'early' | 'due' | 'late' => {
  const at = Date.parse(now);
  if (at < Date.parse(reminderAt(assignment, reminder)) - REMINDER_EARLY_TOLERANCE_MS) return 'early';
  const next = ASSIGNMENT_REMINDERS[ASSIGNMENT_REMINDERS.indexOf(reminder) + 1];
  const lateAt =
    next === undefined
      ? Date.parse(assignment.dueAt) + OVERDUE_NOTICE_LATE_MS
      : Date.parse(reminderAt(assignment, next));
  return at >= lateAt ? 'late' : 'due';
};

/** How long after the due time the overdue notice is still sent (a restart after an outage). */
export const OVERDUE_NOTICE_LATE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The reminders to schedule, with their instants, oldest first: those that fall after both the start and `since`,
 * when the due date was set (a due date three days away has no "due in 3 days"), and are not late `now`. Scheduling
 * when the due date is set, `since` is now: only reminders still to come. A restart's catch-up passes when it was set:
 * a reminder whose time came while nothing ran is sent at once, unless the next one is due already.
 */
export const assignmentReminders = (
  assignment: { startsAt: string; dueAt: string; timeZone: string },
  now: string,
  since: string = now,
): { kind: AssignmentReminder; at: string }[] => {
  const after = Math.max(Date.parse(assignment.startsAt), Date.parse(since));
  return ASSIGNMENT_REMINDERS.map((kind) => ({ kind, at: reminderAt(assignment, kind) })).filter(
    ({ kind, at }) => Date.parse(at) > after && reminderTiming(assignment, kind, now) !== 'late',
  );
};
