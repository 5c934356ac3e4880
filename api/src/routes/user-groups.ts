import {
  archiveUserGroup,
  changeUserGroupMembership,
  createUserGroup,
  listUserGroups,
  readUserGroup,
  updateUserGroup,
} from '@ai-coaching/application';
import { userGroupOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import { defineRoute, permission } from '../http/route.js';

export const userGroupRoutes = [
  defineRoute(op.list, { access: permission('user-group-list'), handler: listHandler(listUserGroups) }),
  defineRoute(op.create, { access: permission('user-group-create'), handler: createHandler(createUserGroup) }),
  defineRoute(op.read, { access: permission('user-group-read'), handler: readHandler(readUserGroup) }),
  defineRoute(op.update, { access: permission('user-group-update'), handler: updateHandler(updateUserGroup) }),
  defineRoute(op.archive, { access: permission('user-group-delete'), handler: deleteHandler(archiveUserGroup) }),
  defineRoute(op.addMember, {
    access: permission('user-group-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await changeUserGroupMembership(services, origin, {
        userGroupId: params.user_group_id,
        userId: body.user_id,
        action: 'add',
      }),
    }),
  }),
  defineRoute(op.removeMember, {
    access: permission('user-group-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await changeUserGroupMembership(services, origin, {
        userGroupId: params.user_group_id,
        userId: body.user_id,
        action: 'remove',
      }),
    }),
  }),
];
