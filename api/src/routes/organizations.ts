import {
  archiveOrganization,
  createOrganization,
  listOrganizations,
  readOrganization,
  updateOrganization,
} from '@ai-coaching/application';
import { organizationOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, readHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const organizationRoutes = [
  defineRoute(op.list, {
    access: permission('organization-list', 'organization-read'),
    handler: listHandler(listOrganizations),
  }),
  defineRoute(op.create, { access: permission('organization-create'), handler: createHandler(createOrganization) }),
  defineRoute(op.read, {
    access: permission('organization-detail-read', 'organization-read'),
    handler: readHandler(readOrganization),
  }),
  defineRoute(op.update, {
    access: permission(
      'organization-update',
      'organization-self-edit',
      'organization-metadata-organization-update',
      'organization-metadata-product-update',
      'organization-metadata-custom-update',
    ),
    handler: async ({ params, body, origin, services }) => ({
      body: await updateOrganization(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.archive, { access: permission('organization-delete'), handler: deleteHandler(archiveOrganization) }),
];
