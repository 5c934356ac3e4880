import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessionMigrations, isSessionActive, recordSession } from '../auth/auth-sessions.js';
import { hashSecretCode } from '../crypto/codes.js';
import { deriveEncryptionKey } from '../crypto/encryption.js';
import { newId } from '../crypto/ids.js';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import type { SqlDatabase } from '../sql/sql-database.js';
import {
  SSO_FAMILY_LIFETIME_SECONDS,
  SSO_REFRESH_IDLE_SECONDS,
  claimRefreshToken,
  endTokenFamily,
  findTokenFamily,
  releaseRefreshToken,
  rotateRefreshToken,
  ssoRefreshTokenMigrations,
  startTokenFamily,
} from './refresh-tokens.js';

describe('SSO refresh token families', () => {
  let db: SqlDatabase;
  const keys = [deriveEncryptionKey('refresh-token-test-secret-0123456789abcdef')];
  const deps = () => ({ db, keys });

  const session = async (userId: string) => {
    const sessionId = newId();
    await recordSession(db, { sessionId, userId, kind: 'sso', expiresAt: new Date(Date.now() + 900_000) });
    return sessionId;
  };
  const login = async (idpRefreshToken: string | undefined = 'idp-refresh-1') => {
    const userId = newId();
    const sessionId = await session(userId);
    const familyId = newId();
    const token = await startTokenFamily(deps(), {
      familyId,
      userId,
      realm: 'acme',
      issuer: 'https://sso.example.com/realms/acme',
      subject: 'subject-1',
      idpRefreshToken,
      sessionId,
    });
    return { userId, sessionId, familyId, token };
  };

  beforeAll(async () => {
    db = await createPgliteDatabase();
    await migrate(db, [...authSessionMigrations, ...ssoRefreshTokenMigrations]);
  });
  afterAll(async () => db?.close());

  it('stores a hash of our token and the provider’s token sealed, never either in plain text', async () => {
    const { familyId, token } = await login('idp-refresh-plain');
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT t.*, f.idp_refresh_token_encrypted FROM sso_refresh_tokens t
       JOIN sso_token_families f USING (family_id) WHERE f.family_id = $1`,
      [familyId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashSecretCode(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain('idp-refresh-plain');
    expect((await findTokenFamily(deps(), token))?.idpRefreshToken).toBe('idp-refresh-plain');
  });

  it('gives a token 12 hours of idle life within the family’s 7 days', async () => {
    const { familyId, token } = await login();
    const { rows } = await db.query<{ idle: number; absolute: number }>(
      `SELECT extract(epoch FROM t.expires_at - t.created_at)::int AS idle,
              extract(epoch FROM f.expires_at - f.created_at)::int AS absolute
       FROM sso_refresh_tokens t JOIN sso_token_families f USING (family_id) WHERE t.token_hash = $1`,
      [hashSecretCode(token)],
    );
    expect(rows[0]).toEqual({ idle: SSO_REFRESH_IDLE_SECONDS, absolute: SSO_FAMILY_LIFETIME_SECONDS });
    // Near the end of the family, a successor lives only as long as the family.
    await db.query("UPDATE sso_token_families SET expires_at = now() + interval '1 hour' WHERE family_id = $1", [
      familyId,
    ]);
    const claim = await claimRefreshToken(deps(), token);
    if (claim.outcome !== 'claimed') throw new Error(claim.outcome);
    const next = await rotateRefreshToken(deps(), { familyId, sessionId: newId(), idpRefreshToken: undefined });
    const { rows: successor } = await db.query<{ left: number }>(
      'SELECT extract(epoch FROM expires_at - now())::int AS left FROM sso_refresh_tokens WHERE token_hash = $1',
      [hashSecretCode(next!)],
    );
    expect(successor[0]!.left).toBeLessThanOrEqual(3600);
  });

  it('consumes a token once, keeps the provider’s rotated token, and ends the family on reuse', async () => {
    const first = await login();
    const claim = await claimRefreshToken(deps(), first.token);
    expect(claim).toMatchObject({
      outcome: 'claimed',
      sessionId: first.sessionId,
      family: { idpRefreshToken: 'idp-refresh-1' },
    });
    const secondSession = await session(first.userId);
    const second = await rotateRefreshToken(deps(), {
      familyId: first.familyId,
      sessionId: secondSession,
      idpRefreshToken: 'idp-refresh-2',
    });
    expect(second).toBeDefined();
    expect((await findTokenFamily(deps(), second!))?.idpRefreshToken).toBe('idp-refresh-2');

    const reuse = await claimRefreshToken(deps(), first.token);
    expect(reuse).toMatchObject({
      outcome: 'reused',
      family: { familyId: first.familyId, idpRefreshToken: 'idp-refresh-2' },
    });
    expect(await isSessionActive(db, first.sessionId)).toBe(false);
    expect(await isSessionActive(db, secondSession)).toBe(false);
    expect(await claimRefreshToken(deps(), second!)).toEqual({ outcome: 'revoked' });
    // The sealed provider token is dropped with the family.
    expect((await findTokenFamily(deps(), second!))?.idpRefreshToken).toBeNull();
    const { rows } = await db.query('SELECT revoked_reason FROM sso_token_families WHERE family_id = $1', [
      first.familyId,
    ]);
    expect(rows).toEqual([{ revoked_reason: 'refresh_reuse' }]);
  });

  it('issues no successor into a family that ended while the refresh was under way', async () => {
    const { familyId, token } = await login();
    expect((await claimRefreshToken(deps(), token)).outcome).toBe('claimed');
    await endTokenFamily(deps(), familyId, 'logout');
    expect(await rotateRefreshToken(deps(), { familyId, sessionId: newId(), idpRefreshToken: 'x' })).toBeUndefined();
  });

  it('gives a token back after a passing failure, so the next try succeeds', async () => {
    const { token } = await login();
    const claim = await claimRefreshToken(deps(), token);
    if (claim.outcome !== 'claimed') throw new Error(claim.outcome);
    await releaseRefreshToken(db, claim.tokenHash);
    expect((await claimRefreshToken(deps(), token)).outcome).toBe('claimed');
  });

  it('ends an expired family and reports it as expired, then as revoked', async () => {
    const { familyId, token, sessionId } = await login();
    await db.query("UPDATE sso_token_families SET expires_at = now() - interval '1 second' WHERE family_id = $1", [
      familyId,
    ]);
    expect(await claimRefreshToken(deps(), token)).toMatchObject({ outcome: 'expired', family: { familyId } });
    expect(await claimRefreshToken(deps(), token)).toEqual({ outcome: 'revoked' });
    // Expiry revokes no session: the family's access tokens expired long before.
    expect(await isSessionActive(db, sessionId)).toBe(true);
  });

  it('ends a family once: a second end reports nothing to do', async () => {
    const { familyId } = await login();
    expect(await endTokenFamily(deps(), familyId, 'logout')).toMatchObject({
      familyId,
      idpRefreshToken: 'idp-refresh-1',
    });
    expect(await endTokenFamily(deps(), familyId, 'logout')).toBeUndefined();
  });

  it('does not know a token it never issued', async () => {
    expect(await claimRefreshToken(deps(), 'never-issued')).toEqual({ outcome: 'unknown' });
    expect(await findTokenFamily(deps(), 'never-issued')).toBeUndefined();
  });
});
