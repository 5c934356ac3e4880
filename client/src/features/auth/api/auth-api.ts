import { api } from '../../../lib/http/api';

export type PasswordLoginResponse = { access_token?: string | null };
export type SsoTokenResponse = { access_token?: string | null; refresh_token?: string | null };
export type ProfileResponse = Record<string, unknown>;

/** POST /v1/fau/login (form-encoded username, password, grant_type=password, scope). */
export function loginWithPassword(input: { username: string; password: string }): Promise<PasswordLoginResponse> {
  const form = { username: input.username, password: input.password, grant_type: 'password', scope: '' };
  return api.request('/v1/fau/login', { method: 'POST', form, token: null, skipAuthRefresh: true });
}

/** What the identity provider put in the URL; `iss` (RFC 9207) when it sends one, checked by the API. */
export type SsoCallbackParams = { realm: string; code: string; state: string; iss?: string };

/** POST /v1/keycloak/callback?realm&code&state[&iss] */
export function exchangeSsoCode(input: SsoCallbackParams): Promise<SsoTokenResponse> {
  return api.request('/v1/keycloak/callback', { method: 'POST', query: input, token: null, skipAuthRefresh: true });
}

/** GET /v1/me */
export function loadProfile(input: { accessToken: string | null }): Promise<ProfileResponse> {
  return api.request('/v1/me', { token: input.accessToken, skipAuthRefresh: true });
}

/** POST /v1/keycloak/refresh_token { refresh_token } */
export function refreshSsoToken(input: { refreshToken: string }): Promise<SsoTokenResponse> {
  return api.request('/v1/keycloak/refresh_token', {
    method: 'POST',
    json: { refresh_token: input.refreshToken },
    token: null,
    skipAuthRefresh: true,
  });
}

export type LogoutCallsResult = { keycloakError: unknown; fauError: unknown };

/** Calls both logout endpoints and reports each failure instead of throwing. */
export async function logoutCalls(input: {
  accessToken: string | null;
  refreshToken: string | null;
}): Promise<LogoutCallsResult> {
  const [keycloak, fau] = await Promise.allSettled([
    input.refreshToken
      ? api.request('/v1/keycloak/logout', {
          method: 'POST',
          json: { refresh_token: input.refreshToken },
          token: input.accessToken,
          skipAuthRefresh: true,
        })
      : Promise.resolve(null),
    api.request('/v1/fau/logout', { method: 'POST', token: input.accessToken, skipAuthRefresh: true }),
  ]);
  return {
    keycloakError: keycloak.status === 'rejected' ? keycloak.reason : null,
    fauError: fau.status === 'rejected' ? fau.reason : null,
  };
}
