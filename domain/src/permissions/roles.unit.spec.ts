import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from './catalogue.js';
import { ASSIGNABLE_ROLES, can, canAll, permissionsOf, ROLE_PERMISSIONS, ROLES } from './roles.js';

describe('permission catalogue', () => {
  it('names every permission once, in kebab-case', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const permission of PERMISSIONS) expect(permission).toMatch(/^[a-z]+(-[a-z]+)+$/);
  });

  it('holds the names the spec routes use', () => {
    for (const name of [
      'ai-provider-list',
      'user-self-edit',
      'credit-allocate',
      'coaching-mission-fork',
      'organization-metadata-product-update',
      'coaching-session-generator-read',
      'dashboard-view',
    ]) {
      expect(PERMISSIONS).toContain(name);
    }
  });
});

describe('role matrix', () => {
  it('gives super-admins everything and each lower role a subset of the one above', () => {
    expect(permissionsOf('super-admin')).toEqual(PERMISSIONS);
    const chain = ['super-admin', 'operator', 'editor', 'user'] as const;
    for (let i = 1; i < chain.length; i++) {
      for (const permission of permissionsOf(chain[i]!)) expect(permissionsOf(chain[i - 1]!)).toContain(permission);
    }
  });

  it('keeps platform-wide powers with super-admins', () => {
    for (const role of ROLES.filter((r) => r !== 'super-admin')) {
      for (const permission of [
        'organization-create',
        'organization-list',
        'organization-update-credit',
        'environment-variables-update',
        'super-admin-create',
      ] as const) {
        expect(can(ROLE_PERMISSIONS[role], permission), `${role} ${permission}`).toBe(false);
      }
    }
  });

  it('lets guests only read and run a session, and set its voice', () => {
    expect(permissionsOf('guest')).toEqual([
      'coaching-session-read',
      'coaching-session-run',
      'coaching-session-ai-voice-settings-edit',
    ]);
  });

  it('never lets a role grant a role above its own', () => {
    expect(ASSIGNABLE_ROLES.operator).not.toContain('super-admin');
    expect(ASSIGNABLE_ROLES.user).toEqual([]);
  });
});

describe('checks', () => {
  it('can() passes when any listed permission is held; canAll() only when all are', () => {
    const held = ['user-list'];
    expect(can(held, ['user-list', 'user-group-list'])).toBe(true);
    expect(canAll(held, ['user-list', 'user-group-list'])).toBe(false);
    expect(canAll(['user-list', 'user-group-list'], ['user-list', 'user-group-list'])).toBe(true);
    expect(can(held, 'user-create')).toBe(false);
  });
});
