import { describe, expect, it } from 'vitest';
import { toCurrentUser } from './current-user';
import { can, canAll, hasRole } from './session-context';

const user = toCurrentUser({ organization_role: 'operator', permissions: ['user-list', 'user-create'] });

describe('the two readings of spec §6', () => {
  it('can() passes when any listed permission is held', () => {
    expect(can(user, 'user-list')).toBe(true);
    expect(can(user, ['user-delete', 'user-list'])).toBe(true);
    expect(can(user, ['user-delete', 'organization-create'])).toBe(false);
    expect(can(null, 'user-list')).toBe(false);
  });

  it('the <Can> reading (canAll) needs every listed permission', () => {
    expect(canAll(user, ['user-list', 'user-create'])).toBe(true);
    expect(canAll(user, ['user-list', 'user-delete'])).toBe(false);
    expect(canAll(user, 'user-create')).toBe(true);
    expect(canAll(null, [])).toBe(false);
  });

  it('recognises roles by organization_role', () => {
    expect(hasRole(user, ['operator', 'super-admin'])).toBe(true);
    expect(hasRole(user, ['super-admin'])).toBe(false);
  });
});
