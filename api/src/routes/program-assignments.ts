import {
  assignProgram,
  changeAssignmentDueDate,
  exportAssignmentLearners,
  listAssignmentLearners,
  grantAssignmentAttempts,
  listMyAssignments,
  muteMyAssignmentReminders,
  listProgramAssignments,
  withdrawAssignment,
} from '@ai-coaching/application';
import {
  ASSIGNMENT_EXPORT_COLUMNS,
  assignmentLearnerOperations as learners,
  myAssignmentOperations,
  programAssignmentOperations as op,
} from '@ai-coaching/contracts';
import { csvAttachment } from '../credits/csv.js';
import { defineRoute, permission, signedIn } from '../http/route.js';

// Assignments of a program (docs/programs.md): managed with `coaching-program-assign`, listed with the program's read.
export const programAssignmentRoutes = [
  defineRoute(op.create, {
    access: permission('coaching-program-assign'),
    handler: async ({ params, body, origin, services }) => ({
      status: 201,
      body: await assignProgram(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.list, {
    access: permission('coaching-program-read'),
    handler: async ({ params, origin, services }) => ({
      body: await listProgramAssignments(services, origin, params.id),
    }),
  }),
  defineRoute(op.update, {
    access: permission('coaching-program-assign'),
    handler: async ({ params, body, origin, services }) => ({
      body: await changeAssignmentDueDate(services, origin, params.id, params.assignment_id, body),
    }),
  }),
  defineRoute(op.grantAttempts, {
    access: permission('coaching-program-assign'),
    handler: async ({ params, body, origin, services }) => ({
      body: await grantAssignmentAttempts(services, origin, params.id, params.assignment_id, body),
    }),
  }),
  defineRoute(op.withdraw, {
    access: permission('coaching-program-assign'),
    handler: async ({ params, origin, services }) => ({
      body: await withdrawAssignment(services, origin, params.id, params.assignment_id),
    }),
  }),
  defineRoute(learners.list, {
    access: permission('coaching-program-assign'),
    handler: async ({ params, query, origin, services }) => ({
      body: await listAssignmentLearners(services, origin, params.id, params.assignment_id, query),
    }),
  }),
  defineRoute(learners.export, {
    access: permission('coaching-program-assign'),
    handler: async ({ params, query, origin, services }) => {
      const { header, rows } = await exportAssignmentLearners(services, origin, params.id, params.assignment_id, query);
      return csvAttachment({
        fileName: `assignment-${params.assignment_id}.csv`,
        columns: ASSIGNMENT_EXPORT_COLUMNS,
        rows,
        header,
        onError: (error) => services.logger.error({ err: error }, 'assignment export failed mid-stream'),
      });
    },
  }),
  // Whoever is signed in has their own assignments, if any.
  defineRoute(myAssignmentOperations.list, {
    access: signedIn,
    handler: async ({ query, origin, services }) => ({ body: await listMyAssignments(services, origin, query) }),
  }),
  defineRoute(myAssignmentOperations.muteReminders, {
    access: signedIn,
    handler: async ({ params, body, origin, services }) => ({
      body: await muteMyAssignmentReminders(services, origin, params.id, body),
    }),
  }),
];
