import { installApplication, listOrganizationApplicationsCatalogue, removeApplication } from '@ai-coaching/application';
import { applicationOperations as op } from '@ai-coaching/contracts';
import { readHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const applicationRoutes = [
  defineRoute(op.list, {
    access: permission('application-read'),
    handler: readHandler(listOrganizationApplicationsCatalogue),
  }),
  defineRoute(op.install, {
    access: permission('application-install'),
    handler: async ({ params, origin, services }) => ({
      body: await installApplication(services, origin, params.id, params.application_id),
    }),
  }),
  defineRoute(op.remove, {
    access: permission('application-delete'),
    handler: ({ params, origin, services }) => removeApplication(services, origin, params.id, params.application_id),
  }),
];
