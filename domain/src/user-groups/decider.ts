import { decideByType, type Decider } from '../shared/decider.js';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { boundedText, textUpTo } from '../shared/text.js';
import type {
  AddUserGroupMember,
  ArchiveUserGroup,
  ChangeUserGroupImage,
  CreateUserGroup,
  RemoveUserGroupMember,
  UpdateUserGroup,
  UserGroupCommand,
} from './commands.js';
import type { UserGroupEvent } from './events.js';

export const USER_GROUP_NAME_MAX = 120;
export const USER_GROUP_DESCRIPTION_MAX = 2000;

export type ExistingUserGroup = {
  status: 'active' | 'archived';
  userGroupId: string;
  organizationId: string;
  name: string;
  description: string;
  memberIds: ReadonlySet<string>;
  /** An uploaded image's id (only a reference: the image is public by its random id), null for the default. */
  imageId: string | null;
};

export type UserGroupState = { status: 'none' } | ExistingUserGroup;

const validName = (raw: string): string =>
  boundedText(raw, USER_GROUP_NAME_MAX, {
    code: 'invalid_user_group_name',
    message: `A group name has 1 to ${USER_GROUP_NAME_MAX} characters.`,
    details: { field: 'name' },
  });

const validDescription = (raw: string): string =>
  textUpTo(raw, USER_GROUP_DESCRIPTION_MAX, {
    code: 'invalid_user_group_description',
    message: `A description has at most ${USER_GROUP_DESCRIPTION_MAX} characters.`,
    details: { field: 'description' },
  });

const existing = (state: UserGroupState): ExistingUserGroup => {
  if (state.status === 'none') throw new NotFoundError('user_group_not_found', 'This user group does not exist.');
  return state;
};

const changeable = (state: UserGroupState): ExistingUserGroup => {
  const group = existing(state);
  if (group.status === 'archived') {
    throw new ConflictError('user_group_archived', 'This user group is archived and can no longer be changed.');
  }
  return group;
};

const createUserGroup = ({ data, metadata }: CreateUserGroup, state: UserGroupState): UserGroupEvent[] => {
  if (state.status !== 'none') throw new ConflictError('user_group_exists', 'This user group already exists.');
  const { userGroupId, imageId = null } = data;
  return [
    {
      type: 'UserGroupCreated',
      data: {
        userGroupId,
        organizationId: data.organizationId,
        name: validName(data.name),
        description: validDescription(data.description ?? ''),
        createdAt: metadata.now,
      },
    },
    // Its own event, so creation events keep the shape they always had and a replay reads them the same way.
    ...(imageId === null
      ? []
      : [{ type: 'UserGroupImageChanged' as const, data: { userGroupId, imageId, changedAt: metadata.now } }]),
  ];
};

const updateUserGroup = ({ data, metadata }: UpdateUserGroup, state: UserGroupState): UserGroupEvent[] => {
  const group = changeable(state);
  const name = validName(data.name);
  const description = validDescription(data.description);
  if (name === group.name && description === group.description) return [];
  return [
    { type: 'UserGroupUpdated', data: { userGroupId: group.userGroupId, name, description, updatedAt: metadata.now } },
  ];
};

const archiveUserGroup = ({ metadata }: ArchiveUserGroup, state: UserGroupState): UserGroupEvent[] => {
  const group = existing(state);
  // A repeated archive (a retried request) finds its work done rather than an error.
  if (group.status === 'archived') return [];
  return [{ type: 'UserGroupArchived', data: { userGroupId: group.userGroupId, archivedAt: metadata.now } }];
};

const addUserGroupMember = ({ data, metadata }: AddUserGroupMember, state: UserGroupState): UserGroupEvent[] => {
  const group = changeable(state);
  if (data.userOrganizationId !== group.organizationId) {
    throw new ValidationError('user_not_in_organization', 'A group’s members belong to the group’s organization.', {
      field: 'userId',
    });
  }
  if (group.memberIds.has(data.userId)) return [];
  return [
    {
      type: 'UserGroupMemberAdded',
      data: { userGroupId: group.userGroupId, userId: data.userId, addedAt: metadata.now },
    },
  ];
};

const removeUserGroupMember = ({ data, metadata }: RemoveUserGroupMember, state: UserGroupState): UserGroupEvent[] => {
  const group = changeable(state);
  if (!group.memberIds.has(data.userId)) return [];
  return [
    {
      type: 'UserGroupMemberRemoved',
      data: { userGroupId: group.userGroupId, userId: data.userId, removedAt: metadata.now },
    },
  ];
};

const changeUserGroupImage = ({ data, metadata }: ChangeUserGroupImage, state: UserGroupState): UserGroupEvent[] => {
  const group = changeable(state);
  if (data.imageId === group.imageId) return [];
  return [
    {
      type: 'UserGroupImageChanged',
      data: { userGroupId: group.userGroupId, imageId: data.imageId, changedAt: metadata.now },
    },
  ];
};

const withMember = (members: ReadonlySet<string>, userId: string, present: boolean): ReadonlySet<string> => {
  const next = new Set(members);
  if (present) next.add(userId);
  else next.delete(userId);
  return next;
};

export const userGroupDecider: Decider<UserGroupCommand, UserGroupEvent, UserGroupState> = {
  decide: decideByType({
    CreateUserGroup: createUserGroup,
    UpdateUserGroup: updateUserGroup,
    ArchiveUserGroup: archiveUserGroup,
    AddUserGroupMember: addUserGroupMember,
    RemoveUserGroupMember: removeUserGroupMember,
    ChangeUserGroupImage: changeUserGroupImage,
  }),
  evolve(state, event) {
    if (event.type === 'UserGroupCreated') {
      const { userGroupId, organizationId, name, description } = event.data;
      return { status: 'active', userGroupId, organizationId, name, description, memberIds: new Set(), imageId: null };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'UserGroupUpdated':
        return { ...state, name: event.data.name, description: event.data.description };
      case 'UserGroupArchived':
        return { ...state, status: 'archived' };
      case 'UserGroupMemberAdded':
        return { ...state, memberIds: withMember(state.memberIds, event.data.userId, true) };
      case 'UserGroupMemberRemoved':
        return { ...state, memberIds: withMember(state.memberIds, event.data.userId, false) };
      case 'UserGroupImageChanged':
        return { ...state, imageId: event.data.imageId };
    }
  },
  initialState: () => ({ status: 'none' }),
};
