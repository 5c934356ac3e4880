import { describe, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '../shared/errors.js';
import { DeciderSpecification, isCode } from '../testing/decider-specification.js';
import type {
  AddUserGroupMember,
  ArchiveUserGroup,
  ChangeUserGroupImage,
  CreateUserGroup,
  RemoveUserGroupMember,
  UpdateUserGroup,
} from './commands.js';
import { USER_GROUP_DESCRIPTION_MAX, USER_GROUP_NAME_MAX, userGroupDecider } from './decider.js';
import type {
  UserGroupArchived,
  UserGroupCreated,
  UserGroupImageChanged,
  UserGroupMemberAdded,
  UserGroupMemberRemoved,
  UserGroupUpdated,
} from './events.js';

const given = DeciderSpecification.for(userGroupDecider);
const t0 = '2026-11-21T10:00:00.000Z';
const t1 = '2026-11-22T10:00:00.000Z';

const create: CreateUserGroup = {
  type: 'CreateUserGroup',
  data: { userGroupId: 'group-1', organizationId: 'org-1', name: ' Sales ' },
  metadata: { now: t0 },
};
const created: UserGroupCreated = {
  type: 'UserGroupCreated',
  data: { userGroupId: 'group-1', organizationId: 'org-1', name: 'Sales', description: '', createdAt: t0 },
};
const update: UpdateUserGroup = {
  type: 'UpdateUserGroup',
  data: { userGroupId: 'group-1', name: 'Sales EMEA', description: ' Europe and Africa ' },
  metadata: { now: t1 },
};
const updated: UserGroupUpdated = {
  type: 'UserGroupUpdated',
  data: { userGroupId: 'group-1', name: 'Sales EMEA', description: 'Europe and Africa', updatedAt: t1 },
};
const archive: ArchiveUserGroup = { type: 'ArchiveUserGroup', data: { userGroupId: 'group-1' }, metadata: { now: t1 } };
const archived: UserGroupArchived = { type: 'UserGroupArchived', data: { userGroupId: 'group-1', archivedAt: t1 } };
const add = (userId = 'user-1', userOrganizationId = 'org-1'): AddUserGroupMember => ({
  type: 'AddUserGroupMember',
  data: { userGroupId: 'group-1', userId, userOrganizationId },
  metadata: { now: t1 },
});
const added = (userId = 'user-1'): UserGroupMemberAdded => ({
  type: 'UserGroupMemberAdded',
  data: { userGroupId: 'group-1', userId, addedAt: t1 },
});
const remove = (userId = 'user-1'): RemoveUserGroupMember => ({
  type: 'RemoveUserGroupMember',
  data: { userGroupId: 'group-1', userId },
  metadata: { now: t1 },
});
const removed = (userId = 'user-1'): UserGroupMemberRemoved => ({
  type: 'UserGroupMemberRemoved',
  data: { userGroupId: 'group-1', userId, removedAt: t1 },
});

describe('User groups', () => {
  describe('CreateUserGroup', () => {
    it('should create it with its name trimmed and an empty description', () => {
      given([]).when(create).then([created]);
    });

    it('should keep a description given at creation', () => {
      given([])
        .when({ ...create, data: { ...create.data, description: ' Field sales ' } })
        .then([{ ...created, data: { ...created.data, description: 'Field sales' } }]);
    });

    it.each(['', '  ', 'x'.repeat(USER_GROUP_NAME_MAX + 1)])('should refuse the name %j', (name) => {
      given([])
        .when({ ...create, data: { ...create.data, name } })
        .thenThrows(ValidationError, isCode('invalid_user_group_name'));
    });

    it('should refuse to create it again', () => {
      given([created]).when(create).thenThrows(ConflictError, isCode('user_group_exists'));
    });
  });

  describe('UpdateUserGroup', () => {
    it('should record the trimmed name and description', () => {
      given([created]).when(update).then([updated]);
    });

    it('should decide nothing when nothing changes', () => {
      given([created, updated]).when(update).thenNothing();
    });

    it('should refuse a description that is too long', () => {
      given([created])
        .when({ ...update, data: { ...update.data, description: 'x'.repeat(USER_GROUP_DESCRIPTION_MAX + 1) } })
        .thenThrows(ValidationError, isCode('invalid_user_group_description'));
    });

    it('should refuse an archived group', () => {
      given([created, archived]).when(update).thenThrows(ConflictError, isCode('user_group_archived'));
    });

    it('should refuse an unknown group', () => {
      given([]).when(update).thenThrows(NotFoundError, isCode('user_group_not_found'));
    });
  });

  describe('ArchiveUserGroup', () => {
    it('should archive the group', () => {
      given([created, added()]).when(archive).then([archived]);
    });

    it('should decide nothing when it is already archived', () => {
      given([created, archived]).when(archive).thenNothing();
    });

    it('should refuse an unknown group', () => {
      given([]).when(archive).thenThrows(NotFoundError, isCode('user_group_not_found'));
    });
  });

  describe('AddUserGroupMember', () => {
    it('should add a user of the same organization', () => {
      given([created]).when(add()).then([added()]);
    });

    it('should decide nothing for a member already in the group', () => {
      given([created, added()]).when(add()).thenNothing();
    });

    it('should add a user again after removal', () => {
      given([created, added(), removed()]).when(add()).then([added()]);
    });

    it('should refuse a user of another organization', () => {
      given([created]).when(add('user-2', 'org-2')).thenThrows(ValidationError, isCode('user_not_in_organization'));
    });

    it('should refuse an archived group', () => {
      given([created, archived]).when(add()).thenThrows(ConflictError, isCode('user_group_archived'));
    });

    it('should refuse an unknown group', () => {
      given([]).when(add()).thenThrows(NotFoundError, isCode('user_group_not_found'));
    });
  });

  describe('RemoveUserGroupMember', () => {
    it('should remove a member', () => {
      given([created, added(), added('user-2')])
        .when(remove())
        .then([removed()]);
    });

    it('should decide nothing for a user who is not a member', () => {
      given([created, added(), removed()]).when(remove()).thenNothing();
      given([created]).when(remove('user-9')).thenNothing();
    });

    it('should refuse an archived group', () => {
      given([created, added(), archived]).when(remove()).thenThrows(ConflictError, isCode('user_group_archived'));
    });

    it('should refuse an unknown group', () => {
      given([]).when(remove()).thenThrows(NotFoundError, isCode('user_group_not_found'));
    });
  });

  describe('ChangeUserGroupImage', () => {
    const changeImage = (imageId: string | null): ChangeUserGroupImage => ({
      type: 'ChangeUserGroupImage',
      data: { userGroupId: 'group-1', imageId },
      metadata: { now: t1 },
    });
    const imageChanged = (imageId: string | null, changedAt = t1): UserGroupImageChanged => ({
      type: 'UserGroupImageChanged',
      data: { userGroupId: 'group-1', imageId, changedAt },
    });

    it('should record a picture given at creation, after the creation itself', () => {
      given([])
        .when({ ...create, data: { ...create.data, imageId: 'img-1' } })
        .then([created, imageChanged('img-1', t0)]);
      given([])
        .when({ ...create, data: { ...create.data, imageId: null } })
        .then([created]);
    });

    it('should set, replace and clear the picture', () => {
      given([created])
        .when(changeImage('img-1'))
        .then([imageChanged('img-1')]);
      given([created, imageChanged('img-1')])
        .when(changeImage('img-2'))
        .then([imageChanged('img-2')]);
      given([created, imageChanged('img-1')])
        .when(changeImage(null))
        .then([imageChanged(null)]);
    });

    it('should decide nothing when the picture is the same', () => {
      given([created, imageChanged('img-1')])
        .when(changeImage('img-1'))
        .thenNothing();
      given([created]).when(changeImage(null)).thenNothing();
    });

    it('should refuse an archived or unknown group', () => {
      given([created, archived]).when(changeImage('img-1')).thenThrows(ConflictError, isCode('user_group_archived'));
      given([]).when(changeImage('img-1')).thenThrows(NotFoundError, isCode('user_group_not_found'));
    });
  });
});
