import type { Command } from '../shared/command.js';

export type CreateUserGroup = Command<
  'CreateUserGroup',
  {
    userGroupId: string;
    organizationId: string;
    name: string;
    description?: string;
    /** An uploaded image's id; left out or null: the default picture. */
    imageId?: string | null;
  }
>;

export type UpdateUserGroup = Command<'UpdateUserGroup', { userGroupId: string; name: string; description: string }>;

export type ArchiveUserGroup = Command<'ArchiveUserGroup', { userGroupId: string }>;

/**
 * Membership never crosses organizations. The user lives in another aggregate, so the caller
 * reads the user's organization (user-directory) and passes it as `userOrganizationId`; the
 * decider compares it with the group's and refuses a mismatch.
 */
export type AddUserGroupMember = Command<
  'AddUserGroupMember',
  { userGroupId: string; userId: string; userOrganizationId: string }
>;

export type RemoveUserGroupMember = Command<'RemoveUserGroupMember', { userGroupId: string; userId: string }>;

export type ChangeUserGroupImage = Command<'ChangeUserGroupImage', { userGroupId: string; imageId: string | null }>;

export type UserGroupCommand =
  | CreateUserGroup
  | UpdateUserGroup
  | ArchiveUserGroup
  | AddUserGroupMember
  | RemoveUserGroupMember
  | ChangeUserGroupImage;
