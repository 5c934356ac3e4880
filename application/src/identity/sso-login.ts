import type { AuthenticationMethods, SsoTokens } from '@ai-coaching/contracts';
import { buildLoginUrl, completeLogin, listSsoRealms, startTokenFamily } from '@ai-coaching/platform';
import type { UserView } from '@ai-coaching/projections';
import type { AppServices, Origin } from '../app-services.js';
import { issueAccessToken } from './session-tokens.js';
import { resolveSsoAccount } from './sso-account.js';
import { logOf, realmOrNotFound, redirectUriOf, revokeAtProviderQuietly, ssoDeps, ssoTokens } from './sso-common.js';

/**
 * Single sign-on through Keycloak-layout realms (spec section 7). The browser only ever holds our
 * tokens: the provider's stay on the server (ASVS 10.1.1). A login links the provider's identity
 * to an account of the realm's organization, or provisions one; our refresh tokens rotate on each
 * use and a reuse ends the whole login (docs/adr/0007-sso-realms-and-tokens.md).
 */

export const authenticationMethods = async (services: AppServices): Promise<AuthenticationMethods> => {
  const realms = (await listSsoRealms(services)).map(({ name }) => ({ name }));
  return { fau: true, keycloak: realms.length > 0, realms };
};

/** The provider's authorization URL for a new login of this realm (state, nonce and PKCE kept here). */
export const ssoLoginUrl = async (services: AppServices, realmName: string): Promise<{ url: string }> => {
  const realm = await realmOrNotFound(services, realmName);
  return { url: await buildLoginUrl(services.db, realm, redirectUriOf(services, realm)) };
};

/** Finishes a login with what the provider put in the URL: the account signs in and gets our tokens. */
export const completeSsoLogin = async (
  services: AppServices,
  origin: Origin,
  query: { realm: string; code: string; state: string; iss?: string | undefined },
): Promise<SsoTokens> => {
  const realm = await realmOrNotFound(services, query.realm);
  const login = await completeLogin(services.db, realm, redirectUriOf(services, realm), query);
  let user: UserView;
  try {
    user = await resolveSsoAccount(services, origin, realm, login.identity);
  } catch (error) {
    // Refused here: the provider's session for us must not outlive the refusal.
    await revokeAtProviderQuietly(services, origin, realm, login.refreshToken);
    throw error;
  }
  const issued = await issueAccessToken(services, {
    userId: user.userId,
    role: user.role,
    organizationId: user.organizationId,
    kind: 'sso',
  });
  const refreshToken = await startTokenFamily(await ssoDeps(services), {
    familyId: services.ids.newId(),
    userId: user.userId,
    realm: realm.name,
    issuer: login.identity.issuer,
    subject: login.identity.subject,
    idpRefreshToken: login.refreshToken,
    sessionId: issued.sessionId,
  });
  logOf(services, origin).info({ realm: realm.name, userId: user.userId }, 'single sign-on login');
  return ssoTokens(issued, refreshToken);
};
