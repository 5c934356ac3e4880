import { AUTH_SESSIONS_TOPIC } from '../auth/auth-sessions.js';
import { transactionAnnouncing } from '../sql/change-feed.js';
import type { RevocationReason } from '../auth/auth-sessions.js';
import { createSecretCode, hashSecretCode } from '../crypto/codes.js';
import { decryptSecret, encryptSecret, type EncryptionKey } from '../crypto/encryption.js';
import type { Migration } from '../sql/migrations.js';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

/**
 * Our own refresh tokens for single sign-on sessions (the provider's never reach the browser,
 * ASVS 10.1.1). Each login starts a family; every use of a token consumes it and issues its
 * successor with a new access token and session. A consumed token presented again means two
 * parties hold the family (a stolen token), so the whole family and all its sessions end
 * (OAuth 2.0 Security BCP §4.14). Only SHA-256 hashes of our tokens are stored; the provider's
 * refresh token is kept sealed (AES-256-GCM) for refreshing and revoking it at the provider.
 */
export const ssoRefreshTokenMigrations: Migration[] = [
  {
    id: '0082_sso_refresh_tokens',
    sql: `
      CREATE TABLE sso_token_families (
        family_id text PRIMARY KEY,
        user_id text NOT NULL,
        realm text NOT NULL,
        issuer text NOT NULL,
        subject text NOT NULL,
        idp_refresh_token_encrypted text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text
      );
      CREATE INDEX sso_token_families_user_idx ON sso_token_families (user_id) WHERE revoked_at IS NULL;
      CREATE TABLE sso_refresh_tokens (
        token_hash text PRIMARY KEY,
        family_id text NOT NULL REFERENCES sso_token_families (family_id) ON DELETE CASCADE,
        session_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );
      CREATE INDEX sso_refresh_tokens_family_idx ON sso_refresh_tokens (family_id);`,
  },
  {
    // An open socket follows its single sign-on login from session to session (`recheckCallers`).
    id: '0230_sso_refresh_tokens_session',
    sql: 'CREATE INDEX sso_refresh_tokens_session_idx ON sso_refresh_tokens (session_id);',
  },
];

/** A login is good for 7 days at most, refreshed or not (ASVS 10.4.8, 7.3.2). */
export const SSO_FAMILY_LIFETIME_SECONDS = 7 * 24 * 3600;
/** A refresh token unused for 12 hours is dead: the next working day starts with a new login (ASVS 7.3.1). */
export const SSO_REFRESH_IDLE_SECONDS = 12 * 3600;

export type SsoTokenFamily = {
  familyId: string;
  userId: string;
  realm: string;
  issuer: string;
  subject: string;
  /** Decrypted; null when the provider issued none, or once the family has ended. */
  idpRefreshToken: string | null;
};

type FamilyRow = {
  family_id: string;
  user_id: string;
  realm: string;
  issuer: string;
  subject: string;
  idp_refresh_token_encrypted: string | null;
};

type Deps = { db: SqlDatabase; keys: readonly EncryptionKey[] };

const idpTokenContext = (familyId: string) => `sso_family:${familyId}`;

const sealIdpToken = (keys: readonly EncryptionKey[], familyId: string, token: string | undefined) =>
  token === undefined ? null : encryptSecret(keys[0]!, token, idpTokenContext(familyId));

const familyOf = (keys: readonly EncryptionKey[], row: FamilyRow): SsoTokenFamily => ({
  familyId: row.family_id,
  userId: row.user_id,
  realm: row.realm,
  issuer: row.issuer,
  subject: row.subject,
  idpRefreshToken:
    row.idp_refresh_token_encrypted === null
      ? null
      : decryptSecret(keys, row.idp_refresh_token_encrypted, idpTokenContext(row.family_id)),
});

const insertToken = async (tx: SqlExecutor, familyId: string, sessionId: string): Promise<string> => {
  const token = createSecretCode();
  // Idle expiry, never beyond the family's absolute one.
  await tx.query(
    `INSERT INTO sso_refresh_tokens (token_hash, family_id, session_id, expires_at)
     SELECT $1, family_id, $3, LEAST(now() + make_interval(secs => $4), expires_at)
     FROM sso_token_families WHERE family_id = $2`,
    [hashSecretCode(token), familyId, sessionId, SSO_REFRESH_IDLE_SECONDS],
  );
  return token;
};

/** Starts the family of a new login with its first refresh token, tied to the login's session. */
export const startTokenFamily = async (
  deps: Deps,
  login: {
    familyId: string;
    userId: string;
    realm: string;
    issuer: string;
    subject: string;
    idpRefreshToken: string | undefined;
    sessionId: string;
  },
): Promise<string> =>
  deps.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sso_token_families (family_id, user_id, realm, issuer, subject, idp_refresh_token_encrypted, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
      [
        login.familyId,
        login.userId,
        login.realm,
        login.issuer,
        login.subject,
        sealIdpToken(deps.keys, login.familyId, login.idpRefreshToken),
        SSO_FAMILY_LIFETIME_SECONDS,
      ],
    );
    return insertToken(tx, login.familyId, login.sessionId);
  });

export type RefreshClaim =
  /** The token was live and is now consumed; `sessionId` is the session issued with it. */
  | { outcome: 'claimed'; family: SsoTokenFamily; tokenHash: string; sessionId: string }
  | { outcome: 'unknown' }
  /** Presented again after use: the family has just been ended, its sessions with it. */
  | { outcome: 'reused'; family: SsoTokenFamily }
  /** Idle or absolute lifetime reached: the family has just been ended. */
  | { outcome: 'expired'; family: SsoTokenFamily }
  /** The family had already ended (logout, reuse, the provider, a disabled account). */
  | { outcome: 'revoked' };

/**
 * Consumes a refresh token. The consuming UPDATE is the single point of truth: of two requests
 * racing with the same token exactly one claims it, and the other is treated as a reuse.
 */
export const claimRefreshToken = async (deps: Deps, token: string): Promise<RefreshClaim> => {
  const tokenHash = hashSecretCode(token);
  const { rows: claimed } = await deps.db.query<FamilyRow & { session_id: string }>(
    `UPDATE sso_refresh_tokens t SET used_at = now()
     FROM sso_token_families f
     WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
       AND f.family_id = t.family_id AND f.revoked_at IS NULL AND f.expires_at > now()
     RETURNING t.session_id, f.family_id, f.user_id, f.realm, f.issuer, f.subject, f.idp_refresh_token_encrypted`,
    [tokenHash],
  );
  if (claimed[0]) {
    return { outcome: 'claimed', family: familyOf(deps.keys, claimed[0]), tokenHash, sessionId: claimed[0].session_id };
  }
  const { rows } = await deps.db.query<{ used: boolean; revoked: boolean; family_id: string }>(
    `SELECT t.used_at IS NOT NULL AS used, f.revoked_at IS NOT NULL AS revoked, f.family_id
     FROM sso_refresh_tokens t JOIN sso_token_families f ON f.family_id = t.family_id
     WHERE t.token_hash = $1`,
    [tokenHash],
  );
  const row = rows[0];
  if (!row) return { outcome: 'unknown' };
  if (row.used) {
    const family = await endTokenFamily(deps, row.family_id, 'refresh_reuse');
    return family
      ? { outcome: 'reused', family }
      : { outcome: 'reused', family: await familyById(deps, row.family_id) };
  }
  if (row.revoked) return { outcome: 'revoked' };
  const family = await endTokenFamily(deps, row.family_id, 'expired');
  return family ? { outcome: 'expired', family } : { outcome: 'revoked' };
};

const familyById = async (deps: Deps, familyId: string): Promise<SsoTokenFamily> => {
  const { rows } = await deps.db.query<FamilyRow>('SELECT * FROM sso_token_families WHERE family_id = $1', [familyId]);
  return familyOf(deps.keys, rows[0]!);
};

/**
 * Issues the successor of a claimed token for the session just created, and keeps the provider's
 * rotated refresh token. Returns undefined when the family ended meanwhile (a reuse racing this
 * refresh): the caller must then end the session it created.
 */
export const rotateRefreshToken = async (
  deps: Deps,
  claim: { familyId: string; sessionId: string; idpRefreshToken: string | undefined },
): Promise<string | undefined> =>
  deps.db.transaction(async (tx) => {
    // The row lock orders this against endTokenFamily: either the family ends first and is seen
    // here, or the new token (and so its session) exists before the family is ended.
    const { rows } = await tx.query<{ live: boolean }>(
      'SELECT revoked_at IS NULL AND expires_at > now() AS live FROM sso_token_families WHERE family_id = $1 FOR UPDATE',
      [claim.familyId],
    );
    if (!rows[0]?.live) return undefined;
    if (claim.idpRefreshToken !== undefined) {
      await tx.query('UPDATE sso_token_families SET idp_refresh_token_encrypted = $2 WHERE family_id = $1', [
        claim.familyId,
        sealIdpToken(deps.keys, claim.familyId, claim.idpRefreshToken),
      ]);
    }
    return insertToken(tx, claim.familyId, claim.sessionId);
  });

/** Gives a claimed token back when the refresh could not finish for a passing reason (the provider was down). */
export const releaseRefreshToken = async (db: SqlExecutor, tokenHash: string): Promise<void> => {
  await db.query('UPDATE sso_refresh_tokens SET used_at = NULL WHERE token_hash = $1', [tokenHash]);
};

/** The family of any of its tokens, used or not, ended or not (logout accepts them all). */
export const findTokenFamily = async (deps: Deps, token: string): Promise<SsoTokenFamily | undefined> => {
  const { rows } = await deps.db.query<FamilyRow>(
    `SELECT f.* FROM sso_refresh_tokens t JOIN sso_token_families f ON f.family_id = t.family_id
     WHERE t.token_hash = $1`,
    [hashSecretCode(token)],
  );
  return rows[0] ? familyOf(deps.keys, rows[0]) : undefined;
};

export type FamilyEndReason = RevocationReason | 'expired';

/**
 * Ends a family: no token of it refreshes any more, every session it issued is revoked, and the
 * sealed provider token is dropped. Returns the family as it was (with the provider's token, to
 * revoke it there), or undefined when it had already ended.
 */
export const endTokenFamily = async (
  deps: Deps,
  familyId: string,
  reason: FamilyEndReason,
): Promise<SsoTokenFamily | undefined> =>
  transactionAnnouncing(deps.db, async (tx, announce) => {
    const { rows } = await tx.query<FamilyRow>(
      'SELECT * FROM sso_token_families WHERE family_id = $1 AND revoked_at IS NULL FOR UPDATE',
      [familyId],
    );
    if (!rows[0]) return undefined;
    const family = familyOf(deps.keys, rows[0]);
    await tx.query(
      `UPDATE sso_token_families SET revoked_at = now(), revoked_reason = $2, idp_refresh_token_encrypted = NULL
       WHERE family_id = $1`,
      [familyId, reason],
    );
    // An idle family's sessions have long expired (access tokens live 15 minutes), so expiry has none to end.
    if (reason !== 'expired') {
      await tx.query(
        `UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2
         WHERE revoked_at IS NULL AND session_id IN (SELECT session_id FROM sso_refresh_tokens WHERE family_id = $1)`,
        [familyId, reason],
      );
      await announce([AUTH_SESSIONS_TOPIC]);
    }
    return family;
  });
