import { createApiKey, listApiKeys, readApiKey, revokeApiKey, rotateApiKey } from '@ai-coaching/application';
import { apiKeyOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, readHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const apiKeyRoutes = [
  defineRoute(op.list, { access: permission('api-key-list'), handler: listHandler(listApiKeys) }),
  defineRoute(op.create, { access: permission('api-key-create'), handler: createHandler(createApiKey) }),
  defineRoute(op.read, { access: permission('api-key-read'), handler: readHandler(readApiKey) }),
  defineRoute(op.rotate, {
    access: permission('api-key-create'),
    handler: async ({ params, body, origin, services }) => ({
      status: 201,
      body: await rotateApiKey(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.revoke, { access: permission('api-key-delete'), handler: deleteHandler(revokeApiKey) }),
];
