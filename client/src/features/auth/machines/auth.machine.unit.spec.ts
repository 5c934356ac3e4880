import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AccessToken, Profile, SsoTokens } from '@ai-coaching/contracts';
import type { LogoutCallsResult } from '../api/auth-api';
import {
  ACCESS_TOKEN_KEY,
  GUEST_ACCESS_TOKEN_KEY,
  IS_MICROPHONE_CONFIGURED_KEY,
  LAST_METHOD_KEY,
  LAST_REALM_NAME_KEY,
  PERMISSIONS_KEY,
  ROLES_KEY,
  SELECTED_INPUT_KEY,
  SSO_ACCESS_TOKEN_KEY,
  SSO_REFRESH_TOKEN_KEY,
  createMemoryStore,
} from '../storage';
import { authMachine } from './auth.machine';
import type { AuthEmitted } from './auth.machine';

const NOW = Date.UTC(2026, 0, 1);
const encode = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (exp: number) => `${encode({ alg: 'none' })}.${encode({ exp })}.sig`;
const VALID_TOKEN = jwt(NOW / 1000 + 3600);
const EXPIRED_TOKEN = jwt(NOW / 1000 - 1);

/**
 * An answer as the server sent it. The machine copes with answers that break the contract (no
 * token, missing profile fields), so some examples are deliberately not of the contract's shape.
 */
const served = <Body>(body: object): Body => body as Body;

const PROFILE = served<Profile>({
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  organization_id: 'org-1',
  organization_role: 'editor',
  permissions: ['session:read'],
  credit_wallet: 12,
});

type Fakes = {
  loginWithPassword?: (input: { username: string; password: string }) => Promise<AccessToken>;
  exchangeSsoCode?: (input: { realm: string; code: string; state: string }) => Promise<SsoTokens>;
  loadProfile?: (input: { accessToken: string | null }) => Promise<Profile>;
  logoutCalls?: (input: { accessToken: string | null; refreshToken: string | null }) => Promise<LogoutCallsResult>;
  refreshSsoToken?: (input: { refreshToken: string }) => Promise<SsoTokens>;
};

function arrange(options: { local?: Record<string, string>; session?: Record<string, string>; fakes?: Fakes } = {}) {
  const local = createMemoryStore(options.local);
  const session = createMemoryStore(options.session);
  const fakes = {
    loginWithPassword: vi.fn(
      options.fakes?.loginWithPassword ?? (async () => served<AccessToken>({ access_token: VALID_TOKEN })),
    ),
    exchangeSsoCode: vi.fn(
      options.fakes?.exchangeSsoCode ??
        (async () => served<SsoTokens>({ access_token: 'sso-access', refresh_token: 'sso-refresh' })),
    ),
    loadProfile: vi.fn(options.fakes?.loadProfile ?? (async () => PROFILE)),
    logoutCalls: vi.fn(options.fakes?.logoutCalls ?? (async () => ({ keycloakError: null, fauError: null }))),
    refreshSsoToken: vi.fn(
      options.fakes?.refreshSsoToken ??
        (async () => served<SsoTokens>({ access_token: 'new-access', refresh_token: 'new-refresh' })),
    ),
  };
  const machine = authMachine.provide({
    actors: {
      loginWithPassword: fromPromise(({ input }) => fakes.loginWithPassword(input)),
      exchangeSsoCode: fromPromise(({ input }) => fakes.exchangeSsoCode(input)),
      loadProfile: fromPromise(({ input }) => fakes.loadProfile(input)),
      logoutCalls: fromPromise(({ input }) => fakes.logoutCalls(input)),
      refreshSsoToken: fromPromise(({ input }) => fakes.refreshSsoToken(input)),
    },
  });
  const actor = createActor(machine, { input: { storage: { local, session }, now: () => NOW } });
  const emitted: AuthEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, local, session, fakes, emitted };
}

const settled = (actor: ReturnType<typeof arrange>['actor'], state: 'signedIn' | 'signedOut') =>
  waitFor(actor, (snapshot) => snapshot.matches(state));

const signedInSession = {
  [ACCESS_TOKEN_KEY]: VALID_TOKEN,
  [GUEST_ACCESS_TOKEN_KEY]: 'guest-backup',
  [SSO_ACCESS_TOKEN_KEY]: 'sso-access',
  [SSO_REFRESH_TOKEN_KEY]: 'sso-refresh',
  [ROLES_KEY]: '["editor"]',
  [PERMISSIONS_KEY]: '["session:read"]',
  [LAST_METHOD_KEY]: 'keycloak',
  [LAST_REALM_NAME_KEY]: 'acme',
  [SELECTED_INPUT_KEY]: 'mic-1',
};

describe('When in the checking state', () => {
  it('should restore a stored valid token by loading the profile', async () => {
    const { actor, fakes } = arrange({ local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN } });
    expect(actor.getSnapshot().matches('loadingProfile')).toBe(true);

    await settled(actor, 'signedIn');
    expect(fakes.loadProfile).toHaveBeenCalledWith({ accessToken: VALID_TOKEN });
    expect(actor.getSnapshot().context.user?.first_name).toBe('Ada');
  });

  it('should restore a single sign-on token when there is no own token', async () => {
    const { actor, fakes } = arrange({ local: { [SSO_ACCESS_TOKEN_KEY]: 'opaque-sso-token' } });
    await settled(actor, 'signedIn');
    expect(fakes.loadProfile).toHaveBeenCalledWith({ accessToken: 'opaque-sso-token' });
  });

  it('should go to signedOut without a token', () => {
    const { actor, fakes } = arrange();
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(fakes.loadProfile).not.toHaveBeenCalled();
  });

  it('should drop an expired token and go to signedOut, keeping lastMethod and lastRealmName', () => {
    const { actor, local } = arrange({
      local: { [ACCESS_TOKEN_KEY]: EXPIRED_TOKEN, [LAST_METHOD_KEY]: 'keycloak', [LAST_REALM_NAME_KEY]: 'acme' },
    });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(local.entries()).toEqual({ [LAST_METHOD_KEY]: 'keycloak', [LAST_REALM_NAME_KEY]: 'acme' });
    expect(actor.getSnapshot().context).toMatchObject({ lastMethod: 'keycloak', lastRealmName: 'acme' });
  });
});

describe('When in the signedOut state', () => {
  it('should log in with a password, store the token, remember fau and load the profile', async () => {
    const { actor, local, fakes } = arrange();

    actor.send({ type: 'user.login', username: 'ada', password: 'secret' });
    expect(actor.getSnapshot().matches('loggingIn')).toBe(true);
    await settled(actor, 'signedIn');

    expect(fakes.loginWithPassword).toHaveBeenCalledWith({ username: 'ada', password: 'secret' });
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(VALID_TOKEN);
    expect(local.getItem(LAST_METHOD_KEY)).toBe('fau');
    expect(local.getItem(ROLES_KEY)).toBe('["editor"]');
    expect(local.getItem(PERMISSIONS_KEY)).toBe('["session:read"]');
    expect(actor.getSnapshot().context).toMatchObject({ lastMethod: 'fau', error: null });
  });

  it('should exchange a single sign-on code, store both tokens and remember keycloak and the realm', async () => {
    const { actor, local, fakes } = arrange();

    actor.send({ type: 'user.ssoCallback', realm: 'acme', code: 'c0de', state: 's1' });
    expect(actor.getSnapshot().matches('exchangingCode')).toBe(true);
    await settled(actor, 'signedIn');

    expect(fakes.exchangeSsoCode).toHaveBeenCalledWith({ realm: 'acme', code: 'c0de', state: 's1' });
    expect(fakes.loadProfile).toHaveBeenCalledWith({ accessToken: 'sso-access' });
    expect(local.getItem(SSO_ACCESS_TOKEN_KEY)).toBe('sso-access');
    expect(local.getItem(SSO_REFRESH_TOKEN_KEY)).toBe('sso-refresh');
    expect(actor.getSnapshot().context).toMatchObject({ lastMethod: 'keycloak', lastRealmName: 'acme' });
  });

  it('should not call the logout endpoints on user.logout when no token is stored (issue 9: a second call got 401)', async () => {
    const { actor, fakes, session } = arrange({ session: { [IS_MICROPHONE_CONFIGURED_KEY]: 'true' } });
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(fakes.logoutCalls).not.toHaveBeenCalled();
    expect(session.entries()).toEqual({});
    expect(actor.getSnapshot().context.loggedOutAt).toBe(NOW);
  });

  it('should pick up a session another tab stored on session.restore', async () => {
    const { actor, local, fakes } = arrange();
    local.setItem(ACCESS_TOKEN_KEY, VALID_TOKEN);
    actor.send({ type: 'session.restore' });
    await settled(actor, 'signedIn');
    expect(fakes.loadProfile).toHaveBeenCalledWith({ accessToken: VALID_TOKEN });
    expect(fakes.loginWithPassword).not.toHaveBeenCalled();
  });

  it('should stay signed out on session.restore when nothing valid is stored', () => {
    const { actor, fakes } = arrange();
    actor.send({ type: 'session.restore' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(fakes.loadProfile).not.toHaveBeenCalled();
  });

  it('should enter as a guest without an own token to back up', async () => {
    const { actor, local } = arrange();
    actor.send({ type: 'guest.enter', token: 'guest-token' });
    await settled(actor, 'signedIn');
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe('guest-token');
    expect(local.getItem(GUEST_ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('When in the loggingIn state', () => {
  it('should clear the session and report a 502 when the login answers without a token', async () => {
    const { actor, local, session, fakes } = arrange({
      local: { [GUEST_ACCESS_TOKEN_KEY]: 'stale', [ROLES_KEY]: '[]' },
      session: { [IS_MICROPHONE_CONFIGURED_KEY]: 'true' },
      fakes: { loginWithPassword: async () => served<AccessToken>({}) },
    });

    actor.send({ type: 'user.login', username: 'ada', password: 'secret' });
    await settled(actor, 'signedOut');

    expect(actor.getSnapshot().context.error).toEqual({
      message: 'No access token received from backend',
      status: 502,
    });
    expect(local.entries()).toEqual({});
    expect(session.entries()).toEqual({});
    expect(fakes.loadProfile).not.toHaveBeenCalled();
  });

  it('should clear the session and keep the error when the login call fails', async () => {
    const { actor } = arrange({
      fakes: {
        loginWithPassword: () => Promise.reject({ message: 'Invalid credentials', status: 401 }),
      },
    });
    actor.send({ type: 'user.login', username: 'ada', password: 'wrong' });
    await settled(actor, 'signedOut');
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Invalid credentials', status: 401 });
  });

  it('should clear an earlier error when a new login starts', async () => {
    const { actor } = arrange({
      fakes: { loginWithPassword: async () => served<AccessToken>({ access_token: null }) },
    });
    actor.send({ type: 'user.login', username: 'ada', password: 'secret' });
    await settled(actor, 'signedOut');
    actor.send({ type: 'user.login', username: 'ada', password: 'secret' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('When in the exchangingCode state', () => {
  it('should clear the session and report the failure when the code exchange fails', async () => {
    const { actor, local } = arrange({
      fakes: { exchangeSsoCode: () => Promise.reject(new Error('Invalid code')) },
    });
    actor.send({ type: 'user.ssoCallback', realm: 'acme', code: 'bad', state: 's' });
    await settled(actor, 'signedOut');
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Invalid code', status: null });
    expect(local.entries()).toEqual({ [LAST_REALM_NAME_KEY]: 'acme' });
  });

  it('should clear the session when the exchange answers without an access token', async () => {
    const { actor } = arrange({ fakes: { exchangeSsoCode: async () => served<SsoTokens>({ refresh_token: 'r' }) } });
    actor.send({ type: 'user.ssoCallback', realm: 'acme', code: 'c', state: 's' });
    await settled(actor, 'signedOut');
    expect(actor.getSnapshot().context.error).toMatchObject({ status: 502 });
  });
});

describe('When in the loadingProfile state', () => {
  it('should clear the session and keep the error when the profile fails after a login', async () => {
    const { actor, local, fakes } = arrange({
      fakes: { loadProfile: () => Promise.reject({ message: 'Boom', status: 500 }) },
    });
    actor.send({ type: 'user.login', username: 'ada', password: 'secret' });
    await settled(actor, 'signedOut');

    expect(actor.getSnapshot().context).toMatchObject({ user: null, error: { message: 'Boom', status: 500 } });
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(fakes.logoutCalls).not.toHaveBeenCalled();
  });

  it('should log out when the profile fails while restoring a stored session', async () => {
    const { actor, local, fakes } = arrange({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN },
      fakes: { loadProfile: () => Promise.reject({ message: 'Unauthorized', status: 401 }) },
    });
    await settled(actor, 'signedOut');

    expect(fakes.logoutCalls).toHaveBeenCalledWith({ accessToken: VALID_TOKEN, refreshToken: null });
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Unauthorized', status: 401 });
  });

  it('should reload the profile on request and keep the user signed in with the fresh permissions', async () => {
    let permissions = ['dashboard-view'];
    const { actor, fakes } = arrange({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN },
      fakes: { loadProfile: async () => ({ ...PROFILE, permissions }) },
    });
    await settled(actor, 'signedIn');
    expect(actor.getSnapshot().context.profileLoadedAt).toBe(NOW);
    permissions = ['dashboard-view', 'user-list'];
    actor.send({ type: 'profile.reload' });
    await settled(actor, 'signedIn');
    expect(fakes.loadProfile).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.user?.permissions).toEqual(['dashboard-view', 'user-list']);
  });

  it('should log out when a reloaded profile fails', async () => {
    let fail = false;
    const { actor, local } = arrange({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN },
      fakes: { loadProfile: async () => (fail ? Promise.reject({ message: 'Gone', status: 401 }) : PROFILE) },
    });
    await settled(actor, 'signedIn');
    fail = true;
    actor.send({ type: 'profile.reload' });
    await settled(actor, 'signedOut');
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(actor.getSnapshot().context.profileLoadedAt).toBeNull();
  });

  it('should default missing profile values', async () => {
    const { actor } = arrange({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN },
      fakes: { loadProfile: async () => served<Profile>({ first_name: 'Guest' }) },
    });
    await settled(actor, 'signedIn');
    expect(actor.getSnapshot().context.user).toEqual({
      id: '',
      email: '',
      first_name: 'Guest',
      last_name: '',
      organization_id: '',
      organization_role: '',
      permissions: [],
      credit_wallet: 0,
    });
  });
});

describe('When in the signedIn state', () => {
  async function signedIn(options: Parameters<typeof arrange>[0] = {}) {
    const harness = arrange({ ...options, local: options.local ?? { [ACCESS_TOKEN_KEY]: VALID_TOKEN } });
    await settled(harness.actor, 'signedIn');
    return harness;
  }

  it('should log out on user.logout, clearing exactly the session keys', async () => {
    const { actor, local, session, fakes } = await signedIn({
      local: signedInSession,
      session: { [IS_MICROPHONE_CONFIGURED_KEY]: 'true', other: 'kept' },
    });

    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    await settled(actor, 'signedOut');

    expect(fakes.logoutCalls).toHaveBeenCalledWith({ accessToken: VALID_TOKEN, refreshToken: 'sso-refresh' });
    expect(local.entries()).toEqual({
      [LAST_METHOD_KEY]: 'keycloak',
      [LAST_REALM_NAME_KEY]: 'acme',
      [SELECTED_INPUT_KEY]: 'mic-1',
    });
    expect(session.entries()).toEqual({ other: 'kept' });
    expect(actor.getSnapshot().context).toMatchObject({
      user: null,
      error: null,
      lastMethod: 'keycloak',
      lastRealmName: 'acme',
    });
  });

  it('should remember when it logged out, until the next sign-in', async () => {
    const { actor } = await signedIn();
    expect(actor.getSnapshot().context.loggedOutAt).toBeNull();
    actor.send({ type: 'user.logout' });
    await settled(actor, 'signedOut');
    expect(actor.getSnapshot().context.loggedOutAt).toBe(NOW);
    actor.send({ type: 'user.login', username: 'ada', password: 'secret' });
    await settled(actor, 'signedIn');
    expect(actor.getSnapshot().context.loggedOutAt).toBeNull();
  });

  it('should forget a session another tab ended without calling the server or touching localStorage', async () => {
    const { actor, local, session, fakes } = await signedIn({
      session: { [IS_MICROPHONE_CONFIGURED_KEY]: 'true', other: 'kept' },
    });
    // The other tab has already cleared the shared storage, and may have signed in again meanwhile.
    local.setItem(ACCESS_TOKEN_KEY, 'token-of-the-next-session');
    actor.send({ type: 'session.endedElsewhere' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(fakes.logoutCalls).not.toHaveBeenCalled();
    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe('token-of-the-next-session');
    expect(session.entries()).toEqual({ other: 'kept' });
    expect(actor.getSnapshot().context.user).toBeNull();
  });

  it('should refresh on api.unauthorized for a keycloak session, store both tokens and emit for the replay', async () => {
    const { actor, local, fakes, emitted } = await signedIn({
      local: {
        [SSO_ACCESS_TOKEN_KEY]: 'sso-access',
        [SSO_REFRESH_TOKEN_KEY]: 'sso-refresh',
        [LAST_METHOD_KEY]: 'keycloak',
      },
    });

    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    await settled(actor, 'signedIn');

    expect(fakes.refreshSsoToken).toHaveBeenCalledWith({ refreshToken: 'sso-refresh' });
    expect(local.getItem(SSO_ACCESS_TOKEN_KEY)).toBe('new-access');
    expect(local.getItem(SSO_REFRESH_TOKEN_KEY)).toBe('new-refresh');
    expect(emitted).toEqual([{ type: 'session.refreshed', accessToken: 'new-access' }]);
    expect(fakes.logoutCalls).not.toHaveBeenCalled();
  });

  it('should log out on api.unauthorized when the login method is not keycloak', async () => {
    const { actor, fakes, emitted } = await signedIn({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN, [LAST_METHOD_KEY]: 'fau' },
    });
    actor.send({ type: 'api.unauthorized' });
    expect(actor.getSnapshot().matches('loggingOut')).toBe(true);
    await settled(actor, 'signedOut');
    expect(fakes.refreshSsoToken).not.toHaveBeenCalled();
    expect(emitted).toMatchObject([{ type: 'session.refreshFailed' }]);
  });

  it("should log out with 'No refresh token' when a keycloak session has no refresh token", async () => {
    const { actor, fakes, emitted } = await signedIn({
      local: { [SSO_ACCESS_TOKEN_KEY]: 'sso-access', [LAST_METHOD_KEY]: 'keycloak' },
    });
    actor.send({ type: 'api.unauthorized' });
    await settled(actor, 'signedOut');
    expect(fakes.refreshSsoToken).not.toHaveBeenCalled();
    expect(fakes.logoutCalls).toHaveBeenCalled();
    expect(actor.getSnapshot().context.error).toEqual({ message: 'No refresh token', status: null });
    expect(emitted).toEqual([{ type: 'session.refreshFailed', error: { message: 'No refresh token', status: null } }]);
  });

  it('should save the current token as guest backup and swap in the guest token on guest.enter', async () => {
    const { actor, local, fakes } = await signedIn();
    actor.send({ type: 'guest.enter', token: 'guest-token' });
    expect(actor.getSnapshot().matches('loadingProfile')).toBe(true);
    await settled(actor, 'signedIn');

    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe('guest-token');
    expect(local.getItem(GUEST_ACCESS_TOKEN_KEY)).toBe(VALID_TOKEN);
    expect(fakes.loadProfile).toHaveBeenLastCalledWith({ accessToken: 'guest-token' });
  });

  it('should keep the own token as the backup when a guest starts again through their link', async () => {
    const { actor, local } = await signedIn({
      fakes: {
        loadProfile: async ({ accessToken }) =>
          accessToken?.startsWith('guest') ? { ...PROFILE, organization_role: 'guest' } : PROFILE,
      },
    });
    actor.send({ type: 'guest.enter', token: 'guest-token-1' });
    await settled(actor, 'signedIn');
    actor.send({ type: 'guest.enter', token: 'guest-token-2' });
    await settled(actor, 'signedIn');

    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe('guest-token-2');
    expect(local.getItem(GUEST_ACCESS_TOKEN_KEY)).toBe(VALID_TOKEN);
  });

  it('should restore the backup on guest.leave', async () => {
    const { actor, local, fakes } = await signedIn();
    actor.send({ type: 'guest.enter', token: 'guest-token' });
    await settled(actor, 'signedIn');

    actor.send({ type: 'guest.leave' });
    await settled(actor, 'signedIn');

    expect(local.getItem(ACCESS_TOKEN_KEY)).toBe(VALID_TOKEN);
    expect(local.getItem(GUEST_ACCESS_TOKEN_KEY)).toBeNull();
    expect(fakes.loadProfile).toHaveBeenLastCalledWith({ accessToken: VALID_TOKEN });
  });

  it('should log out on guest.leave when there is no backup to restore', async () => {
    const { actor, fakes } = await signedIn();
    actor.send({ type: 'guest.leave' });
    await settled(actor, 'signedOut');
    expect(fakes.logoutCalls).toHaveBeenCalled();
  });
});

describe('When in the refreshing state', () => {
  it('should log out and emit the failure when the refresh fails', async () => {
    const { actor, local, fakes, emitted } = arrange({
      local: {
        [SSO_ACCESS_TOKEN_KEY]: 'sso-access',
        [SSO_REFRESH_TOKEN_KEY]: 'sso-refresh',
        [LAST_METHOD_KEY]: 'keycloak',
      },
      fakes: { refreshSsoToken: () => Promise.reject({ message: 'Refresh denied', status: 400 }) },
    });
    await settled(actor, 'signedIn');

    actor.send({ type: 'api.unauthorized' });
    await settled(actor, 'signedOut');

    expect(fakes.logoutCalls).toHaveBeenCalledWith({ accessToken: 'sso-access', refreshToken: 'sso-refresh' });
    expect(local.entries()).toEqual({ [LAST_METHOD_KEY]: 'keycloak' });
    expect(actor.getSnapshot().context.error).toEqual({ message: 'Refresh denied', status: 400 });
    expect(emitted).toEqual([{ type: 'session.refreshFailed', error: { message: 'Refresh denied', status: 400 } }]);
  });
});

describe('When in the loggingOut state', () => {
  it("should clear the session anyway and report 'Logout Error' with both failures", async () => {
    const { actor, local, session } = arrange({
      local: signedInSession,
      session: { [IS_MICROPHONE_CONFIGURED_KEY]: 'true' },
      fakes: {
        logoutCalls: async () => ({
          keycloakError: { message: 'Keycloak down', status: 503 },
          fauError: new Error('Network error'),
        }),
      },
    });
    await settled(actor, 'signedIn');

    actor.send({ type: 'user.logout' });
    await settled(actor, 'signedOut');

    expect(local.entries()).toEqual({
      [LAST_METHOD_KEY]: 'keycloak',
      [LAST_REALM_NAME_KEY]: 'acme',
      [SELECTED_INPUT_KEY]: 'mic-1',
    });
    expect(session.entries()).toEqual({});
    expect(actor.getSnapshot().context.user).toBeNull();
    expect(actor.getSnapshot().context.error).toEqual({
      message: 'Logout Error',
      status: null,
      details: {
        keycloak: { message: 'Keycloak down', status: 503 },
        fau: { message: 'Network error', status: null },
      },
    });
  });

  it('should report only the failing call', async () => {
    const { actor } = arrange({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN },
      fakes: { logoutCalls: async () => ({ keycloakError: null, fauError: { message: 'Nope', status: 500 } }) },
    });
    await settled(actor, 'signedIn');
    actor.send({ type: 'user.logout' });
    await settled(actor, 'signedOut');
    expect(actor.getSnapshot().context.error?.details).toEqual({
      keycloak: null,
      fau: { message: 'Nope', status: 500 },
    });
  });

  it("should clear the session and report 'Logout Error' even when the logout actor itself rejects", async () => {
    const { actor, local } = arrange({
      local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN },
      fakes: { logoutCalls: () => Promise.reject(new Error('Unexpected')) },
    });
    await settled(actor, 'signedIn');
    actor.send({ type: 'user.logout' });
    await settled(actor, 'signedOut');
    expect(local.entries()).toEqual({});
    expect(actor.getSnapshot().context.error?.message).toBe('Logout Error');
  });

  it('should ignore a second user.logout while the calls run', async () => {
    const { actor, fakes } = arrange({ local: { [ACCESS_TOKEN_KEY]: VALID_TOKEN } });
    await settled(actor, 'signedIn');
    actor.send({ type: 'user.logout' });
    actor.send({ type: 'user.logout' });
    await settled(actor, 'signedOut');
    expect(fakes.logoutCalls).toHaveBeenCalledTimes(1);
  });
});
