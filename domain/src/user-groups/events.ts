export const userGroupStreamId = (userGroupId: string): string => `user-group-${userGroupId}`;

export type UserGroupCreated = {
  type: 'UserGroupCreated';
  data: { userGroupId: string; organizationId: string; name: string; description: string; createdAt: string };
};

export type UserGroupUpdated = {
  type: 'UserGroupUpdated';
  data: { userGroupId: string; name: string; description: string; updatedAt: string };
};

/** Members are kept: an archived group still says who was in it. */
export type UserGroupArchived = {
  type: 'UserGroupArchived';
  data: { userGroupId: string; archivedAt: string };
};

export type UserGroupMemberAdded = {
  type: 'UserGroupMemberAdded';
  data: { userGroupId: string; userId: string; addedAt: string };
};

export type UserGroupMemberRemoved = {
  type: 'UserGroupMemberRemoved';
  data: { userGroupId: string; userId: string; removedAt: string };
};

/** The group's picture: an uploaded image (docs/image-uploads.md), or null for the default one. */
export type UserGroupImageChanged = {
  type: 'UserGroupImageChanged';
  data: { userGroupId: string; imageId: string | null; changedAt: string };
};

export type UserGroupEvent =
  | UserGroupCreated
  | UserGroupUpdated
  | UserGroupArchived
  | UserGroupMemberAdded
  | UserGroupMemberRemoved
  | UserGroupImageChanged;
