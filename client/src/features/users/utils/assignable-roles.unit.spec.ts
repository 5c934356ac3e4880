import { describe, expect, it } from 'vitest';
import { assignableRoles } from './assignable-roles';

const platform = { platform: true };
const customer = { platform: false };

describe('assignableRoles', () => {
  it('lets a super-admin give every role but guest in the platform organization', () => {
    expect(assignableRoles('super-admin', platform)).toEqual(
      expect.arrayContaining(['super-admin', 'operator', 'editor', 'user']),
    );
    expect(assignableRoles('super-admin', platform)).not.toContain('guest');
  });

  it('never offers super-admin in a customer organization', () => {
    expect(assignableRoles('super-admin', customer)).toEqual(expect.arrayContaining(['operator', 'editor', 'user']));
    expect(assignableRoles('super-admin', customer)).not.toContain('super-admin');
  });

  it('keeps an operator below super-admin', () => {
    expect(assignableRoles('operator', customer)).not.toContain('super-admin');
    expect(assignableRoles('operator', customer)).toContain('user');
  });

  it('gives nothing to unknown roles', () => {
    expect(assignableRoles('', platform)).toEqual([]);
    expect(assignableRoles('root', platform)).toEqual([]);
  });
});
