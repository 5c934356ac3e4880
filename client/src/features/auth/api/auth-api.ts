import type { AuthError } from '../machines/auth.machine';

export type PasswordLoginResponse = { access_token?: string | null };
export type SsoTokenResponse = { access_token?: string | null; refresh_token?: string | null };
export type ProfileResponse = Record<string, unknown>;

function parseBody(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

async function call<T>(path: string, init: RequestInit & { token?: string | null } = {}): Promise<T> {
  const { token, headers, ...rest } = init;
  const response = await fetch(path, {
    ...rest,
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await response.text();
  const body = parseBody(text);
  if (!response.ok) {
    const detail = (body as { detail?: unknown; message?: unknown } | null) ?? {};
    const message = typeof detail.message === 'string' ? detail.message : response.statusText;
    throw { message: message || `HTTP ${response.status}`, status: response.status } satisfies AuthError;
  }
  return body as T;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** POST /v1/fau/login (form-encoded username, password, grant_type=password, scope). */
export function loginWithPassword(input: { username: string; password: string }): Promise<PasswordLoginResponse> {
  const body = new URLSearchParams({
    username: input.username,
    password: input.password,
    grant_type: 'password',
    scope: '',
  });
  return call('/v1/fau/login', { method: 'POST', body });
}

/** POST /v1/keycloak/callback?realm&code&state */
export function exchangeSsoCode(input: { realm: string; code: string; state: string }): Promise<SsoTokenResponse> {
  const query = new URLSearchParams(input);
  return call(`/v1/keycloak/callback?${query.toString()}`, { method: 'POST' });
}

/** GET /v1/me */
export function loadProfile(input: { accessToken: string | null }): Promise<ProfileResponse> {
  return call('/v1/me', { token: input.accessToken });
}

/** POST /v1/keycloak/refresh_token { refresh_token } */
export function refreshSsoToken(input: { refreshToken: string }): Promise<SsoTokenResponse> {
  return call('/v1/keycloak/refresh_token', json({ refresh_token: input.refreshToken }));
}

export type LogoutCallsResult = { keycloakError: unknown; fauError: unknown };

/** Calls both logout endpoints and reports each failure instead of throwing. */
export async function logoutCalls(input: {
  accessToken: string | null;
  refreshToken: string | null;
}): Promise<LogoutCallsResult> {
  const [keycloak, fau] = await Promise.allSettled([
    input.refreshToken
      ? call('/v1/keycloak/logout', { ...json({ refresh_token: input.refreshToken }), token: input.accessToken })
      : Promise.resolve(null),
    call('/v1/fau/logout', { method: 'POST', token: input.accessToken }),
  ]);
  return {
    keycloakError: keycloak.status === 'rejected' ? keycloak.reason : null,
    fauError: fau.status === 'rejected' ? fau.reason : null,
  };
}
