import type { UserEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { findInvitation, userInvitationsProjection } from './index.js';

const invited = (userId: string, day: number, expiresDay: number): UserEvent => ({
  type: 'UserInvited',
  data: {
    userId,
    organizationId: 'acme',
    email: `${userId}@example.com`,
    firstName: '',
    lastName: '',
    role: 'user',
    locale: 'en-GB',
    inviteCodeHash: `${userId}-1`,
    inviteExpiresAt: at(expiresDay),
    invitedBy: 'admin',
    invitedAt: at(day),
  },
});
const resent = (userId: string, code: string, day: number, expiresDay: number): UserEvent => ({
  type: 'InvitationResent',
  data: { userId, inviteCodeHash: code, inviteExpiresAt: at(expiresDay), resentAt: at(day) },
});

describe('user-invitations read model', () => {
  const { db, reapplyTwice } = seededReadModel<UserEvent>(userInvitationsProjection, async ({ append }) => {
    await append('user-ada', invited('ada', 1, 8));
    await append('user-bob', invited('bob', 1, 8), resent('bob', 'bob-2', 2, 9), resent('bob', 'bob-3', 3, 10), {
      type: 'UserActivated',
      data: { userId: 'bob', inviteCodeHash: 'bob-3', passwordHash: '$argon2id$bob', activatedAt: at(4) },
    });
    await append('user-cy', invited('cy', 1, 8), {
      type: 'InvitationCancelled',
      data: { userId: 'cy', email: 'cy@example.com', cancelledAt: at(2) },
    });
  });

  it('holds every code sent, with when it was used or replaced', async () => {
    const { rows } = await db.query('SELECT * FROM rm_user_invitations ORDER BY invite_code_hash');
    const code = (
      hash: string,
      user: string,
      issued: number,
      expires: number,
      used: number | null,
      gone: number | null,
    ) => ({
      invite_code_hash: hash,
      user_id: user,
      issued_at: new Date(at(issued)),
      expires_at: new Date(at(expires)),
      used_at: used === null ? null : new Date(at(used)),
      superseded_at: gone === null ? null : new Date(at(gone)),
    });
    expect(rows).toEqual([
      code('ada-1', 'ada', 1, 8, null, null),
      code('bob-1', 'bob', 1, 8, null, 2),
      code('bob-2', 'bob', 2, 9, null, 3),
      code('bob-3', 'bob', 3, 10, 4, null),
      code('cy-1', 'cy', 1, 8, null, 2),
    ]);
  });

  it('tells a valid code from an expired, a used and a superseded one', async () => {
    expect(await findInvitation(db, 'ada-1', at(7))).toEqual({ userId: 'ada', status: 'valid', expiresAt: at(8) });
    expect(await findInvitation(db, 'ada-1', at(8))).toEqual({ userId: 'ada', status: 'expired', expiresAt: at(8) });
    expect(await findInvitation(db, 'bob-1', at(2))).toMatchObject({ status: 'superseded' });
    expect(await findInvitation(db, 'bob-3', at(20))).toMatchObject({ userId: 'bob', status: 'used' });
    expect(await findInvitation(db, 'cy-1', at(1))).toMatchObject({ userId: 'cy', status: 'superseded' });
    expect(await findInvitation(db, 'unknown', at(1))).toBeUndefined();
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const before = (await db.query('SELECT * FROM rm_user_invitations ORDER BY invite_code_hash')).rows;
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_user_invitations ORDER BY invite_code_hash')).rows).toEqual(before);
  });
});
