import { randomUUID } from 'node:crypto';
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

export const createTokenService = (options: { secret: string; issuer: string; audience?: string }): TokenService => {
  const key = new TextEncoder().encode(options.secret);
  const audience = options.audience ?? 'ai-coaching-api';
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
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: options.issuer,
          audience,
          algorithms: [ALGORITHM],
        });
        if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.jti !== 'string') {
          return undefined;
        }
        if (payload.typ !== 'access' && payload.typ !== 'guest') return undefined;
        return payload as unknown as AccessTokenClaims;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError) return undefined;
        throw error;
      }
    },
  };
};
