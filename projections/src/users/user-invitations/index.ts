import type { InvitationCancelled, InvitationResent, UserActivated, UserInvited } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineLegacyProjection } from '../../runner/projection.js';

/**
 * Every invite code ever sent, by hash, so the activation screen can tell a mistyped link from
 * a used, replaced or expired one before the user types a password. The user stream remains
 * the authority: ActivateAccount checks the code again.
 */
export const userInvitationsProjection = defineLegacyProjection({
  name: 'user-invitations',
  version: 1,
  tables: { invitations: 'rm_user_invitations' },
  handles: ['UserInvited', 'InvitationResent', 'InvitationCancelled', 'UserActivated'],
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.invitations} (
        invite_code_hash text PRIMARY KEY,
        user_id text NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        superseded_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS ${t.invitations}_user_idx ON ${t.invitations} (user_id);`);
  },
  async apply(tx, event, t) {
    const insert = (codeHash: string, userId: string, issuedAt: string, expiresAt: string) =>
      tx.query(
        `INSERT INTO ${t.invitations} (invite_code_hash, user_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (invite_code_hash) DO NOTHING`,
        [codeHash, userId, issuedAt, expiresAt],
      );
    // Only codes issued by then: applying an older event again must not void a newer code.
    const supersede = (userId: string, at: string, keep: string | null) =>
      tx.query(
        `UPDATE ${t.invitations} SET superseded_at = $2
         WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL AND issued_at <= $2
           AND invite_code_hash IS DISTINCT FROM $3`,
        [userId, at, keep],
      );
    switch (event.type) {
      case 'UserInvited': {
        const data = event.data as UserInvited['data'];
        await insert(data.inviteCodeHash, data.userId, data.invitedAt, data.inviteExpiresAt);
        return;
      }
      case 'InvitationResent': {
        const data = event.data as InvitationResent['data'];
        await supersede(data.userId, data.resentAt, data.inviteCodeHash);
        await insert(data.inviteCodeHash, data.userId, data.resentAt, data.inviteExpiresAt);
        return;
      }
      case 'InvitationCancelled': {
        const data = event.data as InvitationCancelled['data'];
        await supersede(data.userId, data.cancelledAt, null);
        return;
      }
      case 'UserActivated': {
        const data = event.data as UserActivated['data'];
        await tx.query(`UPDATE ${t.invitations} SET used_at = $2 WHERE invite_code_hash = $1 AND used_at IS NULL`, [
          data.inviteCodeHash,
          data.activatedAt,
        ]);
        return;
      }
    }
  },
});

/** 'used' wins over 'superseded', which wins over 'expired'. */
export type CodeStatus = 'valid' | 'expired' | 'used' | 'superseded';

export type InvitationView = { userId: string; status: CodeStatus; expiresAt: string };

type CodeRecord = {
  user_id: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  superseded_at: Date | string | null;
};

/** Shared with password-resets, whose codes follow the same life. */
export const codeStatus = (row: CodeRecord, now: string): CodeStatus => {
  if (row.used_at !== null) return 'used';
  if (row.superseded_at !== null) return 'superseded';
  return Date.parse(now) >= new Date(row.expires_at).getTime() ? 'expired' : 'valid';
};

/** `now` (ISO) decides expiry, as ActivateAccount does with its command time. */
export const findInvitation = async (
  db: SqlExecutor,
  inviteCodeHash: string,
  now: string,
): Promise<InvitationView | undefined> => {
  const { rows } = await db.query<CodeRecord>(
    'SELECT user_id, expires_at, used_at, superseded_at FROM rm_user_invitations WHERE invite_code_hash = $1',
    [inviteCodeHash],
  );
  const row = rows[0];
  return row
    ? { userId: row.user_id, status: codeStatus(row, now), expiresAt: new Date(row.expires_at).toISOString() }
    : undefined;
};
