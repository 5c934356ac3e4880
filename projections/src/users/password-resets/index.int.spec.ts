import type { UserEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, seededReadModel } from '../../testing/read-model-spec.js';
import { findPasswordReset, passwordResetsProjection } from './index.js';

const requested = (userId: string, code: string, day: number): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, resetCodeHash: code, resetExpiresAt: at(day + 1), requestedAt: at(day) },
});
const changed = (userId: string, day: number, resetCodeHash: string | null): UserEvent => ({
  type: 'PasswordChanged',
  data: {
    userId,
    passwordHash: `$argon2id$${day}`,
    reason: resetCodeHash === null ? 'change' : 'reset',
    resetCodeHash,
    changedAt: at(day),
  },
});

describe('password-resets read model', () => {
  const { db, reapplyTwice } = seededReadModel<UserEvent>(passwordResetsProjection, async ({ append }) => {
    // ada: a newer request replaces the older; the newer is used; a later request stays pending.
    await append(
      'user-ada',
      requested('ada', 'ada-1', 1),
      requested('ada', 'ada-2', 2),
      changed('ada', 3, 'ada-2'),
      requested('ada', 'ada-3', 4),
    );
    // bob: changing the password voids the pending code.
    await append('user-bob', requested('bob', 'bob-1', 1), changed('bob', 2, null));
    // cy: disabling the account voids the pending code, enabling does not revive it.
    await append(
      'user-cy',
      requested('cy', 'cy-1', 1),
      { type: 'UserDisabled', data: { userId: 'cy', disabledAt: at(2) } },
      { type: 'UserEnabled', data: { userId: 'cy', enabledAt: at(3) } },
      requested('cy', 'cy-2', 4),
    );
  });

  it('holds every code sent, with when it was used or replaced', async () => {
    const { rows } = await db.query('SELECT * FROM rm_password_resets ORDER BY reset_code_hash');
    const code = (hash: string, user: string, issued: number, used: number | null, gone: number | null) => ({
      reset_code_hash: hash,
      user_id: user,
      issued_at: new Date(at(issued)),
      expires_at: new Date(at(issued + 1)),
      used_at: used === null ? null : new Date(at(used)),
      superseded_at: gone === null ? null : new Date(at(gone)),
    });
    expect(rows).toEqual([
      code('ada-1', 'ada', 1, null, 2),
      code('ada-2', 'ada', 2, 3, null),
      code('ada-3', 'ada', 4, null, null),
      code('bob-1', 'bob', 1, null, 2),
      code('cy-1', 'cy', 1, null, 2),
      code('cy-2', 'cy', 4, null, null),
    ]);
  });

  it('tells a valid code from an expired, a used and a superseded one', async () => {
    expect(await findPasswordReset(db, 'ada-3', at(4))).toEqual({ userId: 'ada', status: 'valid', expiresAt: at(5) });
    expect(await findPasswordReset(db, 'ada-3', at(5))).toEqual({ userId: 'ada', status: 'expired', expiresAt: at(5) });
    expect(await findPasswordReset(db, 'ada-2', at(2))).toMatchObject({ status: 'used' });
    expect(await findPasswordReset(db, 'ada-1', at(1))).toMatchObject({ status: 'superseded' });
    expect(await findPasswordReset(db, 'bob-1', at(1))).toMatchObject({ userId: 'bob', status: 'superseded' });
    expect(await findPasswordReset(db, 'cy-1', at(1))).toMatchObject({ status: 'superseded' });
    expect(await findPasswordReset(db, 'unknown', at(1))).toBeUndefined();
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const before = (await db.query('SELECT * FROM rm_password_resets ORDER BY reset_code_hash')).rows;
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_password_resets ORDER BY reset_code_hash')).rows).toEqual(before);
  });
});
