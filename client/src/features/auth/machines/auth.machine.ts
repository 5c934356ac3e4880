import type { AccessToken, Profile, SsoTokens } from '@ai-coaching/contracts';
import { and, assign, emit, fromPromise, setup } from 'xstate';
import * as authApi from '../api/auth-api';
import type { LogoutCallsResult, SsoCallbackParams } from '../api/auth-api';
import {
  ACCESS_TOKEN_KEY,
  GUEST_ACCESS_TOKEN_KEY,
  LAST_METHOD_KEY,
  LAST_REALM_NAME_KEY,
  PERMISSIONS_KEY,
  ROLES_KEY,
  SESSION_LOCAL_KEYS,
  SESSION_SESSION_KEYS,
  SSO_ACCESS_TOKEN_KEY,
  SSO_REFRESH_TOKEN_KEY,
  readCurrentToken,
} from '../storage';
import type { AuthStorage } from '../storage';
import { toCurrentUser, type CurrentUser } from '../../../lib/session/current-user';
import { isTokenValid } from '../token';

/** Keys of the authentication methods record: fau (password login) and keycloak (single sign-on). */
export type AuthMethod = 'fau' | 'keycloak';

export type AuthError = {
  message: string;
  status: number | null;
  /** 'Logout Error' carries the single sign-on and password-login failures here. */
  details?: { keycloak: AuthError | null; fau: AuthError | null };
};

export const NO_ACCESS_TOKEN_ERROR: AuthError = { message: 'No access token received from backend', status: 502 };
export const NO_REFRESH_TOKEN_ERROR: AuthError = { message: 'No refresh token', status: null };
export const UNAUTHORIZED_ERROR: AuthError = { message: 'Unauthorized', status: 401 };
export const LOGOUT_ERROR_MESSAGE = 'Logout Error';

/** Where the profile being loaded came from: a failure after 'restore' logs out, otherwise it clears the session. */
export type ProfileSource = 'restore' | 'login' | 'guest';

export type AuthContext = {
  storage: AuthStorage;
  now: () => number;
  user: CurrentUser | null;
  error: AuthError | null;
  lastMethod: AuthMethod | null;
  lastRealmName: string | null;
  profileSource: ProfileSource;
  /** When the profile was last loaded (ms): the navigation guard reloads a profile older than a few seconds. */
  profileLoadedAt: number | null;
  /** When this tab last logged out (ms), until the next sign-in: the signed-out page says so. */
  loggedOutAt: number | null;
};

export type AuthInput = { storage: AuthStorage; now?: () => number };

export type AuthEvent =
  | { type: 'user.login'; username: string; password: string }
  | { type: 'user.ssoCallback'; realm: string; code: string; state: string; iss?: string }
  | { type: 'user.logout' }
  | { type: 'profile.reload' }
  | { type: 'api.unauthorized' }
  | { type: 'guest.enter'; token: string }
  | { type: 'guest.leave' }
  /** Another tab logged out: the session is over here too, and the server already knows. */
  | { type: 'session.endedElsewhere' }
  /** Another tab signed in: pick up the session it stored. */
  | { type: 'session.restore' };

/** Emitted so the HTTP client can replay (or give up on) the request that answered 401. */
export type AuthEmitted =
  { type: 'session.refreshed'; accessToken: string } | { type: 'session.refreshFailed'; error: AuthError };

export function toAuthError(error: unknown): AuthError {
  if (typeof error === 'object' && error !== null) {
    const { message, status } = error as { message?: unknown; status?: unknown };
    return {
      message: typeof message === 'string' && message ? message : 'Unknown error',
      status: typeof status === 'number' ? status : null,
    };
  }
  return { message: typeof error === 'string' && error ? error : 'Unknown error', status: null };
}

function readMethod(storage: AuthStorage): AuthMethod | null {
  const method = storage.local.getItem(LAST_METHOD_KEY);
  return method === 'fau' || method === 'keycloak' ? method : null;
}

function logoutError(result: LogoutCallsResult): AuthError | null {
  if (result.keycloakError == null && result.fauError == null) return null;
  return {
    message: LOGOUT_ERROR_MESSAGE,
    status: null,
    details: {
      keycloak: result.keycloakError == null ? null : toAuthError(result.keycloakError),
      fau: result.fauError == null ? null : toAuthError(result.fauError),
    },
  };
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
  },
  actors: {
    loginWithPassword: fromPromise<AccessToken, { username: string; password: string }>(({ input }) =>
      authApi.loginWithPassword(input),
    ),
    exchangeSsoCode: fromPromise<SsoTokens, SsoCallbackParams>(({ input }) => authApi.exchangeSsoCode(input)),
    loadProfile: fromPromise<Profile, { accessToken: string | null }>(({ input }) => authApi.loadProfile(input)),
    logoutCalls: fromPromise<LogoutCallsResult, { accessToken: string | null; refreshToken: string | null }>(
      ({ input }) => authApi.logoutCalls(input),
    ),
    refreshSsoToken: fromPromise<SsoTokens, { refreshToken: string }>(({ input }) => authApi.refreshSsoToken(input)),
  },
  actions: {
    /** Removes the session from storage and memory; lastMethod, lastRealmName and selectedInput survive. */
    clearSession: assign(({ context }) => {
      for (const key of SESSION_LOCAL_KEYS) context.storage.local.removeItem(key);
      for (const key of SESSION_SESSION_KEYS) context.storage.session.removeItem(key);
      return { user: null, profileLoadedAt: null };
    }),
    /**
     * Forgets a session another tab ended. localStorage is left alone: that tab cleared it, and may already hold a new
     * session there; this tab's sessionStorage is its own to clear.
     */
    forgetSession: assign(({ context }) => {
      for (const key of SESSION_SESSION_KEYS) context.storage.session.removeItem(key);
      return { user: null, profileLoadedAt: null };
    }),
    markLoggedOut: assign(({ context }) => ({ loggedOutAt: context.now() })),
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: AuthError }) => ({ error: params.error })),
    rememberMethod: assign(({ context }, params: { method: AuthMethod }) => {
      context.storage.local.setItem(LAST_METHOD_KEY, params.method);
      return { lastMethod: params.method };
    }),
    rememberRealm: assign(({ context }, params: { realm: string }) => {
      context.storage.local.setItem(LAST_REALM_NAME_KEY, params.realm);
      return { lastRealmName: params.realm };
    }),
    storeAccessToken: ({ context }, params: { accessToken: string }) => {
      context.storage.local.setItem(ACCESS_TOKEN_KEY, params.accessToken);
    },
    storeSsoTokens: ({ context }, params: { accessToken: string; refreshToken: string | null }) => {
      context.storage.local.setItem(SSO_ACCESS_TOKEN_KEY, params.accessToken);
      if (params.refreshToken) context.storage.local.setItem(SSO_REFRESH_TOKEN_KEY, params.refreshToken);
    },
    setUser: assign(({ context }, params: { profile: Profile }) => {
      const user = toCurrentUser(params.profile);
      const roles = user.organization_role ? [user.organization_role] : [];
      context.storage.local.setItem(ROLES_KEY, JSON.stringify(roles));
      context.storage.local.setItem(PERMISSIONS_KEY, JSON.stringify(user.permissions));
      return { user, profileLoadedAt: context.now(), loggedOutAt: null };
    }),
    setProfileSource: assign((_, params: { source: ProfileSource }) => ({ profileSource: params.source })),
    /** Saves the current token as the guest backup and swaps in the guest token. */
    enterGuest: ({ context }, params: { token: string }) => {
      const current = context.storage.local.getItem(ACCESS_TOKEN_KEY);
      // A guest starting again through their link swaps guest tokens: the own token saved aside stays the backup.
      if (current && context.user?.organization_role !== 'guest') {
        context.storage.local.setItem(GUEST_ACCESS_TOKEN_KEY, current);
      }
      context.storage.local.setItem(ACCESS_TOKEN_KEY, params.token);
    },
    /** Moves the guest backup back into the own access token. */
    leaveGuest: ({ context }) => {
      const backup = context.storage.local.getItem(GUEST_ACCESS_TOKEN_KEY);
      if (backup) context.storage.local.setItem(ACCESS_TOKEN_KEY, backup);
      context.storage.local.removeItem(GUEST_ACCESS_TOKEN_KEY);
    },
  },
  guards: {
    hasValidStoredToken: ({ context }) => {
      const token = readCurrentToken(context.storage);
      return token !== null && isTokenValid(token, context.now());
    },
    hasStoredToken: ({ context }) => readCurrentToken(context.storage) !== null,
    hasRefreshToken: ({ context }) => Boolean(context.storage.local.getItem(SSO_REFRESH_TOKEN_KEY)),
    isKeycloakSession: ({ context }) => context.lastMethod === 'keycloak',
    isRestoringSession: ({ context }) => context.profileSource === 'restore',
    hasGuestBackup: ({ context }) => Boolean(context.storage.local.getItem(GUEST_ACCESS_TOKEN_KEY)),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    storage: input.storage,
    now: input.now ?? (() => Date.now()),
    user: null,
    error: null,
    lastMethod: readMethod(input.storage),
    lastRealmName: input.storage.local.getItem(LAST_REALM_NAME_KEY),
    profileSource: 'restore',
    profileLoadedAt: null,
    loggedOutAt: null,
  }),
  initial: 'checking',
  on: {
    'user.logout': { target: '.loggingOut', actions: 'clearError' },
  },
  states: {
    checking: {
      always: [
        {
          guard: 'hasValidStoredToken',
          target: 'loadingProfile',
          actions: { type: 'setProfileSource', params: { source: 'restore' } },
        },
        // An expired token is dropped so the HTTP client does not keep sending it.
        { guard: 'hasStoredToken', target: 'signedOut', actions: 'clearSession' },
        { target: 'signedOut' },
      ],
    },
    signedOut: {
      on: {
        // Nothing to end on the server without a token: no call (it could only answer 401).
        'user.logout': [
          { guard: 'hasStoredToken', target: 'loggingOut', actions: 'clearError' },
          { actions: ['clearSession', 'markLoggedOut'] },
        ],
        'session.restore': { target: 'checking', actions: 'clearError' },
        'user.login': { target: 'loggingIn', actions: 'clearError' },
        'user.ssoCallback': {
          target: 'exchangingCode',
          actions: ['clearError', { type: 'rememberRealm', params: ({ event }) => ({ realm: event.realm }) }],
        },
        'guest.enter': {
          target: 'loadingProfile',
          actions: [
            'clearError',
            { type: 'enterGuest', params: ({ event }) => ({ token: event.token }) },
            { type: 'setProfileSource', params: { source: 'guest' } },
          ],
        },
      },
    },
    loggingIn: {
      invoke: {
        src: 'loginWithPassword',
        input: ({ event }) => {
          const { username, password } = event as Extract<AuthEvent, { type: 'user.login' }>;
          return { username, password };
        },
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output?.access_token),
            target: 'loadingProfile',
            actions: [
              { type: 'storeAccessToken', params: ({ event }) => ({ accessToken: event.output.access_token ?? '' }) },
              { type: 'rememberMethod', params: { method: 'fau' } },
              { type: 'setProfileSource', params: { source: 'login' } },
            ],
          },
          {
            target: 'signedOut',
            actions: ['clearSession', { type: 'setError', params: { error: NO_ACCESS_TOKEN_ERROR } }],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'setError', params: ({ event }) => ({ error: toAuthError(event.error) }) }],
        },
      },
    },
    exchangingCode: {
      invoke: {
        src: 'exchangeSsoCode',
        input: ({ event }) => {
          const { realm, code, state, iss } = event as Extract<AuthEvent, { type: 'user.ssoCallback' }>;
          return iss ? { realm, code, state, iss } : { realm, code, state };
        },
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output?.access_token),
            target: 'loadingProfile',
            actions: [
              {
                type: 'storeSsoTokens',
                params: ({ event }) => ({
                  accessToken: event.output.access_token ?? '',
                  refreshToken: event.output.refresh_token ?? null,
                }),
              },
              { type: 'rememberMethod', params: { method: 'keycloak' } },
              { type: 'setProfileSource', params: { source: 'login' } },
            ],
          },
          {
            target: 'signedOut',
            actions: ['clearSession', { type: 'setError', params: { error: NO_ACCESS_TOKEN_ERROR } }],
          },
        ],
        onError: {
          target: 'signedOut',
          actions: ['clearSession', { type: 'setError', params: ({ event }) => ({ error: toAuthError(event.error) }) }],
        },
      },
    },
    loadingProfile: {
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ accessToken: readCurrentToken(context.storage) }),
        onDone: {
          target: 'signedIn',
          actions: [{ type: 'setUser', params: ({ event }) => ({ profile: event.output }) }, 'clearError'],
        },
        onError: [
          {
            // "Profile fetch fails on normal refresh: logged, then logout."
            guard: 'isRestoringSession',
            target: 'loggingOut',
            actions: { type: 'setError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
          },
          {
            // "Profile fetch fails after login: session cleared, rejected."
            target: 'signedOut',
            actions: [
              'clearSession',
              { type: 'setError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
            ],
          },
        ],
      },
    },
    signedIn: {
      on: {
        'session.endedElsewhere': { target: 'signedOut', actions: 'forgetSession' },
        // Spec §4 step 3: user info is fetched again before a navigation; a failure logs out like a restore does.
        'profile.reload': {
          target: 'loadingProfile',
          actions: { type: 'setProfileSource', params: { source: 'restore' } },
        },
        'api.unauthorized': [
          { guard: and(['isKeycloakSession', 'hasRefreshToken']), target: 'refreshing' },
          {
            // "With no stored refresh token the refresh raises an error", which logs out.
            guard: 'isKeycloakSession',
            target: 'loggingOut',
            actions: [
              { type: 'setError', params: { error: NO_REFRESH_TOKEN_ERROR } },
              emit({ type: 'session.refreshFailed', error: NO_REFRESH_TOKEN_ERROR }),
            ],
          },
          {
            target: 'loggingOut',
            actions: emit({ type: 'session.refreshFailed', error: UNAUTHORIZED_ERROR }),
          },
        ],
        'guest.enter': {
          target: 'loadingProfile',
          actions: [
            { type: 'enterGuest', params: ({ event }) => ({ token: event.token }) },
            { type: 'setProfileSource', params: { source: 'guest' } },
          ],
        },
        'guest.leave': [
          {
            guard: 'hasGuestBackup',
            target: 'loadingProfile',
            actions: ['leaveGuest', { type: 'setProfileSource', params: { source: 'guest' } }],
          },
          // A guest without an own session to go back to is simply logged out.
          { target: 'loggingOut' },
        ],
      },
    },
    refreshing: {
      invoke: {
        src: 'refreshSsoToken',
        input: ({ context }) => ({ refreshToken: context.storage.local.getItem(SSO_REFRESH_TOKEN_KEY) ?? '' }),
        onDone: [
          {
            guard: ({ event }) => Boolean(event.output?.access_token),
            target: 'signedIn',
            actions: [
              {
                type: 'storeSsoTokens',
                params: ({ event }) => ({
                  accessToken: event.output.access_token ?? '',
                  refreshToken: event.output.refresh_token ?? null,
                }),
              },
              emit(({ event }) => ({
                type: 'session.refreshed' as const,
                accessToken: event.output.access_token ?? '',
              })),
            ],
          },
          {
            target: 'loggingOut',
            actions: [
              { type: 'setError', params: { error: NO_ACCESS_TOKEN_ERROR } },
              emit({ type: 'session.refreshFailed', error: NO_ACCESS_TOKEN_ERROR }),
            ],
          },
        ],
        onError: {
          target: 'loggingOut',
          actions: [
            { type: 'setError', params: ({ event }) => ({ error: toAuthError(event.error) }) },
            emit(({ event }) => ({ type: 'session.refreshFailed' as const, error: toAuthError(event.error) })),
          ],
        },
      },
    },
    loggingOut: {
      on: {
        // Already logging out: a second request changes nothing.
        'user.logout': {},
      },
      invoke: {
        src: 'logoutCalls',
        input: ({ context }) => ({
          accessToken: readCurrentToken(context.storage),
          refreshToken: context.storage.local.getItem(SSO_REFRESH_TOKEN_KEY),
        }),
        onDone: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'markLoggedOut',
            assign(({ context, event }) => ({ error: logoutError(event.output) ?? context.error })),
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            'clearSession',
            'markLoggedOut',
            assign(({ event }) => ({
              error: { ...toAuthError(event.error), message: LOGOUT_ERROR_MESSAGE },
            })),
          ],
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
