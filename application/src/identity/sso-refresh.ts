import type { SsoTokens } from '@ai-coaching/contracts';
import {
  claimRefreshToken,
  endTokenFamily,
  findSsoRealm,
  refreshAtProvider,
  releaseRefreshToken,
  revokeSession,
  rotateRefreshToken,
  SsoError,
} from '@ai-coaching/platform';
import { findUser } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { accountDisabled, AuthenticationError } from './authentication-error.js';
import { issueAccessToken } from './session-tokens.js';
import { endFamily, logOf, redirectUriOf, ssoDeps, ssoTokens } from './sso-common.js';

const loginEnded = () =>
  new AuthenticationError(401, 'refresh_token_revoked', 'This sign-in has ended. Sign in again.');
const sessionEnded = () =>
  new AuthenticationError(401, 'sso_session_ended', 'Your single sign-on session has ended. Sign in again.');

/**
 * Exchanges one of our refresh tokens for new tokens; the old one stops working. A token used
 * twice ends the whole login (it was stolen, or raced). The provider is asked too, so a user
 * disabled or logged out there loses access here at the next refresh.
 */
export const refreshSsoLogin = async (
  services: AppServices,
  origin: Origin,
  refreshToken: string,
): Promise<SsoTokens> => {
  const deps = await ssoDeps(services);
  const claim = await claimRefreshToken(deps, refreshToken);
  switch (claim.outcome) {
    case 'unknown':
      throw new AuthenticationError(401, 'refresh_token_invalid', 'This refresh token is not valid. Sign in again.');
    case 'revoked':
      throw loginEnded();
    case 'reused':
      logOf(services, origin).warn({ userId: claim.family.userId, realm: claim.family.realm }, 'refresh token reused');
      await endFamily(services, origin, claim.family, 'refresh_reuse');
      throw new AuthenticationError(
        401,
        'refresh_token_reused',
        'This refresh token was already used, so this sign-in has been ended everywhere for safety. Sign in again.',
      );
    case 'expired':
      await endFamily(services, origin, claim.family, 'expired');
      throw new AuthenticationError(401, 'refresh_token_expired', 'This sign-in has expired. Sign in again.');
  }
  const { family } = claim;

  const realm = await findSsoRealm({ ...services, keys: deps.keys }, family.realm);
  if (!realm || realm.issuer !== family.issuer) {
    await endFamily(services, origin, family, 'sso_logout');
    throw sessionEnded();
  }
  const user = await findUser(services.db, family.userId);
  if (user?.status !== 'active') {
    await endFamily(services, origin, family, 'user_disabled', realm);
    throw accountDisabled();
  }

  let providerToken: string | undefined;
  if (family.idpRefreshToken) {
    const refreshed = await refreshAtProvider(
      realm,
      redirectUriOf(services, realm),
      family.idpRefreshToken,
      family.subject,
    );
    if (refreshed.outcome === 'unavailable') {
      // Not the user's fault: give the token back so the next try can succeed.
      await releaseRefreshToken(services.db, claim.tokenHash);
      throw new SsoError(
        502,
        'sso_provider_unavailable',
        `The identity provider of realm "${realm.name}" cannot be reached. Try again in a moment.`,
      );
    }
    if (refreshed.outcome === 'ended') {
      await endTokenFamily(deps, family.familyId, 'sso_logout');
      throw sessionEnded();
    }
    providerToken = refreshed.refreshToken;
  }

  const issued = await issueAccessToken(services, {
    userId: user.userId,
    role: user.role,
    organizationId: user.organizationId,
    kind: 'sso',
  });
  const rotated = await rotateRefreshToken(deps, {
    familyId: family.familyId,
    sessionId: issued.sessionId,
    idpRefreshToken: providerToken,
  });
  if (!rotated) {
    // A reuse ended the family while we refreshed: the session just made must not survive it.
    await revokeSession(services.db, issued.sessionId, 'refresh_reuse');
    throw loginEnded();
  }
  // One live session per login: the access token this refresh replaces stops working now.
  await revokeSession(services.db, claim.sessionId, 'rotated');
  return ssoTokens(issued, rotated);
};
