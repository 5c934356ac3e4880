import type { PasswordChanged, PasswordResetRequested, UserDisabled } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineLegacyProjection } from '../../runner/projection.js';
import { codeStatus, type CodeStatus } from '../user-invitations/index.js';

/**
 * Every password-reset code ever sent, by hash, so the reset screen can say why a link no
 * longer works. The user stream remains the authority: CompletePasswordReset checks again.
 */
export const passwordResetsProjection = defineLegacyProjection({
  name: 'password-resets',
  version: 1,
  tables: { resets: 'rm_password_resets' },
  handles: ['PasswordResetRequested', 'PasswordChanged', 'UserDisabled'],
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.resets} (
        reset_code_hash text PRIMARY KEY,
        user_id text NOT NULL,
        issued_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        superseded_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS ${t.resets}_user_idx ON ${t.resets} (user_id);`);
  },
  async apply(tx, event, t) {
    // Only codes issued by then: applying an older event again must not void a newer code.
    const supersede = (userId: string, at: string, keep: string | null) =>
      tx.query(
        `UPDATE ${t.resets} SET superseded_at = $2
         WHERE user_id = $1 AND used_at IS NULL AND superseded_at IS NULL AND issued_at <= $2
           AND reset_code_hash IS DISTINCT FROM $3`,
        [userId, at, keep],
      );
    switch (event.type) {
      case 'PasswordResetRequested': {
        const data = event.data as PasswordResetRequested['data'];
        await supersede(data.userId, data.requestedAt, data.resetCodeHash);
        await tx.query(
          `INSERT INTO ${t.resets} (reset_code_hash, user_id, issued_at, expires_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (reset_code_hash) DO NOTHING`,
          [data.resetCodeHash, data.userId, data.requestedAt, data.resetExpiresAt],
        );
        return;
      }
      case 'PasswordChanged': {
        const data = event.data as PasswordChanged['data'];
        if (data.resetCodeHash !== null) {
          await tx.query(
            `UPDATE ${t.resets} SET used_at = $2 WHERE reset_code_hash = $1 AND used_at IS NULL AND superseded_at IS NULL`,
            [data.resetCodeHash, data.changedAt],
          );
        }
        await supersede(data.userId, data.changedAt, data.resetCodeHash);
        return;
      }
      case 'UserDisabled': {
        const data = event.data as UserDisabled['data'];
        await supersede(data.userId, data.disabledAt, null);
        return;
      }
    }
  },
});

export type PasswordResetView = { userId: string; status: CodeStatus; expiresAt: string };

/** `now` (ISO) decides expiry, as CompletePasswordReset does with its command time. */
export const findPasswordReset = async (
  db: SqlExecutor,
  resetCodeHash: string,
  now: string,
): Promise<PasswordResetView | undefined> => {
  const { rows } = await db.query<{
    user_id: string;
    expires_at: Date | string;
    used_at: Date | string | null;
    superseded_at: Date | string | null;
  }>('SELECT user_id, expires_at, used_at, superseded_at FROM rm_password_resets WHERE reset_code_hash = $1', [
    resetCodeHash,
  ]);
  const row = rows[0];
  return row
    ? { userId: row.user_id, status: codeStatus(row, now), expiresAt: new Date(row.expires_at).toISOString() }
    : undefined;
};
