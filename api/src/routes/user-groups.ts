import {
  ConflictError,
  groupAccount,
  NotFoundError,
  USER_GROUP_DESCRIPTION_MAX,
  USER_GROUP_NAME_MAX,
  userGroupDecider,
  userGroupStreamId,
  type UserGroupCommand,
} from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import {
  findUser,
  findUserGroup,
  listUserGroups,
  type UserGroupDetail,
  type UserGroupView,
} from '@ai-coaching/projections';
import { z } from 'zod';
import { runCommand } from '../commands/run-command.js';
import { walletFieldsSchema, walletOf, walletsOf, type WalletFields } from '../credits/wallet-fields.js';
import type { ApiContext, ApiServices } from '../http/context.js';
import { defineRoute, permission } from '../http/route.js';
import { closed, idSchema, listQuery, pageOf } from '../http/schemas.js';
import { isSuperAdmin, signedInUser, visibleOrganization, type UserCaller } from '../http/scope.js';

// Checked here as well as in the domain so each 400 names its field.
const nameSchema = z.string().trim().min(1).max(USER_GROUP_NAME_MAX);
const descriptionSchema = z.string().trim().max(USER_GROUP_DESCRIPTION_MAX);

const groupResponse = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['active', 'archived']),
  member_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  ...walletFieldsSchema,
});

const groupDetailResponse = groupResponse.extend({ member_ids: z.array(z.string()) });

const toResponse = (group: UserGroupView, wallet: WalletFields): z.infer<typeof groupResponse> => ({
  id: group.userGroupId,
  organization_id: group.organizationId,
  name: group.name,
  description: group.description,
  status: group.status,
  member_count: group.memberCount,
  created_at: group.createdAt,
  updated_at: group.updatedAt,
  ...wallet,
});

const toDetailResponse = async (
  services: ApiServices,
  group: UserGroupDetail,
): Promise<z.infer<typeof groupDetailResponse>> => ({
  ...toResponse(group, await walletOf(services, groupAccount(group.userGroupId))),
  member_ids: group.memberIds,
});

const groupNotFound = () => new NotFoundError('user_group_not_found', 'This user group does not exist.');

/** The group if it belongs to the caller's organization (any, for a super-admin); else 404 as if missing. */
const visibleGroup = async (
  services: ApiServices,
  caller: UserCaller,
  userGroupId: string,
): Promise<UserGroupDetail> => {
  const group = await findUserGroup(services.db, userGroupId);
  if (!group || !(isSuperAdmin(caller) || group.organizationId === caller.organizationId)) throw groupNotFound();
  return group;
};

/** The group as the read model has it now (after `runCommand` waited for it). */
const answer = async (services: ApiServices, userGroupId: string) => {
  const group = await findUserGroup(services.db, userGroupId);
  if (!group) throw groupNotFound();
  return toDetailResponse(services, group);
};

const run = (ctx: ApiContext, services: ApiServices, userGroupId: string, command: UserGroupCommand) =>
  runCommand(ctx, services, userGroupStreamId(userGroupId), userGroupDecider, command, { commandId: newId() });

/**
 * A member is a user of the group's organization. Any other id, a user of another organization
 * included, answers as a missing user, so users of other organizations are never revealed.
 */
const memberOf = async (services: ApiServices, group: UserGroupDetail, userId: string) => {
  const user = await findUser(services.db, userId);
  if (!user || user.organizationId !== group.organizationId) {
    throw new NotFoundError('user_not_found', 'There is no such user in this group’s organization.');
  }
  return user;
};

const idParams = z.object({ id: idSchema });
const memberParams = z.object({ user_group_id: idSchema });
const memberBody = closed(z.object({ user_id: idSchema }));

const notFoundResponse = { description: '`user_group_not_found`: it does not exist or is another organization’s.' };
const memberResponses = {
  200: { description: 'The group with its members.', schema: groupDetailResponse },
  404: { description: '`user_group_not_found`, or `user_not_found` when the user is not in the group’s organization.' },
  409: { description: '`user_group_archived`.' },
};

export const userGroupRoutes = [
  defineRoute({
    method: 'GET',
    path: '/v1/user_groups',
    summary:
      'User groups of the caller’s organization; super-admins see all, or one organization’s with `organization_id`.',
    tag: 'User groups',
    access: permission('user-group-list'),
    query: listQuery({ organization_id: idSchema.optional() }),
    responses: {
      200: { description: 'A page of active user groups.', schema: pageOf(groupResponse) },
      404: { description: '`organization_not_found`: `organization_id` names an organization the caller cannot see.' },
    },
    handler: async ({ query, caller, services }) => {
      const me = signedInUser(caller);
      const organizationId =
        query.organization_id !== undefined
          ? (await visibleOrganization(services, me, query.organization_id)).organizationId
          : isSuperAdmin(me)
            ? undefined
            : me.organizationId;
      const page = await listUserGroups(services.db, {
        page: query.page,
        page_size: query.page_size,
        sort: query.sort,
        ...(query.q !== undefined ? { q: query.q } : {}),
        ...(organizationId !== undefined ? { organizationId } : {}),
      });
      const walletOfGroup = await walletsOf(services, page.items, (group) => groupAccount(group.userGroupId));
      return { body: { ...page, items: page.items.map((group) => toResponse(group, walletOfGroup(group))) } };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/user_groups',
    summary: 'Create a user group in an active organization (the caller’s own unless super-admin).',
    tag: 'User groups',
    access: permission('user-group-create'),
    idempotent: true,
    body: closed(z.object({ name: nameSchema, organization_id: idSchema, description: descriptionSchema.optional() })),
    responses: {
      201: { description: 'The group.', schema: groupDetailResponse },
      404: { description: '`organization_not_found`: it does not exist or is another organization.' },
      409: { description: '`organization_archived`.' },
    },
    handler: async ({ body, caller, services, ctx }) => {
      const organization = await visibleOrganization(services, signedInUser(caller), body.organization_id);
      if (organization.status === 'archived') {
        throw new ConflictError(
          'organization_archived',
          'This organization is archived; groups can no longer be added to it.',
        );
      }
      const userGroupId = newId();
      await run(ctx, services, userGroupId, {
        type: 'CreateUserGroup',
        data: {
          userGroupId,
          organizationId: organization.organizationId,
          name: body.name,
          ...(body.description !== undefined ? { description: body.description } : {}),
        },
        metadata: { now: new Date().toISOString() },
      });
      return { status: 201, body: await answer(services, userGroupId) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/v1/user_groups/:id',
    summary: 'One user group with its members.',
    tag: 'User groups',
    access: permission('user-group-read'),
    params: idParams,
    responses: { 200: { description: 'The group.', schema: groupDetailResponse }, 404: notFoundResponse },
    handler: async ({ params, caller, services }) => ({
      body: await toDetailResponse(services, await visibleGroup(services, signedInUser(caller), params.id)),
    }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/v1/user_groups/:id',
    summary: 'Rename a user group or change its description.',
    tag: 'User groups',
    access: permission('user-group-update'),
    params: idParams,
    body: closed(z.object({ name: nameSchema.optional(), description: descriptionSchema.optional() })).refine(
      (body) => Object.keys(body).length > 0,
      { error: 'Send at least one field to change.' },
    ),
    responses: {
      200: { description: 'The group.', schema: groupDetailResponse },
      404: notFoundResponse,
      409: { description: '`user_group_archived`.' },
    },
    handler: async ({ params, body, caller, services, ctx }) => {
      const group = await visibleGroup(services, signedInUser(caller), params.id);
      // The command sets both; a field left out keeps its current value.
      await run(ctx, services, group.userGroupId, {
        type: 'UpdateUserGroup',
        data: {
          userGroupId: group.userGroupId,
          name: body.name ?? group.name,
          description: body.description ?? group.description,
        },
        metadata: { now: new Date().toISOString() },
      });
      return { body: await answer(services, group.userGroupId) };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/v1/user_groups/:id',
    summary: 'Archive a user group; it keeps its members on record. Archiving again changes nothing.',
    tag: 'User groups',
    access: permission('user-group-delete'),
    params: idParams,
    responses: { 204: { description: 'Archived.' }, 404: notFoundResponse },
    handler: async ({ params, caller, services, ctx }) => {
      const group = await visibleGroup(services, signedInUser(caller), params.id);
      await run(ctx, services, group.userGroupId, {
        type: 'ArchiveUserGroup',
        data: { userGroupId: group.userGroupId },
        metadata: { now: new Date().toISOString() },
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/user_groups/add_member/:user_group_id',
    summary: 'Add a user of the group’s organization to the group; adding a member again changes nothing.',
    tag: 'User groups',
    access: permission('user-group-update'),
    params: memberParams,
    body: memberBody,
    responses: memberResponses,
    handler: async ({ params, body, caller, services, ctx }) => {
      const group = await visibleGroup(services, signedInUser(caller), params.user_group_id);
      const user = await memberOf(services, group, body.user_id);
      await run(ctx, services, group.userGroupId, {
        type: 'AddUserGroupMember',
        data: { userGroupId: group.userGroupId, userId: user.userId, userOrganizationId: user.organizationId },
        metadata: { now: new Date().toISOString() },
      });
      return { body: await answer(services, group.userGroupId) };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/v1/user_groups/remove_member/:user_group_id',
    summary: 'Remove a user from the group; removing a non-member changes nothing.',
    tag: 'User groups',
    access: permission('user-group-update'),
    params: memberParams,
    body: memberBody,
    responses: memberResponses,
    handler: async ({ params, body, caller, services, ctx }) => {
      const group = await visibleGroup(services, signedInUser(caller), params.user_group_id);
      const user = await memberOf(services, group, body.user_id);
      await run(ctx, services, group.userGroupId, {
        type: 'RemoveUserGroupMember',
        data: { userGroupId: group.userGroupId, userId: user.userId },
        metadata: { now: new Date().toISOString() },
      });
      return { body: await answer(services, group.userGroupId) };
    },
  }),
];
