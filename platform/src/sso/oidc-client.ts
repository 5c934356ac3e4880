import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SqlExecutor } from '../sql/sql-database.js';
import { savePendingLogin, takePendingLogin } from './login-states.js';
import { isLoopbackHttpIssuer } from './realm-schema.js';
import type { SsoRealm } from './realms.js';
import { SsoError } from './sso-error.js';

/**
 * The relying-party side of OpenID Connect, for Keycloak-layout providers: discovery only, so the
 * same code talks to Keycloak in production and to the oidc-provider stand-in in tests.
 * Authorization code flow with state, nonce and PKCE S256; the `iss` response parameter is checked
 * (mix-up defence across realms); ID tokens are checked for issuer, audience (our client id),
 * expiry, nonce and their signature against the realm's keys.
 */

export type OidcRealm = Pick<SsoRealm, 'name' | 'issuer' | 'clientId' | 'clientSecret'>;

const SCOPE = 'openid email profile';
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const REQUEST_TIMEOUT_SECONDS = 10;

/** Where the provider sends the browser back: the app root, where the SPA reads `realm` and `code`. */
export const ssoRedirectUri = (publicUrl: string, realmName: string): string =>
  `${publicUrl}/?realm=${encodeURIComponent(realmName)}`;

/**
 * openid-client derives the token request's `redirect_uri` from the callback URL with its query
 * removed (panva/openid-client#868), which drops our `?realm=`; the provider then refuses the code
 * because it does not match the authorization request. This puts the registered URI back, for the
 * code exchange only.
 */
const exchangeWithRedirectUri =
  (redirectUri: string): oidc.CustomFetch =>
  (url, options) => {
    if (options.body instanceof URLSearchParams && options.body.get('grant_type') === 'authorization_code') {
      options.body.set('redirect_uri', redirectUri);
    }
    return fetch(url, options as RequestInit);
  };

const discoveries = new Map<string, { expiresAt: number; configuration: Promise<oidc.Configuration> }>();

/**
 * One discovered configuration per realm, kept an hour so a login does not cost a metadata and
 * key fetch. Keyed by everything that shapes it, so an edited realm is rediscovered at once.
 */
const configurationFor = async (realm: OidcRealm, redirectUri: string): Promise<oidc.Configuration> => {
  const key = [realm.name, realm.issuer, realm.clientId, redirectUri]
    .concat(createHash('sha256').update(realm.clientSecret).digest('hex'))
    .join('\u001f');
  const cached = discoveries.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.configuration;
  const configuration = oidc.discovery(
    new URL(realm.issuer),
    realm.clientId,
    realm.clientSecret,
    oidc.ClientSecretBasic(realm.clientSecret),
    {
      execute: [
        oidc.enableNonRepudiationChecks,
        // Plain http only for the loopback test provider; realm settings refuse it anywhere else.
        ...(isLoopbackHttpIssuer(realm.issuer) ? [oidc.allowInsecureRequests] : []),
      ],
      [oidc.customFetch]: exchangeWithRedirectUri(redirectUri),
      timeout: REQUEST_TIMEOUT_SECONDS,
    },
  );
  discoveries.set(key, { expiresAt: Date.now() + DISCOVERY_TTL_MS, configuration });
  // A provider that was down must be asked again next time, not remembered as down for an hour.
  configuration.catch(() => discoveries.delete(key));
  return configuration;
};

type OidcFailure = 'refused' | 'invalid' | 'unavailable';

const UNAVAILABLE_CODES = new Set(['OAUTH_RESPONSE_IS_NOT_CONFORM', 'OAUTH_RESPONSE_IS_NOT_JSON']);

/** Sorts what openid-client throws: the provider said no, answered something invalid, or was unreachable. */
const classify = (error: unknown): OidcFailure => {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500 ? 'unavailable' : 'refused';
  if (error instanceof oidc.AuthorizationResponseError) return 'refused';
  if (error instanceof oidc.ClientError)
    return error.code && UNAVAILABLE_CODES.has(error.code) ? 'unavailable' : 'invalid';
  // fetch reports network failures as TypeError, and the request timeout as an abort.
  if (error instanceof TypeError) return 'unavailable';
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'unavailable';
  throw error;
};

const providerUnavailable = (realm: OidcRealm) =>
  new SsoError(
    502,
    'sso_provider_unavailable',
    `The identity provider of realm "${realm.name}" cannot be reached. Try again in a moment.`,
  );

const discover = async (realm: OidcRealm, redirectUri: string): Promise<oidc.Configuration> => {
  try {
    return await configurationFor(realm, redirectUri);
  } catch (error) {
    if (classify(error) === 'unavailable') throw providerUnavailable(realm);
    throw new SsoError(
      502,
      'sso_provider_misconfigured',
      `The identity provider of realm "${realm.name}" answered with metadata that does not match the realm (check its issuer URL).`,
    );
  }
};

/** Starts a login: records state, nonce and PKCE verifier, and returns the provider's URL. */
export const buildLoginUrl = async (db: SqlExecutor, realm: OidcRealm, redirectUri: string): Promise<string> => {
  const configuration = await discover(realm, redirectUri);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await savePendingLogin(db, state, { realm: realm.name, nonce, codeVerifier });
  return oidc
    .buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
};

/** The person the provider vouches for, from the ID token (and userinfo when the token lacks an email). */
export type IdpIdentity = {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  givenName: string | undefined;
  familyName: string | undefined;
  name: string | undefined;
};

export type IdpLogin = { identity: IdpIdentity; refreshToken: string | undefined };

export type AuthorizationResponse = { code: string; state: string; iss?: string | undefined };

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

const stateInvalid = () =>
  new SsoError(
    401,
    'sso_state_invalid',
    'This sign-in link has expired, was already used or was not started here. Start the sign-in again.',
  );

/**
 * Finishes a login: takes the pending login of `state` (single use, whatever happens next),
 * checks that it was started for this realm and that the answer comes from this realm's issuer,
 * then exchanges the code with the PKCE verifier and validates the ID token.
 */
export const completeLogin = async (
  db: SqlExecutor,
  realm: OidcRealm,
  redirectUri: string,
  response: AuthorizationResponse,
): Promise<IdpLogin> => {
  const pending = await takePendingLogin(db, response.state);
  if (!pending || pending.realm !== realm.name) throw stateInvalid();

  const configuration = await discover(realm, redirectUri);
  const issuer = configuration.serverMetadata().issuer;
  // Mix-up defence (RFC 9207, ASVS 10.2.2): a code another realm's provider issued must not be
  // redeemed here. openid-client checks this too; checking first gives the refusal its own code.
  if (
    (response.iss !== undefined && response.iss !== issuer) ||
    (response.iss === undefined && configuration.serverMetadata().authorization_response_iss_parameter_supported)
  ) {
    throw new SsoError(
      401,
      'sso_issuer_mismatch',
      `This answer does not come from the identity provider of realm "${realm.name}". Start the sign-in again.`,
    );
  }

  const callbackUrl = new URL(redirectUri);
  callbackUrl.searchParams.set('code', response.code);
  callbackUrl.searchParams.set('state', response.state);
  if (response.iss !== undefined) callbackUrl.searchParams.set('iss', response.iss);

  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: response.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    switch (classify(error)) {
      case 'unavailable':
        throw providerUnavailable(realm);
      case 'refused':
        throw new SsoError(
          401,
          'sso_code_exchange_failed',
          'The identity provider did not accept this sign-in code (expired or already used). Start the sign-in again.',
        );
      case 'invalid':
        throw new SsoError(
          401,
          'sso_response_invalid',
          'The identity provider’s answer failed validation (issuer, audience, nonce, expiry or signature). Start the sign-in again.',
        );
    }
  }

  const claims = tokens.claims()!;
  let profile: Record<string, unknown> = claims;
  if (!text(claims.email)) {
    try {
      profile = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub)), ...claims };
    } catch (error) {
      if (classify(error) === 'unavailable') throw providerUnavailable(realm);
      // Without userinfo the login goes on with the ID token alone; the email checks decide.
    }
  }
  return {
    identity: {
      issuer,
      subject: claims.sub,
      email: text(profile.email),
      emailVerified: profile.email_verified === true,
      givenName: text(profile.given_name),
      familyName: text(profile.family_name),
      name: text(profile.name),
    },
    refreshToken: tokens.refresh_token,
  };
};

export type IdpRefresh =
  { outcome: 'refreshed'; refreshToken: string | undefined } | { outcome: 'ended' } | { outcome: 'unavailable' };

/**
 * Uses the provider's refresh token, so a user disabled or logged out at the provider loses access
 * at our next refresh. `ended` when the provider refuses it or vouches for someone else.
 */
export const refreshAtProvider = async (
  realm: OidcRealm,
  redirectUri: string,
  refreshToken: string,
  expectedSubject: string,
): Promise<IdpRefresh> => {
  try {
    const configuration = await configurationFor(realm, redirectUri);
    const tokens = await oidc.refreshTokenGrant(configuration, refreshToken);
    const claims = tokens.claims();
    if (claims && claims.sub !== expectedSubject) return { outcome: 'ended' };
    return { outcome: 'refreshed', refreshToken: tokens.refresh_token };
  } catch (error) {
    return classify(error) === 'unavailable' ? { outcome: 'unavailable' } : { outcome: 'ended' };
  }
};

/** RFC 7009 revocation of the provider's refresh token; false when the provider could not be told. */
export const revokeAtProvider = async (
  realm: OidcRealm,
  redirectUri: string,
  refreshToken: string,
): Promise<boolean> => {
  try {
    const configuration = await configurationFor(realm, redirectUri);
    await oidc.tokenRevocation(configuration, refreshToken, { token_type_hint: 'refresh_token' });
    return true;
  } catch (error) {
    classify(error);
    return false;
  }
};
