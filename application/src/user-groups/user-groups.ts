import { noticeJoinedMember } from '../coaching/programs/assignments.js';
import {
  ConflictError,
  groupAccount,
  NotFoundError,
  userGroupDecider,
  userGroupStreamId,
  type UserGroupCommand,
} from '@ai-coaching/domain';
import type { ParsedRequest, userGroupOperations, Page, UserGroup, UserGroupDetail } from '@ai-coaching/contracts';
import {
  findUser,
  findUserGroup,
  listUserGroups as queryUserGroups,
  type UserGroupDetail as UserGroupRecord,
  type UserGroupView,
} from '@ai-coaching/projections';
import { nowIso, type AppServices, type Origin } from '../app-services.js';
import { runCommand } from '../commands/run-command.js';
import { walletOf, walletsOf } from '../credits/wallets.js';
import { listScope, signedInUser, visibleOrganization, visibleTo, type UserCaller } from '../tenancy/scope.js';
import type { WalletFields } from '@ai-coaching/contracts';

type Operations = typeof userGroupOperations;

const toUserGroup = (group: UserGroupView, wallet: WalletFields): UserGroup => ({
  id: group.userGroupId,
  organization_id: group.organizationId,
  name: group.name,
  description: group.description,
  status: group.status,
  member_count: group.memberCount,
  image_id: group.imageId,
  created_at: group.createdAt,
  updated_at: group.updatedAt,
  ...wallet,
});

const toUserGroupDetail = async (services: AppServices, group: UserGroupRecord): Promise<UserGroupDetail> => ({
  ...toUserGroup(group, await walletOf(services, groupAccount(group.userGroupId))),
  member_ids: group.memberIds,
});

const groupNotFound = () => new NotFoundError('user_group_not_found', 'This user group does not exist.');

/** The group if it belongs to the caller's organization (any, for a super-admin); else 404 as if missing. */
const visibleGroup = async (services: AppServices, caller: UserCaller, userGroupId: string) =>
  visibleTo(caller, await findUserGroup(services.db, userGroupId), groupNotFound);

/** The group as the read model has it now (after the command waited for it). */
const currentGroup = async (services: AppServices, userGroupId: string): Promise<UserGroupDetail> => {
  const group = await findUserGroup(services.db, userGroupId);
  if (!group) throw groupNotFound();
  return toUserGroupDetail(services, group);
};

const run = (services: AppServices, origin: Origin, command: UserGroupCommand) =>
  runCommand(services, origin, {
    streamId: userGroupStreamId(command.data.userGroupId),
    decider: userGroupDecider,
    command,
  });

export const listUserGroups = async (
  services: AppServices,
  origin: Origin,
  query: ParsedRequest<Operations['list']>['query'],
): Promise<Page<UserGroup>> => {
  const organizationId = await listScope(services, signedInUser(origin.caller), query.organization_id);
  const page = await queryUserGroups(services.db, { ...query, organizationId });
  const walletOfGroup = await walletsOf(services, page.items, (group) => groupAccount(group.userGroupId));
  return { ...page, items: page.items.map((group) => toUserGroup(group, walletOfGroup(group))) };
};

export const readUserGroup = async (services: AppServices, origin: Origin, userGroupId: string) =>
  toUserGroupDetail(services, await visibleGroup(services, signedInUser(origin.caller), userGroupId));

export const createUserGroup = async (
  services: AppServices,
  origin: Origin,
  body: ParsedRequest<Operations['create']>['body'],
): Promise<UserGroupDetail> => {
  const organization = await visibleOrganization(services, signedInUser(origin.caller), body.organization_id);
  if (organization.status === 'archived') {
    throw new ConflictError(
      'organization_archived',
      'This organization is archived; groups can no longer be added to it.',
    );
  }
  const userGroupId = services.ids.newId();
  await run(services, origin, {
    type: 'CreateUserGroup',
    data: {
      userGroupId,
      organizationId: organization.organizationId,
      name: body.name,
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.image_id !== undefined ? { imageId: body.image_id } : {}),
    },
    metadata: { now: nowIso(services) },
  });
  return currentGroup(services, userGroupId);
};

export const updateUserGroup = async (
  services: AppServices,
  origin: Origin,
  userGroupId: string,
  body: ParsedRequest<Operations['update']>['body'],
): Promise<UserGroupDetail> => {
  const group = await visibleGroup(services, signedInUser(origin.caller), userGroupId);
  const now = nowIso(services);
  if (body.name !== undefined || body.description !== undefined) {
    // The command sets both; a field left out keeps its current value.
    await run(services, origin, {
      type: 'UpdateUserGroup',
      data: {
        userGroupId: group.userGroupId,
        name: body.name ?? group.name,
        description: body.description ?? group.description,
      },
      metadata: { now },
    });
  }
  if (body.image_id !== undefined) {
    await run(services, origin, {
      type: 'ChangeUserGroupImage',
      data: { userGroupId: group.userGroupId, imageId: body.image_id },
      metadata: { now },
    });
  }
  return currentGroup(services, group.userGroupId);
};

export const archiveUserGroup = async (services: AppServices, origin: Origin, userGroupId: string): Promise<void> => {
  const group = await visibleGroup(services, signedInUser(origin.caller), userGroupId);
  await run(services, origin, {
    type: 'ArchiveUserGroup',
    data: { userGroupId: group.userGroupId },
    metadata: { now: nowIso(services) },
  });
};

/**
 * Adds or removes a member. A member is a user of the group's organization: any other id, a user
 * of another organization included, answers as a missing user, so other tenants' users stay unseen.
 */
export const changeUserGroupMembership = async (
  services: AppServices,
  origin: Origin,
  change: { userGroupId: string; userId: string; action: 'add' | 'remove' },
): Promise<UserGroupDetail> => {
  const group = await visibleGroup(services, signedInUser(origin.caller), change.userGroupId);
  const user = await findUser(services.db, change.userId);
  if (!user || user.organizationId !== group.organizationId) {
    throw new NotFoundError('user_not_found', 'There is no such user in this group’s organization.');
  }
  const metadata = { now: nowIso(services) };
  await run(
    services,
    origin,
    change.action === 'add'
      ? {
          type: 'AddUserGroupMember',
          data: { userGroupId: group.userGroupId, userId: user.userId, userOrganizationId: user.organizationId },
          metadata,
        }
      : { type: 'RemoveUserGroupMember', data: { userGroupId: group.userGroupId, userId: user.userId }, metadata },
  );
  // A member who joins gets the group's running assignments, and is told of them as its other members were.
  if (change.action === 'add') await noticeJoinedMember(services, group.userGroupId, user);
  return currentGroup(services, group.userGroupId);
};
