import type { UserEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { seededReadModel } from '../../testing/read-model-spec.js';
import { findUserByIdentity, userIdentitiesProjection } from './index.js';

const linkedAt = '2026-02-01T09:00:00.000Z';
const issuer = 'https://idp.example.com/realms/acme';
const linked = (userId: string, subject: string, from = issuer): UserEvent => ({
  type: 'IdentityLinked',
  data: { userId, issuer: from, subject, linkedAt },
});

describe('user-identities read model', () => {
  const { db, reapplyTwice } = seededReadModel<UserEvent>(userIdentitiesProjection, async ({ append }) => {
    await append('user-ada', linked('ada', 'sub-ada'), linked('ada', 'ada-elsewhere', 'https://other.example.com'));
    // Two accounts linking one identity: the first keeps it and the projection goes on.
    await append('user-bob', linked('bob', 'sub-ada'), linked('bob', 'sub-bob'));
    await append('user-cy', linked('cy', 'sub-cy'), {
      type: 'InvitationCancelled',
      data: { userId: 'cy', email: 'cy@example.com', cancelledAt: linkedAt },
    });
  });

  it('holds one row per identity linked, the first link winning', async () => {
    const { rows } = await db.query('SELECT * FROM rm_user_identities ORDER BY issuer, subject');
    expect(rows).toEqual([
      { issuer, subject: 'sub-ada', user_id: 'ada' },
      { issuer, subject: 'sub-bob', user_id: 'bob' },
      { issuer: 'https://other.example.com', subject: 'ada-elsewhere', user_id: 'ada' },
    ]);
  });

  it('finds the account of an identity', async () => {
    expect(await findUserByIdentity(db, issuer, 'sub-ada')).toEqual({ userId: 'ada' });
    expect(await findUserByIdentity(db, 'https://other.example.com', 'ada-elsewhere')).toEqual({ userId: 'ada' });
    expect(await findUserByIdentity(db, 'https://other.example.com', 'sub-ada')).toBeUndefined();
    expect(await findUserByIdentity(db, issuer, 'sub-cy')).toBeUndefined();
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const before = (await db.query('SELECT * FROM rm_user_identities ORDER BY issuer, subject')).rows;
    await reapplyTwice();
    expect((await db.query('SELECT * FROM rm_user_identities ORDER BY issuer, subject')).rows).toEqual(before);
  });
});
