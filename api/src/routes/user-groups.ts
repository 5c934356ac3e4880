import {
  archiveUserGroup,
  changeUserGroupMembership,
  createUserGroup,
  listUserGroups,
  readUserGroup,
  updateUserGroup,
  type Origin,
} from '@ai-coaching/application';
import { userGroupOperations as op } from '@ai-coaching/contracts';
import { createHandler, deleteHandler, listHandler, readHandler, updateHandler } from '../http/use-case-handlers.js';
import type { ApiServices } from '../http/context.js';
import { defineRoute, permission } from '../http/route.js';

type MembershipInput = {
  params: { user_group_id: string };
  body: { user_id: string };
  origin: Origin;
  services: ApiServices;
};

/** Adds the body's user to the group of the path, or removes them: the group as it now is. */
const membershipHandler =
  (action: 'add' | 'remove') =>
  async ({ params, body, origin, services }: MembershipInput) => ({
    body: await changeUserGroupMembership(services, origin, {
      userGroupId: params.user_group_id,
      userId: body.user_id,
      action,
    }),
  });

export const userGroupRoutes = [
  defineRoute(op.list, { access: permission('user-group-list'), handler: listHandler(listUserGroups) }),
  defineRoute(op.create, { access: permission('user-group-create'), handler: createHandler(createUserGroup) }),
  defineRoute(op.read, { access: permission('user-group-read'), handler: readHandler(readUserGroup) }),
  defineRoute(op.update, { access: permission('user-group-update'), handler: updateHandler(updateUserGroup) }),
  defineRoute(op.archive, { access: permission('user-group-delete'), handler: deleteHandler(archiveUserGroup) }),
  defineRoute(op.addMember, { access: permission('user-group-update'), handler: membershipHandler('add') }),
  defineRoute(op.removeMember, { access: permission('user-group-update'), handler: membershipHandler('remove') }),
];
