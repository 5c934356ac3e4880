import { addSsoRealm, readSsoRealms, removeSsoRealm } from '@ai-coaching/application';
import { ssoRealmOperations as op } from '@ai-coaching/contracts';
import { createHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

/**
 * Single sign-on realms, platform-wide: only super-admins see or change them, since a realm
 * decides who may enter an organization.
 */
export const ssoRealmRoutes = [
  defineRoute(op.list, {
    access: permission('super-admin-read'),
    handler: async ({ services }) => ({ body: await readSsoRealms(services) }),
  }),
  defineRoute(op.create, { access: permission('super-admin-update'), handler: createHandler(addSsoRealm) }),
  defineRoute(op.remove, {
    access: permission('super-admin-update'),
    handler: ({ params, services }) => removeSsoRealm(services, params.name),
  }),
];
