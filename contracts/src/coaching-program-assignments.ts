import {
  ASSIGNEES_MAX,
  ASSIGNMENT_MESSAGE_MAX,
  ASSIGNMENT_REMINDERS,
  isTimeZone,
  listParamsSchema,
  PROGRAM_ATTEMPTS_MAX,
  PROGRAM_ITEM_STATUSES,
  USER_LOCALES,
} from '@ai-coaching/domain';
import { z } from 'zod';
import { closed, idSchema, text } from './http/fields.js';
import { listOf, pageOf } from './http/lists.js';
import { defineOperations } from './http/operation.js';
import { rule } from './i18n/messages.js';

// Assignments of a program (issue 27, docs/programs.md "Assignments"): who must pass which published version by when.

/** A user, or a user group whose members (as they are whenever asked) are assigned. */
export const assigneeSchema = z.union([
  z.strictObject({ user_id: idSchema }),
  z.strictObject({ user_group_id: idSchema }),
]);

const timeZone = text().refine(isTimeZone, rule('time_zone'));
const instant = z.iso.datetime({ offset: true });

export const programAssignmentSchema = z.strictObject({
  id: text(),
  program_id: text(),
  /** The published version assigned: a later version does not change what it asks. */
  program_version: z.number().int(),
  assignees: z.array(assigneeSchema),
  starts_at: text(),
  due_at: text(),
  time_zone: text(),
  message: text(),
  status: z.enum(['active', 'withdrawn']),
  assigned_by: text(),
  assigned_at: text(),
  withdrawn_at: text().nullable(),
});
export type ProgramAssignment = z.infer<typeof programAssignmentSchema>;

const params = z.object({ id: idSchema });
const assignmentParams = z.object({ id: idSchema, assignment_id: idSchema });
const notFound = {
  description: '`coaching_item_not_found` (no program the caller may assign), or `assignment_not_found`.',
};
const answer = { description: 'The assignment.', schema: programAssignmentSchema };

export const programAssignmentOperations = defineOperations(
  { name: 'programAssignments', tag: 'Coaching: programs' },
  {
    create: {
      method: 'POST',
      path: '/v1/coaching/programs/:id/assignments',
      summary:
        'Assign the program’s published version to users and user groups (members joining a group later get it too), from `starts_at` (now when left out) to `due_at`, said on `time_zone`’s clock.',
      idempotent: true,
      params,
      body: closed(
        z.object({
          assignees: z.array(assigneeSchema).min(1).max(ASSIGNEES_MAX),
          starts_at: instant.optional(),
          due_at: instant,
          time_zone: timeZone,
          message: text().trim().max(ASSIGNMENT_MESSAGE_MAX).optional(),
        }),
      ),
      responses: {
        201: answer,
        400: { description: '`invalid_assignment_due_at`, `invalid_time_zone`, `invalid_assignment_assignees`.' },
        404: {
          description:
            '`coaching_item_not_found`, or `assignee_not_found` (a user or group not of the program’s organization).',
        },
        409: { description: '`program_not_published`: publish a version first.' },
      },
    },
    list: {
      method: 'GET',
      path: '/v1/coaching/programs/:id/assignments',
      summary: 'The program’s assignments, newest first, withdrawn ones included.',
      params,
      responses: { 200: { description: 'The assignments.', schema: listOf(programAssignmentSchema) }, 404: notFound },
    },
    update: {
      method: 'PATCH',
      path: '/v1/coaching/programs/:id/assignments/:assignment_id',
      summary: 'Change the due date (and its time zone); reminders follow the new date.',
      params: assignmentParams,
      body: closed(z.object({ due_at: instant, time_zone: timeZone })),
      responses: { 200: answer, 404: notFound, 409: { description: '`assignment_withdrawn`.' } },
    },
    grantAttempts: {
      method: 'POST',
      path: '/v1/coaching/programs/:id/assignments/:assignment_id/attempts',
      summary:
        'Grant a learner the assignment reaches extra attempts on one item (`item_index`, from 0), beyond the pass rule’s; grants add up. A failed item with attempts left is in progress again.',
      params: assignmentParams,
      body: closed(
        z.object({
          user_id: idSchema,
          item_index: z.number().int().min(0),
          attempts: z.number().int().min(1).max(PROGRAM_ATTEMPTS_MAX),
        }),
      ),
      responses: {
        200: answer,
        400: { description: '`invalid_assignment_item`: the program version has no such item.' },
        404: {
          description: '`assignment_not_found`, or `assignee_not_found`: the assignment does not reach this user.',
        },
        409: { description: '`assignment_withdrawn`.' },
      },
    },
    withdraw: {
      method: 'POST',
      path: '/v1/coaching/programs/:id/assignments/:assignment_id/withdraw',
      summary: 'Withdraw the assignment: its learners no longer have it to do; what they played stays theirs.',
      params: assignmentParams,
      responses: { 200: answer, 404: notFound },
    },
  },
);

/** A learner's status on an assignment (docs/programs.md). */
export const LEARNER_ASSIGNMENT_STATUSES = [...PROGRAM_ITEM_STATUSES, 'overdue', 'withdrawn'] as const;

/** One item of an assigned program as the learner stands on it. */
export const myAssignmentItemSchema = z.strictObject({
  kind: z.enum(['scenario', 'playlist']),
  id: text(),
  name: text(),
  status: z.enum(PROGRAM_ITEM_STATUSES),
  /** The score that counts (best or last try); a playlist's: the mean of its scenarios' once each has one. */
  score: z.number().nullable(),
  /** A scenario's tries that count, and those left (null: unlimited); null for a playlist. */
  attempts_used: z.number().int().nullable(),
  attempts_left: z.number().int().nullable(),
  /** A playlist's scenarios passed, of all; null for a scenario. */
  scenarios: z.strictObject({ passed: z.number().int(), total: z.number().int() }).nullable(),
  /** Whether it may be played now (`in_order`: once every item before it is passed). */
  open: z.boolean(),
});

export const myAssignmentSchema = z.strictObject({
  id: text(),
  program_id: text(),
  program_version: z.number().int(),
  name: text(),
  description: text(),
  message: text(),
  status: z.enum(LEARNER_ASSIGNMENT_STATUSES),
  starts_at: text(),
  due_at: text(),
  time_zone: text(),
  progress: z.strictObject({ passed: z.number().int(), total: z.number().int() }),
  items: z.array(myAssignmentItemSchema),
  /** Whether the learner muted its reminders (the first notice and the "passed" one still come). */
  reminders_muted: z.boolean(),
  /** Once passed: the certificate's id (`GET /v1/certificates/{id}`, public). */
  certificate_id: text().nullable(),
});
export type MyAssignment = z.infer<typeof myAssignmentSchema>;

export const myAssignmentOperations = defineOperations(
  { name: 'myAssignments', tag: 'Coaching: programs' },
  {
    list: {
      method: 'GET',
      path: '/v1/me/assignments',
      summary:
        'The caller’s assignments (named, or through a group they are in now): due soonest first, withdrawn ones last, each with its progress item by item.',
      query: closed(listParamsSchema.pick({ page: true, page_size: true })),
      responses: { 200: { description: 'A page.', schema: pageOf(myAssignmentSchema) } },
    },
    muteReminders: {
      method: 'PUT',
      path: '/v1/me/assignments/:id/reminders',
      summary:
        'Mute (or unmute) the reminders of one of the caller’s assignments: due in 3 days, due tomorrow, overdue. The first notice and the "passed" one are not reminders, and still come.',
      params,
      body: closed(z.object({ muted: z.boolean() })),
      responses: {
        200: { description: 'The assignment as the caller stands on it.', schema: myAssignmentSchema },
        404: { description: '`assignment_not_found`: no assignment of the caller’s with this id.' },
        409: { description: '`assignment_withdrawn`.' },
      },
    },
  },
);

/** One learner an assignment reaches, and where they stand: what its managers follow. */
export const assignmentLearnerSchema = z.strictObject({
  user_id: text(),
  first_name: text(),
  last_name: text(),
  email: text(),
  status: z.enum(LEARNER_ASSIGNMENT_STATUSES),
  progress: z.strictObject({ passed: z.number().int(), total: z.number().int() }),
  /** Item by item, in the program's order. */
  items: z.array(z.strictObject({ status: z.enum(PROGRAM_ITEM_STATUSES), score: z.number().nullable() })),
  /** The reminders sent to this learner, oldest first (of every due date the assignment had). */
  reminders_sent: z.array(z.strictObject({ reminder: z.enum(ASSIGNMENT_REMINDERS), due_at: text(), sent_at: text() })),
  reminders_muted: z.boolean(),
  certificate_id: text().nullable(),
});
export type AssignmentLearner = z.infer<typeof assignmentLearnerSchema>;

const learnerFilters = {
  status: z.enum(LEARNER_ASSIGNMENT_STATUSES).optional(),
  /** Only the members of this group (one the assignment names, or any of the organization's). */
  user_group_id: idSchema.optional(),
};

/** The columns of the learners' CSV, in order. */
export const ASSIGNMENT_EXPORT_COLUMNS = [
  'user_id',
  'first_name',
  'last_name',
  'email',
  'status',
  'items_passed',
  'items_total',
  'due_at',
  'reminders_sent',
] as const;
export type AssignmentExportRow = Record<(typeof ASSIGNMENT_EXPORT_COLUMNS)[number], string | number>;

export const assignmentLearnerOperations = defineOperations(
  { name: 'assignmentLearners', tag: 'Coaching: programs' },
  {
    list: {
      method: 'GET',
      path: '/v1/coaching/programs/:id/assignments/:assignment_id/learners',
      summary:
        'Every learner the assignment reaches now (named, or a member of a group it names), by name, with their status, progress and each item’s; filtered by status or group.',
      params: assignmentParams,
      query: closed(z.object(learnerFilters)),
      responses: {
        200: { description: 'The learners.', schema: listOf(assignmentLearnerSchema) },
        404: notFound,
      },
    },
    export: {
      method: 'GET',
      path: '/v1/coaching/programs/:id/assignments/:assignment_id/learners.csv',
      summary:
        'The same learners as CSV (RFC 4180, a header row in the caller’s language or `lang`), for download: one row per learner with their status, items passed and the due date.',
      params: assignmentParams,
      query: closed(z.object({ ...learnerFilters, lang: z.enum(USER_LOCALES).optional() })),
      responses: { 200: { description: '`text/csv`, as an attachment.' }, 404: notFound },
    },
  },
);
