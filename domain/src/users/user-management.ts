import { ASSIGNABLE_ROLES, can, type Role } from '../permissions/roles.js';
import { ForbiddenError } from '../shared/errors.js';

// Who may do what to whose account. Each rule answers from who acts and who or what is targeted,
// with no lookup, so a use case checks every one of them before its first command and a refused
// request changes nothing.

/** Whoever manages users: their id, their role and what that role grants. */
export type UserManager = { userId: string; role: Role; permissions: readonly string[] };

/** The change asked of an account, as far as the rules look at it. */
export type UserChange = { role?: Role | undefined; status?: 'active' | 'disabled' | undefined };

/** Nobody grants a role above their own; only super-admins grant super-admin. */
export const assertRoleAssignable = (manager: Pick<UserManager, 'role'>, role: Role): void => {
  if (!ASSIGNABLE_ROLES[manager.role].includes(role)) {
    throw new ForbiddenError('role_not_assignable', `You cannot grant the role ${role}.`, {
      field: 'organization_role',
      assignable: ASSIGNABLE_ROLES[manager.role],
    });
  }
};

/**
 * Super-admins run the platform, not a customer: the role exists in the platform organization only, whoever grants
 * it. Checked on invitations and role changes, after the organization is known (an unknown one still answers 404).
 */
export const assertRoleFitsOrganization = (role: Role | undefined, organization: { kind: string }): void => {
  if (role === 'super-admin' && organization.kind !== 'platform') {
    throw new ForbiddenError(
      'super_admin_outside_platform',
      'Super-admins belong to the platform organization only. Choose another role for this organization.',
      { field: 'organization_role' },
    );
  }
};

/** Whoever may not grant a role may not manage its holders either: an operator cannot disable a super-admin. */
export const assertUserManageable = (manager: Pick<UserManager, 'role'>, target: { role: Role }): void => {
  if (!ASSIGNABLE_ROLES[manager.role].includes(target.role)) {
    throw new ForbiddenError('user_not_manageable', 'You cannot change a user whose role is above yours.');
  }
};

/**
 * The rules of a change that need no look at the target account: one's own role and access stay
 * as they are (keeping one's role is no change), and changing someone else needs `user-update`
 * and a role one may grant. Whether the target's own role allows managing it comes after the
 * lookup (`assertUserManageable`), so an unknown id still answers 404.
 */
export const assertUserChangeAllowed = (manager: UserManager, targetUserId: string, change: UserChange): void => {
  if (targetUserId === manager.userId) {
    if (change.role !== undefined && change.role !== manager.role) {
      throw new ForbiddenError('cannot_change_own_role', 'You cannot change your own role.');
    }
    if (change.status === 'disabled') throw new ForbiddenError('cannot_disable_self', 'You cannot disable yourself.');
    return;
  }
  if (!can(manager.permissions, 'user-update')) {
    throw new ForbiddenError('forbidden', 'You do not have permission to change other users.');
  }
  if (change.role !== undefined) assertRoleAssignable(manager, change.role);
};

/** Nobody removes their own account. */
export const assertUserRemovable = (manager: Pick<UserManager, 'userId'>, targetUserId: string): void => {
  if (targetUserId === manager.userId) throw new ForbiddenError('cannot_delete_self', 'You cannot delete yourself.');
};
