import type { Role } from '@ai-coaching/domain';
import { recordSession, type AuthSessionKind } from '@ai-coaching/platform';
import type { AppServices } from '../app-services.js';

/**
 * Token lifetimes (docs/security.md). Password login returns no refresh token (spec section 7),
 * so its access token covers a working day; single sign-on tokens are short and refreshed.
 */
export const ACCESS_TOKEN_TTL_SECONDS: Readonly<Record<AuthSessionKind, number>> = {
  password: 12 * 3600,
  sso: 15 * 60,
  guest: 4 * 3600,
};

export type IssuedAccessToken = { accessToken: string; sessionId: string; expiresIn: number; expiresAt: Date };

export type TokenServices = Pick<AppServices, 'db' | 'tokens' | 'clock' | 'ids'>;

/** Signs an access token and records its session, so it can be ended server-side. */
export const issueAccessToken = async (
  services: TokenServices,
  subject: { userId: string; role: Role; organizationId?: string; kind: AuthSessionKind; scope?: string },
): Promise<IssuedAccessToken> => {
  const sessionId = services.ids.newId();
  const expiresIn = ACCESS_TOKEN_TTL_SECONDS[subject.kind];
  const expiresAt = new Date(services.clock.now().getTime() + expiresIn * 1000);
  await recordSession(services.db, { sessionId, userId: subject.userId, kind: subject.kind, expiresAt });
  const accessToken = await services.tokens.sign(
    {
      sub: subject.userId,
      role: subject.role,
      typ: subject.kind === 'guest' ? 'guest' : 'access',
      jti: sessionId,
      ...(subject.organizationId ? { org: subject.organizationId } : {}),
      ...(subject.scope ? { scope: subject.scope } : {}),
    },
    expiresIn,
  );
  return { accessToken, sessionId, expiresIn, expiresAt };
};
