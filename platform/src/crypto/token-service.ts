import { randomUUID, webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** Claims of the API's own access tokens. Identity and tenancy extend what they mean. */
export type AccessTokenClaims = {
  /** User id. */
  sub: string;
  role: string;
  /** Organization id; absent for platform-wide principals without one. */
  org?: string;
  /** 'access' for users, 'guest' for a token scoped to one shared session. */
  typ: 'access' | 'guest';
  /** For guest tokens: the one shared session they may take part in. */
  scope?: string;
  jti: string;
  exp: number;
  iat: number;
};

export type TokenService = {
  /** Signs a token; pass `jti` to tie it to a server-side session record. */
  sign(
    claims: Pick<AccessTokenClaims, 'sub' | 'role' | 'typ'> & { org?: string; scope?: string; jti?: string },
    ttlSeconds: number,
  ): Promise<string>;
  /** Returns the claims of a valid token, or undefined for an invalid, expired or foreign token. */
  verify(token: string): Promise<AccessTokenClaims | undefined>;
};

const ALGORITHM = 'HS256';

/**
 * Tokens whose signature and claims were verified, with their expiry. A client presents the same
 * token on every request, and the HMAC check is the costliest step of authenticating one (a fifth
 * of the CPU of `GET /v1/me`); what a valid signature proved never changes, so it is remembered
 * until the token expires. Whether its session is still open is checked on every request anyway.
 */
const VERIFIED_CACHE_SIZE = 10_000;

export const createTokenService = (options: { secret: string; issuer: string; audience?: string }): TokenService => {
  // Imported once: given raw bytes, jose would import the HMAC key again on every verification,
  // which was a tenth of the CPU of an authenticated request.
  let key: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () =>
    (key ??= webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(options.secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ));
  const audience = options.audience ?? 'ai-coaching-api';
  const verified = new Map<string, AccessTokenClaims>();
  const remember = (token: string, claims: AccessTokenClaims) => {
    // Oldest first out: Map keeps insertion order.
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, claims);
  };
  return {
    async sign(claims, ttlSeconds) {
      return new SignJWT({
        role: claims.role,
        typ: claims.typ,
        ...(claims.org ? { org: claims.org } : {}),
        ...(claims.scope ? { scope: claims.scope } : {}),
      })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(options.issuer)
        .setAudience(audience)
        .setJti(claims.jti ?? randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await hmacKey());
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          issuer: options.issuer,
          audience,
          algorithms: [ALGORITHM],
        });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.jti !== 'string') {
          return undefined;
        }
        if (payload.typ !== 'access' && payload.typ !== 'guest') return undefined;
        const claims = payload as unknown as AccessTokenClaims;
        remember(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
};
