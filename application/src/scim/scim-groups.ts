import type { UserGroup, UserGroupDetail } from '@ai-coaching/contracts';
import { scimResourceMarks, setScimExternalId } from '@ai-coaching/platform';
import { NotFoundError } from '@ai-coaching/domain';
import type { AppServices, Origin } from '../app-services.js';
import { signedInUser, type UserCaller } from '../tenancy/scope.js';
import {
  archiveUserGroup,
  changeUserGroupMembership,
  createUserGroup,
  listUserGroups,
  readUserGroup,
  updateUserGroup,
} from '../user-groups/user-groups.js';

/** A user group as the identity provider sees it: the group, its members, and the provider's own key for it. */
export type ScimGroupRecord = { group: UserGroupDetail; externalId: string | null };

export type ScimGroupInput = { displayName: string; memberIds: readonly string[]; externalId: string | null };

const PAGE_SIZE = 48;

const groupNotFound = () => new NotFoundError('user_group_not_found', 'This user group does not exist.');

const keepExternalId = (services: AppServices, caller: UserCaller, groupId: string, externalId: string | null) =>
  setScimExternalId(services.db, {
    organizationId: caller.organizationId,
    type: 'Group',
    resourceId: groupId,
    externalId,
    at: services.clock.now(),
  });

/** One active group of the token's organization; an archived one is deleted as far as the provider knows (404). */
export const scimGroup = async (services: AppServices, origin: Origin, groupId: string): Promise<ScimGroupRecord> => {
  const caller = signedInUser(origin.caller);
  const group = await readUserGroup(services, origin, groupId);
  if (group.organization_id !== caller.organizationId || group.status !== 'active') throw groupNotFound();
  const mark = (await scimResourceMarks(services.db, caller.organizationId, 'Group', [groupId])).get(groupId);
  return { group, externalId: mark?.externalId ?? null };
};

/** Every active group of the token's organization, with its members. */
export const scimGroups = async (services: AppServices, origin: Origin): Promise<ScimGroupRecord[]> => {
  const caller = signedInUser(origin.caller);
  const groups: UserGroup[] = [];
  for (let page = 1; ; page += 1) {
    const found = await listUserGroups(services, origin, {
      organization_id: caller.organizationId,
      page,
      page_size: PAGE_SIZE,
      sort: 'name',
    });
    groups.push(...found.items);
    if (found.items.length < PAGE_SIZE || groups.length >= found.total) break;
  }
  const marks = await scimResourceMarks(services.db, caller.organizationId, 'Group');
  const records: ScimGroupRecord[] = [];
  for (const group of groups.filter((one) => one.status === 'active')) {
    records.push({
      group: await readUserGroup(services, origin, group.id),
      externalId: marks.get(group.id)?.externalId ?? null,
    });
  }
  return records;
};

/** Adds and removes members until the group holds exactly `memberIds`. */
const setMembers = async (
  services: AppServices,
  origin: Origin,
  group: UserGroupDetail,
  memberIds: readonly string[],
): Promise<void> => {
  const wanted = new Set(memberIds);
  const current = new Set(group.member_ids);
  for (const userId of wanted) {
    if (!current.has(userId)) {
      await changeUserGroupMembership(services, origin, { userGroupId: group.id, userId, action: 'add' });
    }
  }
  for (const userId of current) {
    if (!wanted.has(userId)) {
      await changeUserGroupMembership(services, origin, { userGroupId: group.id, userId, action: 'remove' });
    }
  }
};

export const provisionScimGroup = async (
  services: AppServices,
  origin: Origin,
  input: ScimGroupInput,
): Promise<ScimGroupRecord> => {
  const caller = signedInUser(origin.caller);
  const group = await createUserGroup(services, origin, {
    name: input.displayName,
    organization_id: caller.organizationId,
  });
  await keepExternalId(services, caller, group.id, input.externalId);
  await setMembers(services, origin, group, input.memberIds);
  return scimGroup(services, origin, group.id);
};

/** Applies what the provider says of a group now: its name, its members, its key. */
export const replaceScimGroup = async (
  services: AppServices,
  origin: Origin,
  groupId: string,
  input: ScimGroupInput,
): Promise<ScimGroupRecord> => {
  const caller = signedInUser(origin.caller);
  const current = await scimGroup(services, origin, groupId);
  if (input.displayName !== current.group.name) {
    await updateUserGroup(services, origin, groupId, { name: input.displayName });
  }
  await setMembers(services, origin, current.group, input.memberIds);
  if (input.externalId !== current.externalId) await keepExternalId(services, caller, groupId, input.externalId);
  return scimGroup(services, origin, groupId);
};

/** A group the provider deletes is archived: it keeps its members on record, and the provider no longer sees it. */
export const deleteScimGroup = async (services: AppServices, origin: Origin, groupId: string): Promise<void> => {
  await scimGroup(services, origin, groupId);
  await archiveUserGroup(services, origin, groupId);
};
