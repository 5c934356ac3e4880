import { describe, expect, it } from 'vitest';
import { assignableRoles } from './assignable-roles';

describe('assignableRoles', () => {
  it('lets a super-admin give every role but guest', () => {
    expect(assignableRoles('super-admin')).toEqual(
      expect.arrayContaining(['super-admin', 'operator', 'editor', 'user']),
    );
    expect(assignableRoles('super-admin')).not.toContain('guest');
  });

  it('keeps an operator below super-admin', () => {
    expect(assignableRoles('operator')).not.toContain('super-admin');
    expect(assignableRoles('operator')).toContain('user');
  });

  it('gives nothing to unknown roles', () => {
    expect(assignableRoles('')).toEqual([]);
    expect(assignableRoles('root')).toEqual([]);
  });
});
