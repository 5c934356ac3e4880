import { hashSecretCode } from '../crypto/codes.js';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * Logins started and not yet finished: what binds the identity provider's answer to our request
 * (ASVS 10.1.2, 10.2.1, 10.4.6, 10.5.1). The API is stateless towards the browser (no cookie), so
 * the `state` itself is the key; only its hash is stored. Each row is taken once, by the callback,
 * whatever its outcome, and lives 10 minutes at most.
 */
export const ssoLoginStateMigrations: Migration[] = [
  {
    id: '0081_sso_login_states',
    sql: `
      CREATE TABLE sso_login_states (
        state_hash text PRIMARY KEY,
        realm text NOT NULL,
        nonce text NOT NULL,
        code_verifier text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sso_login_states_expiry_idx ON sso_login_states (expires_at);`,
  },
];

export const SSO_LOGIN_STATE_TTL_SECONDS = 10 * 60;

export type PendingLogin = { realm: string; nonce: string; codeVerifier: string };

export const savePendingLogin = async (db: SqlExecutor, state: string, login: PendingLogin): Promise<void> => {
  // Logins abandoned at the provider leave rows behind; starting a login sweeps them, which keeps
  // the table as small as the logins of the last 10 minutes without a scheduled job.
  await db.query('DELETE FROM sso_login_states WHERE expires_at < now()');
  await db.query(
    `INSERT INTO sso_login_states (state_hash, realm, nonce, code_verifier, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashSecretCode(state), login.realm, login.nonce, login.codeVerifier, SSO_LOGIN_STATE_TTL_SECONDS],
  );
};

/** Removes and returns the pending login of this state: a second call, or an expired one, finds nothing. */
export const takePendingLogin = async (db: SqlExecutor, state: string): Promise<PendingLogin | undefined> => {
  const { rows } = await db.query<{ realm: string; nonce: string; code_verifier: string; live: boolean }>(
    `DELETE FROM sso_login_states WHERE state_hash = $1
     RETURNING realm, nonce, code_verifier, expires_at > now() AS live`,
    [hashSecretCode(state)],
  );
  const row = rows[0];
  return row?.live ? { realm: row.realm, nonce: row.nonce, codeVerifier: row.code_verifier } : undefined;
};
