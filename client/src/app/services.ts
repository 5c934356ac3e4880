import { QueryClient } from '@tanstack/react-query';
import { createActor, waitFor, type ActorRefFrom } from 'xstate';
import { authMachine } from '../features/auth/machines/auth.machine';
import {
  ACCESS_TOKEN_KEY,
  LAST_REALM_NAME_KEY,
  SSO_ACCESS_TOKEN_KEY,
  createBrowserAuthStorage,
  readCurrentToken,
  type AuthStorage,
} from '../features/auth/storage';
import { decodeJwtPayload } from '../features/auth/token';
import { forgetReturnTo, rememberReturnTo, takeReturnTo } from '../features/auth/utils/return-to';
import { api, configureApi } from '../lib/http/api';
import { isApiError } from '../lib/http/api-error';
import { CURRENT_BUILD_ID } from '../lib/build/build-id';
import { createBuildWatcher, type BuildWatcher } from '../lib/build/build-watcher';
import type { CurrentUser } from '../lib/session/current-user';
import type { NavigationPorts } from './navigation/navigation-guard';
import { createInterruptionStore, type InterruptionStore } from './session/session-interruption';

export type AuthActor = ActorRefFrom<typeof authMachine>;

export type AppServices = {
  storage: AuthStorage;
  auth: AuthActor;
  queryClient: QueryClient;
  build: BuildWatcher;
  navigation: NavigationPorts;
  /** A session that ended while its page stayed open (the page shows a sign-in dialog over it). */
  interruption: InterruptionStore;
  /** Gives up on the interrupted page: its data is dropped. */
  dismissInterruption: () => void;
  /** Called when someone else signs in where a session was (another tab, the sign-in dialog): their data differs. */
  onUserSwitched: (listener: () => void) => () => void;
};

/** States in which the auth machine is not waiting for the server. */
const isSettled = (auth: AuthActor) => {
  const snapshot = auth.getSnapshot();
  return snapshot.matches('signedIn') || snapshot.matches('signedOut');
};

/** Profile younger than this is not fetched again by the next navigation (spec §4 step 3 without a request storm). */
const PROFILE_FRESH_MS = 10_000;
const REDIRECT_CACHE_MS = 60_000;
/** Another tab's logout removes several keys one after the other: look once they have all gone. */
const STORAGE_SETTLE_MS = 50;

const subjectOf = (token: string | null) => (token ? decodeJwtPayload(token)?.['sub'] : undefined);

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
  const interruption = createInterruptionStore();
  // While a session is interrupted, nothing refetches: a refused request would swap the page for an error and lose
  // what the user typed.
  const unlessInterrupted = () => interruption.get() === null;
  const queryClient = new QueryClient({
    defaultOptions: {
      // The HTTP client already retries what is worth retrying (spec §7).
      queries: {
        retry: false,
        staleTime: 15_000,
        refetchOnWindowFocus: unlessInterrupted,
        refetchOnReconnect: unlessInterrupted,
      },
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

  // Why the session ends decides what the page does: a logout asked for here leaves it; any other end keeps it open.
  let endingOnPurpose = false;
  let endedElsewhere = false;

  const navigation: NavigationPorts = {
    rememberRealm: (realm) => storage.local.setItem(LAST_REALM_NAME_KEY, realm),
    rememberReturnTo: (path) => rememberReturnTo(storage.session, path),
    takeReturnTo: () => takeReturnTo(storage.session),
    async completeSsoLogin(params) {
      await settledUser();
      if (auth.getSnapshot().matches('signedIn')) {
        endingOnPurpose = true;
        auth.send({ type: 'user.logout' });
      }
      await settledUser();
      auth.send({ type: 'user.ssoCallback', ...params });
      return (await settledUser()) ? 'signedIn' : 'failed';
    },
    async logout() {
      await settledUser();
      endingOnPurpose = true;
      // Whoever signs in next starts from the dashboard, not from where the previous visitor was heading.
      forgetReturnTo(storage.session);
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

  const switchListeners = new Set<() => void>();
  const dismissInterruption = () => {
    interruption.set(null);
    queryClient.clear();
  };

  // Ended on purpose (the logout route): the next user must not see this session's data. Ended otherwise (another
  // tab, a 401 that could not be refreshed): the page stays, interrupted, until the user signs in again or leaves it.
  let signedInUser: CurrentUser | null = null;
  let knownToken = readCurrentToken(storage);
  auth.subscribe((snapshot) => {
    knownToken = readCurrentToken(storage);
    if (snapshot.matches('signedIn')) {
      const user = snapshot.context.user;
      const interrupted = interruption.get();
      const previous = interrupted?.user ?? signedInUser;
      if (previous && user && previous.id !== user.id) {
        queryClient.clear();
        interruption.set(null);
        for (const listener of switchListeners) listener();
      } else if (interrupted) {
        interruption.set(null);
        // Same person: what the page shows is refreshed with the new session, what they typed stays.
        void queryClient.invalidateQueries();
      }
      signedInUser = user;
      endingOnPurpose = false;
      endedElsewhere = false;
    } else if (snapshot.matches('signedOut')) {
      if (signedInUser) {
        if (endingOnPurpose) queryClient.clear();
        else interruption.set({ user: signedInUser, reason: endedElsewhere ? 'elsewhere' : 'expired' });
      }
      signedInUser = null;
      endingOnPurpose = false;
      endedElsewhere = false;
    }
  });

  // Tabs share localStorage: a logout in one ends the session in all, a sign-in in one signs the others in.
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  const followOtherTabs = () => {
    const token = readCurrentToken(storage);
    if (token === knownToken) return;
    const previous = knownToken;
    knownToken = token;
    const snapshot = auth.getSnapshot();
    if (!token) {
      if (snapshot.matches('signedIn')) {
        endedElsewhere = true;
        auth.send({ type: 'session.endedElsewhere' });
      }
    } else if (snapshot.matches('signedOut')) {
      auth.send({ type: 'session.restore' });
    } else if (snapshot.matches('signedIn') && subjectOf(previous) !== subjectOf(token)) {
      // Someone else signed in there (a refreshed token of the same person changes nothing here).
      auth.send({ type: 'profile.reload' });
    }
  };
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== SSO_ACCESS_TOKEN_KEY) return;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(followOtherTabs, STORAGE_SETTLE_MS);
  });

  auth.start();
  build.start();
  return {
    storage,
    auth,
    queryClient,
    build,
    navigation,
    interruption,
    dismissInterruption,
    onUserSwitched(listener) {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
  };
};
