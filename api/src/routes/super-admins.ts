import { changeSuperAdmin, inviteSuperAdmin, listSuperAdmins, removeSuperAdmin } from '@ai-coaching/application';
import { superAdminOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

export const superAdminRoutes = [
  defineRoute(op.list, {
    access: permission('super-admin-read'),
    handler: async ({ query, origin, services }) => ({ body: await listSuperAdmins(services, origin, query) }),
  }),
  defineRoute(op.invite, {
    access: permission('super-admin-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await inviteSuperAdmin(services, origin, body),
    }),
  }),
  defineRoute(op.update, {
    access: permission('super-admin-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await changeSuperAdmin(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.remove, {
    access: permission('super-admin-delete'),
    handler: ({ params, origin, services }) => removeSuperAdmin(services, origin, params.id),
  }),
];
