import { describe, expect, it } from 'vitest';
import { permissionsOf, type Role } from '../permissions/roles.js';
import { ForbiddenError } from '../shared/errors.js';
import {
  assertRoleAssignable,
  assertUserChangeAllowed,
  assertUserManageable,
  assertUserRemovable,
  type UserManager,
} from './user-management.js';

const manager = (role: Role, userId = `${role}-1`): UserManager => ({ userId, role, permissions: permissionsOf(role) });

/** The ForbiddenError the rule threw, for its code, message and details. */
const refusal = (rule: () => void): ForbiddenError => {
  try {
    rule();
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenError);
    return error as ForbiddenError;
  }
  throw new Error('expected a refusal');
};

describe('assertRoleAssignable', () => {
  it('lets a manager grant roles up to their own, super-admin only by a super-admin', () => {
    expect(() => assertRoleAssignable(manager('operator'), 'operator')).not.toThrow();
    expect(() => assertRoleAssignable(manager('operator'), 'user')).not.toThrow();
    expect(() => assertRoleAssignable(manager('super-admin'), 'super-admin')).not.toThrow();
  });

  it('refuses a role above the manager’s, naming the field and what may be granted', () => {
    const error = refusal(() => assertRoleAssignable(manager('operator'), 'super-admin'));
    expect(error.code).toBe('role_not_assignable');
    expect(error.message).toBe('You cannot grant the role super-admin.');
    expect(error.details).toEqual({ field: 'organization_role', assignable: ['operator', 'editor', 'user'] });
  });

  it('lets editors and users grant nothing, and nobody grant guest', () => {
    expect(refusal(() => assertRoleAssignable(manager('editor'), 'user')).details).toEqual({
      field: 'organization_role',
      assignable: [],
    });
    expect(refusal(() => assertRoleAssignable(manager('super-admin'), 'guest')).code).toBe('role_not_assignable');
  });
});

describe('assertUserManageable', () => {
  it('lets a manager manage holders of roles they may grant', () => {
    expect(() => assertUserManageable(manager('operator'), { role: 'operator' })).not.toThrow();
    expect(() => assertUserManageable(manager('super-admin'), { role: 'super-admin' })).not.toThrow();
  });

  it('refuses a target whose role is above the manager’s', () => {
    const error = refusal(() => assertUserManageable(manager('operator'), { role: 'super-admin' }));
    expect(error.code).toBe('user_not_manageable');
    expect(error.message).toBe('You cannot change a user whose role is above yours.');
    expect(error.details).toBeUndefined();
  });
});

describe('assertUserChangeAllowed', () => {
  it('lets anyone change their own names and language, and keep their own role', () => {
    const user = manager('user');
    expect(() => assertUserChangeAllowed(user, user.userId, {})).not.toThrow();
    expect(() => assertUserChangeAllowed(user, user.userId, { role: 'user' })).not.toThrow();
    expect(() => assertUserChangeAllowed(user, user.userId, { status: 'active' })).not.toThrow();
  });

  it('refuses a change of one’s own role', () => {
    const operator = manager('operator');
    const error = refusal(() => assertUserChangeAllowed(operator, operator.userId, { role: 'user' }));
    expect(error.code).toBe('cannot_change_own_role');
    expect(error.message).toBe('You cannot change your own role.');
  });

  it('refuses disabling oneself', () => {
    const operator = manager('operator');
    const error = refusal(() => assertUserChangeAllowed(operator, operator.userId, { status: 'disabled' }));
    expect(error.code).toBe('cannot_disable_self');
    expect(error.message).toBe('You cannot disable yourself.');
  });

  it('checks one’s own role before one’s own access', () => {
    const operator = manager('operator');
    const both = { role: 'editor', status: 'disabled' } as const;
    expect(refusal(() => assertUserChangeAllowed(operator, operator.userId, both)).code).toBe('cannot_change_own_role');
  });

  it('needs user-update to change someone else', () => {
    const error = refusal(() => assertUserChangeAllowed(manager('user'), 'someone-else', { status: 'active' }));
    expect(error.code).toBe('forbidden');
    expect(error.message).toBe('You do not have permission to change other users.');
  });

  it('lets an operator change someone else within the roles they may grant', () => {
    const operator = manager('operator');
    expect(() =>
      assertUserChangeAllowed(operator, 'someone-else', { role: 'editor', status: 'disabled' }),
    ).not.toThrow();
    expect(refusal(() => assertUserChangeAllowed(operator, 'someone-else', { role: 'super-admin' })).code).toBe(
      'role_not_assignable',
    );
  });
});

describe('assertUserRemovable', () => {
  it('refuses removing oneself and lets anyone else be removed', () => {
    const operator = manager('operator');
    const error = refusal(() => assertUserRemovable(operator, operator.userId));
    expect(error.code).toBe('cannot_delete_self');
    expect(error.message).toBe('You cannot delete yourself.');
    expect(() => assertUserRemovable(operator, 'someone-else')).not.toThrow();
  });
});
