import { listProjectionStatuses, requestProjectionRebuild, requestProjectionResume } from '@ai-coaching/application';
import { projectionOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

// Operating the read models is platform-wide: only super-admins hold super-admin-read/update.
const readAccess = permission('super-admin-read');
const operateAccess = permission('super-admin-update');

/**
 * Super-admins see each projection's checkpoint and any event it stopped on, and can ask for a
 * rebuild or a resume.
 */
export const projectionsAdminRoutes = [
  defineRoute(op.list, {
    access: readAccess,
    handler: async ({ services }) => ({ body: await listProjectionStatuses(services) }),
  }),
  defineRoute(op.rebuild, {
    access: operateAccess,
    handler: async ({ params, services }) => ({
      status: 202,
      body: await requestProjectionRebuild(services, params.name),
    }),
  }),
  defineRoute(op.resume, {
    access: operateAccess,
    handler: async ({ params, services }) => ({
      status: 202,
      body: await requestProjectionResume(services, params.name),
    }),
  }),
];
