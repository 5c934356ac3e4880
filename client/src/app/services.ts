import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { authMachine } from '../features/auth/machines/auth.machine';
import {
  LAST_REALM_NAME_KEY,
  createBrowserAuthStorage,
  readCurrentToken,
  type AuthStorage,
} from '../features/auth/storage';
import { api, configureApi } from '../lib/http/api';
import { isApiError } from '../lib/http/api-error';
import { CURRENT_BUILD_ID } from '../lib/build/build-id';
import { createBuildWatcher, type BuildWatcher } from '../lib/build/build-watcher';
import type { CurrentUser } from '../lib/session/current-user';
import type { NavigationPorts } from './navigation/navigation-guard';

export type AuthActor = ActorRefFrom<typeof authMachine>;

export type AppServices = {
  storage: AuthStorage;
  auth: AuthActor;
  queryClient: QueryClient;
  build: BuildWatcher;
  navigation: NavigationPorts;
};

/** States in which the auth machine is not waiting for the server. */
const isSettled = (auth: AuthActor) => {
  const snapshot = auth.getSnapshot();
  return snapshot.matches('signedIn') || snapshot.matches('signedOut');
};

/** Profile younger than this is not fetched again by the next navigation (spec §4 step 3 without a request storm). */
const PROFILE_FRESH_MS = 10_000;
const REDIRECT_CACHE_MS = 60_000;

/**
 * On a 401 the auth machine refreshes a single sign-on session (resolving with the new token) or logs out
 * (resolving null). Concurrent 401s share one refresh: the machine ignores them while refreshing.
 */
const refreshOnUnauthorized = (auth: AuthActor) => (): Promise<string | null> =>
  new Promise((resolve) => {
    const snapshot = auth.getSnapshot();
    if (!snapshot.matches('signedIn') && !snapshot.matches('refreshing')) return resolve(null);
    const done = (token: string | null) => {
      refreshed.unsubscribe();
      failed.unsubscribe();
      resolve(token);
    };
    const refreshed = auth.on('session.refreshed', (event) => done(event.accessToken));
    const failed = auth.on('session.refreshFailed', () => done(null));
    if (snapshot.matches('signedIn')) auth.send({ type: 'api.unauthorized' });
  });

export const createAppServices = (): AppServices => {
  const storage = createBrowserAuthStorage();
  const auth = createActor(authMachine, { input: { storage } });
  const queryClient = new QueryClient({
    defaultOptions: {
      // The HTTP client already retries what is worth retrying (spec §7).
      queries: { retry: false, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
  configureApi({ getToken: () => readCurrentToken(storage), onUnauthorized: refreshOnUnauthorized(auth) });
  const build = createBuildWatcher({ currentId: CURRENT_BUILD_ID, store: window.sessionStorage });

  const settledUser = async (): Promise<CurrentUser | null> => {
    if (!isSettled(auth))
      await waitFor(auth, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('signedOut'));
    return auth.getSnapshot().context.user;
  };

  const navigation: NavigationPorts = {
    rememberRealm: (realm) => storage.local.setItem(LAST_REALM_NAME_KEY, realm),
    async completeSsoLogin(params) {
      await settledUser();
      if (auth.getSnapshot().matches('signedIn')) auth.send({ type: 'user.logout' });
      await settledUser();
      auth.send({ type: 'user.ssoCallback', ...params });
      return (await settledUser()) ? 'signedIn' : 'failed';
    },
    async logout() {
      await settledUser();
      auth.send({ type: 'user.logout' });
      await settledUser();
    },
    settledUser,
    hasToken: () => readCurrentToken(storage) !== null,
    async refreshUser() {
      const user = await settledUser();
      const loadedAt = auth.getSnapshot().context.profileLoadedAt ?? 0;
      if (!user || Date.now() - loadedAt < PROFILE_FRESH_MS) return user;
      auth.send({ type: 'profile.reload' });
      return settledUser();
    },
    serverRedirect: (path) =>
      queryClient.fetchQuery({
        queryKey: ['redirects', 'resolve', path],
        staleTime: REDIRECT_CACHE_MS,
        queryFn: async () => {
          try {
            const answer = await api.get<{ target: string | null }>('/v1/redirects/resolve', { path });
            return answer?.target ?? null;
          } catch (error) {
            // No redirect service (older server) or a network blip must not block navigation.
            if (isApiError(error)) return null;
            throw error;
          }
        },
      }),
    shouldReloadForNewBuild: () => build.shouldReload(),
    markReload: () => build.markReload(),
  };

  // Whatever ended the session (logout, a 401 that could not be refreshed), the next user must not see its data.
  let signedIn = false;
  auth.subscribe((snapshot) => {
    if (signedIn && snapshot.matches('signedOut')) queryClient.clear();
    if (snapshot.matches('signedIn') || snapshot.matches('signedOut')) signedIn = snapshot.matches('signedIn');
  });

  auth.start();
  build.start();
  return { storage, auth, queryClient, build, navigation };
};
