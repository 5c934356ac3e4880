import {
  archiveOrganization,
  createOrganization,
  listOrganizations,
  readOrganization,
  updateOrganization,
} from '@ai-coaching/application';
import { organizationOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

export const organizationRoutes = [
  defineRoute(op.list, {
    access: permission('organization-list', 'organization-read'),
    handler: async ({ query, origin, services }) => ({ body: await listOrganizations(services, origin, query) }),
  }),
  defineRoute(op.create, {
    access: permission('organization-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await createOrganization(services, origin, body),
    }),
  }),
  defineRoute(op.read, {
    access: permission('organization-detail-read', 'organization-read'),
    handler: async ({ params, origin, services }) => ({ body: await readOrganization(services, origin, params.id) }),
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
  defineRoute(op.archive, {
    access: permission('organization-delete'),
    handler: ({ params, origin, services }) => archiveOrganization(services, origin, params.id),
  }),
];
