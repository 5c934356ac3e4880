import { type AccessToken, type Profile, type SsoTokens } from '@ai-coaching/contracts';
import { authOperations, ssoOperations } from '../../../lib/http/contract-routes';
import type { RequestOf } from '../../../lib/http/route';
import { api } from '../../../lib/http/api';

// The auth machine's own calls: each sends the token it is given (or none) and never asks the
// machine to refresh on a 401, since the machine is the one asking.
const own = (token: string | null) => ({ token, skipAuthRefresh: true });

export function loginWithPassword(input: { username: string; password: string }): Promise<AccessToken> {
  return api.call(
    authOperations.login,
    { body: { username: input.username, password: input.password, grant_type: 'password', scope: '' } },
    own(null),
  );
}

/** What the identity provider put in the URL; `iss` (RFC 9207) when it sends one, checked by the API. */
export type SsoCallbackParams = RequestOf<typeof ssoOperations.callback>['query'];

export function exchangeSsoCode(input: SsoCallbackParams): Promise<SsoTokens> {
  return api.call(ssoOperations.callback, { query: input }, own(null));
}

export function loadProfile(input: { accessToken: string | null }): Promise<Profile> {
  return api.call(authOperations.me, {}, own(input.accessToken));
}

export function refreshSsoToken(input: { refreshToken: string }): Promise<SsoTokens> {
  return api.call(ssoOperations.refreshToken, { body: { refresh_token: input.refreshToken } }, own(null));
}

export type LogoutCallsResult = { keycloakError: unknown; fauError: unknown };

/** Calls both logout endpoints and reports each failure instead of throwing. */
export async function logoutCalls(input: {
  accessToken: string | null;
  refreshToken: string | null;
}): Promise<LogoutCallsResult> {
  const [keycloak, fau] = await Promise.allSettled([
    input.refreshToken
      ? api.call(ssoOperations.logout, { body: { refresh_token: input.refreshToken } }, own(input.accessToken))
      : Promise.resolve(null),
    api.call(authOperations.logout, {}, own(input.accessToken)),
  ]);
  return {
    keycloakError: keycloak.status === 'rejected' ? keycloak.reason : null,
    fauError: fau.status === 'rejected' ? fau.reason : null,
  };
}
