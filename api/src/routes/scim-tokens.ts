import { createScimToken, listScimTokens, revokeScimToken } from '@ai-coaching/application';
import { scimTokenOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const scimTokenRoutes = [
  defineRoute(op.list, { access: permission('scim-token-list'), handler: listHandler(listScimTokens) }),
  defineRoute(op.create, { access: permission('scim-token-create'), handler: createHandler(createScimToken) }),
  defineRoute(op.revoke, { access: permission('scim-token-delete'), handler: deleteHandler(revokeScimToken) }),
];
