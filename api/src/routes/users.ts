import {
  changeUser,
  findColleagues,
  inviteUser,
  listUsers,
  readUser,
  removeUser,
  resendInvitation,
} from '@ai-coaching/application';
import { userOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const userRoutes = [
  defineRoute(op.list, { access: permission('user-list'), handler: listHandler(listUsers) }),
  defineRoute(op.invite, { access: permission('user-create'), handler: createHandler(inviteUser) }),
  // Before `/v1/users/:id`, which would otherwise take `colleagues` for an id.
  defineRoute(op.colleagues, {
    // Whoever may transfer credits may find whom to give them to (docs/api/credits.md).
    access: permission('credit-transfer'),
    handler: async ({ query, origin, services }) => ({ body: await findColleagues(services, origin, query) }),
  }),
  defineRoute(op.read, {
    // Every user may read themself; the use case hides everyone else from those who may not read others.
    access: permission('user-read', 'user-detail-read', 'user-read-other', 'user-self-edit'),
    handler: async ({ params, origin, services }) => ({ body: await readUser(services, origin, params.id) }),
  }),
  defineRoute(op.update, { access: permission('user-update', 'user-self-edit'), handler: updateHandler(changeUser) }),
  defineRoute(op.remove, { access: permission('user-delete'), handler: deleteHandler(removeUser) }),
  defineRoute(op.resendInvitation, {
    access: permission('send-invitation-email'),
    handler: async ({ params, origin, services }) => ({
      status: 202,
      body: await resendInvitation(services, origin, params.user_id),
    }),
  }),
];
