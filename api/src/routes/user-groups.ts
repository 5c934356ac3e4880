import {
  archiveUserGroup,
  changeUserGroupMembership,
  createUserGroup,
  listUserGroups,
  readUserGroup,
  updateUserGroup,
} from '@ai-coaching/application';
import { userGroupOperations as op } from '@ai-coaching/contracts';
import { defineRoute, permission } from '../http/route.js';

export const userGroupRoutes = [
  defineRoute(op.list, {
    access: permission('user-group-list'),
    handler: async ({ query, origin, services }) => ({ body: await listUserGroups(services, origin, query) }),
  }),
  defineRoute(op.create, {
    access: permission('user-group-create'),
    handler: async ({ body, origin, services }) => ({
      status: 201,
      body: await createUserGroup(services, origin, body),
    }),
  }),
  defineRoute(op.read, {
    access: permission('user-group-read'),
    handler: async ({ params, origin, services }) => ({ body: await readUserGroup(services, origin, params.id) }),
  }),
  defineRoute(op.update, {
    access: permission('user-group-update'),
    handler: async ({ params, body, origin, services }) => ({
      body: await updateUserGroup(services, origin, params.id, body),
    }),
  }),
  defineRoute(op.archive, {
    access: permission('user-group-delete'),
    handler: ({ params, origin, services }) => archiveUserGroup(services, origin, params.id),
  }),
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
