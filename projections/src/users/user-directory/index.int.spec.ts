import type { UserEvent, UserInvited } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, listParams as params, seededReadModel } from '../../testing/read-model-spec.js';
import {
  countUsersByOrganization,
  findUser,
  findUserByEmail,
  findUserCredentials,
  listUsers,
  userDirectoryProjection,
} from './index.js';

const invited = (userId: string, day: number, overrides: Partial<UserInvited['data']> = {}): UserEvent => ({
  type: 'UserInvited',
  data: {
    userId,
    organizationId: 'acme',
    email: `${userId}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    role: 'user',
    locale: 'fr-FR',
    inviteCodeHash: `code-${userId}`,
    inviteExpiresAt: at(28),
    invitedBy: 'u1',
    invitedAt: at(day),
    ...overrides,
  },
});
const activated = (userId: string, day: number): UserEvent => ({
  type: 'UserActivated',
  data: { userId, inviteCodeHash: `code-${userId}`, passwordHash: `$argon2id$${userId}`, activatedAt: at(day) },
});

const ids = (page: { items: { userId: string }[] }) => page.items.map((item) => item.userId);

describe('user-directory read model', () => {
  const { db, reapplyTwice } = seededReadModel<UserEvent>(userDirectoryProjection, async ({ append, store }) => {
    // As stored before locales and single sign-on existed.
    await append('user-u1', {
      type: 'UserCreated',
      data: {
        userId: 'u1',
        organizationId: 'platform',
        email: 'u1@example.com',
        firstName: '',
        lastName: '',
        role: 'super-admin',
        passwordHash: '$argon2id$u1',
        createdBy: null,
        createdAt: at(1),
      },
    });
    await store.appendToStream('organization-acme', [
      { id: crypto.randomUUID(), type: 'OrganizationCreated', data: {} },
    ]);
    await append('user-sso', {
      type: 'UserCreated',
      data: {
        userId: 'sso',
        organizationId: 'acme',
        email: 'sso@example.com',
        firstName: 'Sam',
        lastName: 'Single',
        role: 'editor',
        passwordHash: null,
        locale: 'en-GB',
        createdBy: null,
        createdAt: at(2),
      },
    });
    await append(
      'user-sso',
      { type: 'UserAvatarChanged', data: { userId: 'sso', avatarImageId: 'img-sso', changedAt: at(2) } },
      { type: 'UserAvatarChanged', data: { userId: 'sso', avatarImageId: null, changedAt: at(2) } },
    );
    await append(
      'user-grace',
      invited('grace', 3, { firstName: 'Grace', lastName: 'Hopper' }),
      activated('grace', 4),
      {
        type: 'UserProfileUpdated',
        data: { userId: 'grace', firstName: 'Grace', lastName: 'Brewster Hopper', locale: 'en-GB', updatedAt: at(5) },
      },
      { type: 'UserAvatarChanged', data: { userId: 'grace', avatarImageId: 'img-grace', changedAt: at(5) } },
      { type: 'UserRoleChanged', data: { userId: 'grace', role: 'operator', changedAt: at(6) } },
      { type: 'UserDisabled', data: { userId: 'grace', disabledAt: at(7) } },
      { type: 'UserEnabled', data: { userId: 'grace', enabledAt: at(8) } },
      {
        type: 'PasswordChanged',
        data: {
          userId: 'grace',
          passwordHash: '$argon2id$new',
          reason: 'change',
          resetCodeHash: null,
          changedAt: at(9),
        },
      },
    );
    await append(
      'user-pending',
      invited('pending', 10, { firstName: 'Zoe', lastName: '' }),
      { type: 'UserDisabled', data: { userId: 'pending', disabledAt: at(11) } },
      { type: 'UserEnabled', data: { userId: 'pending', enabledAt: at(12) } },
    );
    await append('user-off', invited('off', 13, { firstName: 'Bob', lastName: '100%_Off' }), activated('off', 14), {
      type: 'UserDisabled',
      data: { userId: 'off', disabledAt: at(15) },
    });
    await append('user-gone', invited('gone', 16, { email: 'reused@example.com' }), {
      type: 'InvitationCancelled',
      data: { userId: 'gone', email: 'reused@example.com', cancelledAt: at(17) },
    });
    await append('user-again', invited('again', 18, { email: 'reused@example.com', organizationId: 'beta' }));
    // Should a duplicate email ever reach the directory, it must not stop the projection.
    await append('user-twin', invited('twin', 19, { email: 'reused@example.com', organizationId: 'beta' }));
  });

  it('holds one row per user with its latest profile, avatar, role, status and password', async () => {
    const { rows } = await db.query(`SELECT * FROM rm_users WHERE user_id IN ('u1', 'sso', 'grace') ORDER BY user_id`);
    expect(rows).toEqual([
      {
        user_id: 'grace',
        organization_id: 'acme',
        email: 'grace@example.com',
        first_name: 'Grace',
        last_name: 'Brewster Hopper',
        role: 'operator',
        status: 'active',
        locale: 'en-GB',
        avatar_image_id: 'img-grace',
        password_hash: '$argon2id$new',
        password_changed_at: new Date(at(9)),
        activated_at: new Date(at(4)),
        created_at: new Date(at(3)),
        updated_at: new Date(at(9)),
      },
      {
        user_id: 'sso',
        organization_id: 'acme',
        email: 'sso@example.com',
        first_name: 'Sam',
        last_name: 'Single',
        role: 'editor',
        status: 'active',
        locale: 'en-GB',
        avatar_image_id: null,
        password_hash: null,
        password_changed_at: null,
        activated_at: new Date(at(2)),
        created_at: new Date(at(2)),
        updated_at: new Date(at(2)),
      },
      {
        user_id: 'u1',
        organization_id: 'platform',
        email: 'u1@example.com',
        first_name: '',
        last_name: '',
        role: 'super-admin',
        status: 'active',
        locale: 'en-GB',
        avatar_image_id: null,
        password_hash: '$argon2id$u1',
        password_changed_at: new Date(at(1)),
        activated_at: new Date(at(1)),
        created_at: new Date(at(1)),
        updated_at: new Date(at(1)),
      },
    ]);
  });

  it('returns an enabled user to the status before it was disabled', async () => {
    expect(await findUser(db, 'pending')).toMatchObject({ status: 'invited', hasPassword: false, activatedAt: null });
    expect(await findUser(db, 'off')).toMatchObject({ status: 'disabled', hasPassword: true });
  });

  it('removes a user whose invitation was cancelled', async () => {
    expect(await findUser(db, 'gone')).toBeUndefined();
  });

  it('finds a user by id and by email, without the password hash', async () => {
    const grace = {
      userId: 'grace',
      organizationId: 'acme',
      email: 'grace@example.com',
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      role: 'operator',
      status: 'active',
      locale: 'en-GB',
      avatarImageId: 'img-grace',
      hasPassword: true,
      passwordChangedAt: at(9),
      activatedAt: at(4),
      createdAt: at(3),
      updatedAt: at(9),
    };
    expect(await findUser(db, 'grace')).toEqual(grace);
    expect(await findUserByEmail(db, 'grace@example.com')).toEqual(grace);
    expect(await findUserByEmail(db, 'nobody@example.com')).toBeUndefined();
    expect(await findUser(db, 'nobody')).toBeUndefined();
  });

  it('answers the oldest account for an email held twice', async () => {
    expect(await findUserByEmail(db, 'reused@example.com')).toMatchObject({ userId: 'again' });
  });

  it('gives the credentials for sign-in, by email or by id', async () => {
    const credentials = {
      userId: 'grace',
      organizationId: 'acme',
      email: 'grace@example.com',
      role: 'operator',
      status: 'active',
      passwordHash: '$argon2id$new',
    };
    expect(await findUserCredentials(db, { email: 'grace@example.com' })).toEqual(credentials);
    expect(await findUserCredentials(db, { userId: 'grace' })).toEqual(credentials);
    expect(await findUserCredentials(db, { userId: 'sso' })).toMatchObject({ passwordHash: null });
    expect(await findUserCredentials(db, { email: 'nobody@example.com' })).toBeUndefined();
  });

  it('lists every user, most recently updated first by default', async () => {
    const page = await listUsers(db, params());
    expect(ids(page)).toEqual(['twin', 'again', 'off', 'pending', 'grace', 'sso', 'u1']);
    expect(page).toMatchObject({ total: 7, page: 1, page_size: 12 });
    expect(page.items.every((item) => !('passwordHash' in item))).toBe(true);
  });

  it('lists the users of one organization', async () => {
    expect(ids(await listUsers(db, { ...params({ sort: 'updated_at' }), organizationId: 'acme' }))).toEqual([
      'sso',
      'grace',
      'pending',
      'off',
    ]);
    expect((await listUsers(db, { ...params(), organizationId: 'nobody' })).total).toBe(0);
  });

  it('sorts by display name: first and last name, else the email', async () => {
    // "ada lovelace" (again, twin), "bob 100%_off", "grace brewster hopper", "sam single", "u1@example.com", "zoe"
    expect(ids(await listUsers(db, params({ sort: 'name' })))).toEqual([
      'again',
      'twin',
      'off',
      'grace',
      'sso',
      'u1',
      'pending',
    ]);
  });

  it('matches q in the full name or the email, case-insensitively and literally', async () => {
    expect(ids(await listUsers(db, params({ q: 'HOPPER' })))).toEqual(['grace']);
    expect(ids(await listUsers(db, params({ q: 'grace brew' })))).toEqual(['grace']);
    expect(ids(await listUsers(db, params({ q: 'SSO@' })))).toEqual(['sso']);
    expect(ids(await listUsers(db, params({ q: '%_' })))).toEqual(['off']);
    expect(ids(await listUsers(db, { ...params({ q: 'ada', sort: 'name' }), organizationId: 'beta' }))).toEqual([
      'again',
      'twin',
    ]);
  });

  it('pages with the total of all matches', async () => {
    const all = ids(await listUsers(db, params({ sort: 'name' })));
    const page3 = await listUsers(db, { ...params({ sort: 'name', page: 3 }), page_size: 3 });
    expect(ids(page3)).toEqual(all.slice(6, 9));
    expect(page3).toMatchObject({ total: 7, page: 3, page_size: 3 });
  });

  it('counts users per organization, zero for those asked about without users', async () => {
    expect(await countUsersByOrganization(db)).toEqual({ platform: 1, acme: 4, beta: 2 });
    expect(await countUsersByOrganization(db, ['acme', 'empty'])).toEqual({ acme: 4, empty: 0 });
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const before = (await db.query('SELECT * FROM rm_users ORDER BY user_id')).rows;
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_users ORDER BY user_id')).rows).toEqual(before);
  });
});
