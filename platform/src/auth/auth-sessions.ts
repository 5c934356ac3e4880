import type { Migration } from '../sql/migrations.js';
import { announceChange } from '../sql/change-feed.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * Server-side record of every access token issued (keyed by its jti). Tokens are JWTs, but a
 * JWT alone cannot be taken back: this table is what makes logout, disabling a user and a
 * password change end sessions at once (ASVS 7.4.1, 7.4.2). Sessions are security state, not
 * business facts, so they live in a table rather than in the event store.
 */
export const authSessionMigrations: Migration[] = [
  {
    id: '0070_auth_sessions',
    sql: `
      CREATE TABLE auth_sessions (
        session_id text PRIMARY KEY,
        user_id text NOT NULL,
        kind text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text
      );
      CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id) WHERE revoked_at IS NULL;
      CREATE INDEX auth_sessions_expiry_idx ON auth_sessions (expires_at);`,
  },
];

export type AuthSessionKind = 'password' | 'sso' | 'guest';

/** Announced whenever sessions end, so that a cache of who holds a session forgets at once. */
export const AUTH_SESSIONS_TOPIC = 'auth-sessions';

export type RevocationReason =
  'logout' | 'password_changed' | 'user_disabled' | 'refresh_reuse' | 'sso_logout' | 'rotated';

export const recordSession = async (
  db: SqlExecutor,
  session: { sessionId: string; userId: string; kind: AuthSessionKind; expiresAt: Date },
): Promise<void> => {
  await db.query('INSERT INTO auth_sessions (session_id, user_id, kind, expires_at) VALUES ($1, $2, $3, $4)', [
    session.sessionId,
    session.userId,
    session.kind,
    session.expiresAt,
  ]);
};

export const isSessionActive = async (db: SqlExecutor, sessionId: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    'SELECT 1 FROM auth_sessions WHERE session_id = $1 AND revoked_at IS NULL AND expires_at > now()',
    [sessionId],
  );
  return rowCount > 0;
};

export const revokeSession = async (db: SqlExecutor, sessionId: string, reason: RevocationReason): Promise<boolean> => {
  const { rowCount } = await db.query(
    'UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2 WHERE session_id = $1 AND revoked_at IS NULL',
    [sessionId, reason],
  );
  if (rowCount > 0) await announceChange(db, [AUTH_SESSIONS_TOPIC]);
  return rowCount > 0;
};

/** Ends every session of a user, except the one given (the caller who changed their password). */
export const revokeUserSessions = async (
  db: SqlExecutor,
  userId: string,
  reason: RevocationReason,
  options: { except?: string } = {},
): Promise<number> => {
  const { rowCount } = await db.query(
    `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
     WHERE user_id = $1 AND revoked_at IS NULL AND session_id <> $3`,
    [userId, reason, options.except ?? ''],
  );
  if (rowCount > 0) await announceChange(db, [AUTH_SESSIONS_TOPIC]);
  return rowCount;
};

/** Sessions past their expiry carry no information worth keeping beyond a day of audit. */
export const purgeExpiredSessions = async (db: SqlExecutor): Promise<number> => {
  const { rowCount } = await db.query("DELETE FROM auth_sessions WHERE expires_at < now() - interval '1 day'");
  return rowCount;
};
