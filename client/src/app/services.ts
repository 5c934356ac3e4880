import { createLazyAuth, type AuthActor, type LazyAuth } from '../features/auth/lazy-auth';
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
import { createQueryClientHolder, type QueryClientHolder } from '../lib/query/lazy-query-client';
import { CURRENT_BUILD_ID } from '../lib/build/build-id';
import { createBuildWatcher, type BuildWatcher } from '../lib/build/build-watcher';
import type { CurrentUser } from '../lib/session/current-user';
import { LANDING_PATH, type NavigationPorts } from './navigation/navigation-guard';
import { createInterruptionStore, type InterruptionStore } from './session/session-interruption';

export type { AuthActor };

export type AppServices = {
  storage: AuthStorage;
  /** The auth machine, created when first needed (features/auth/lazy-auth.ts). */
  auth: LazyAuth;
  /** TanStack Query's client, created when a page first needs it (lib/query/lazy-query-client.tsx). */
  queries: QueryClientHolder;
  build: BuildWatcher;
  navigation: NavigationPorts;
  /** A session that ended while its page stayed open (the page shows a sign-in dialog over it). */
  interruption: InterruptionStore;
  /** Gives up on the interrupted page: its data is dropped. */
  dismissInterruption: () => void;
  /** Called when someone else signs in where a session was (another tab, the sign-in dialog): their data differs. */
  onUserSwitched: (listener: () => void) => () => void;
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
const refreshOnUnauthorized = (lazyAuth: LazyAuth) => (): Promise<string | null> =>
  new Promise((resolve) => {
    // No machine: nobody signed in, nothing to refresh.
    const auth = lazyAuth.actor();
    if (!auth) return resolve(null);
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

/** What this tab knows of the session, shared by what follows the auth machine, the other tabs and the guard. */
type SessionWatch = {
  /** A logout asked for here leaves the page; any other end keeps it open. */
  endingOnPurpose: boolean;
  endedElsewhere: boolean;
  signedInUser: CurrentUser | null;
  knownToken: string | null;
};

const isSettled = (snapshot: ReturnType<AuthActor['getSnapshot']>) =>
  snapshot.matches('signedIn') || snapshot.matches('signedOut');

/** TanStack Query's client, loaded with its library when a page first needs it. */
const createAppQueries = (interruption: InterruptionStore) => {
  // While a session is interrupted, nothing refetches: a refused request would swap the page for an error and lose
  // what the user typed.
  const unlessInterrupted = () => interruption.get() === null;
  return createQueryClientHolder(async () => {
    const { createQueryClient } = await import('../lib/query/query-client-runtime');
    return createQueryClient({
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
  });
};

/** Server redirects of the last minute, per path (spec §4 step 7 without a request per navigation). */
const createRedirectCache = () => {
  const redirects = new Map<string, { at: number; target: Promise<string | null> }>();
  const resolve = (path: string): Promise<string | null> => {
    const now = Date.now();
    const cached = redirects.get(path);
    if (cached && now - cached.at < REDIRECT_CACHE_MS) return cached.target;
    const target = api.get<{ target: string | null }>('/v1/redirects/resolve', { path }).then(
      (answer) => answer?.target ?? null,
      (error: unknown) => {
        // No redirect service (older server) or a network blip must not block navigation.
        if (isApiError(error)) return null;
        throw error;
      },
    );
    const entry = { at: now, target };
    redirects.set(path, entry);
    // A failure is asked again by the next navigation.
    target.catch(() => {
      if (redirects.get(path) === entry) redirects.delete(path);
    });
    return target;
  };
  return { resolve, clear: () => redirects.clear() };
};

type SessionFollowing = {
  storage: AuthStorage;
  interruption: InterruptionStore;
  queries: QueryClientHolder;
  forgetData: () => void;
  switchListeners: Set<() => void>;
};

/**
 * Follows the auth machine. Ended on purpose (the logout route): the next user must not see this session's data.
 * Ended otherwise (another tab, a 401 that could not be refreshed): the page stays, interrupted, until the user signs
 * in again or leaves it.
 */
const followSession =
  (watch: SessionWatch, { storage, interruption, queries, forgetData, switchListeners }: SessionFollowing) =>
  (snapshot: ReturnType<AuthActor['getSnapshot']>) => {
    watch.knownToken = readCurrentToken(storage);
    if (snapshot.matches('signedIn')) {
      const user = snapshot.context.user;
      const interrupted = interruption.get();
      const previous = interrupted?.user ?? watch.signedInUser;
      if (previous && user && previous.id !== user.id) {
        forgetData();
        interruption.set(null);
        for (const listener of switchListeners) listener();
      } else if (interrupted) {
        interruption.set(null);
        // Same person: what the page shows is refreshed with the new session, what they typed stays.
        void queries.current()?.invalidateQueries();
      }
      watch.signedInUser = user;
      watch.endingOnPurpose = false;
      watch.endedElsewhere = false;
    } else if (snapshot.matches('signedOut')) {
      if (watch.signedInUser) {
        if (watch.endingOnPurpose) forgetData();
        else interruption.set({ user: watch.signedInUser, reason: watch.endedElsewhere ? 'elsewhere' : 'expired' });
      }
      watch.signedInUser = null;
      watch.endingOnPurpose = false;
      watch.endedElsewhere = false;
    }
  };

/** Tabs share localStorage: a logout in one ends the session in all, a sign-in in one signs the others in. */
const followOtherTabs = (watch: SessionWatch, storage: AuthStorage, auth: LazyAuth) => {
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  const follow = () => {
    const token = readCurrentToken(storage);
    const actor = auth.actor();
    if (!actor) {
      watch.knownToken = token;
      // No machine here yet, so nobody was signed in: a session another tab stored is picked up by creating it.
      if (token) void auth.load().catch(() => undefined);
      return;
    }
    const snapshot = actor.getSnapshot();
    if (!isSettled(snapshot)) {
      // Restoring the session or signing in (with the token read before the change): look again once that is over.
      void auth.waitFor(isSettled).then(follow);
      return;
    }
    if (!token) {
      watch.knownToken = token;
      // Checked whatever this tab last saw: a machine that finished signing in since kept the token it started with.
      if (snapshot.matches('signedIn')) {
        watch.endedElsewhere = true;
        actor.send({ type: 'session.endedElsewhere' });
      }
      return;
    }
    if (token === watch.knownToken) return;
    const previous = watch.knownToken;
    watch.knownToken = token;
    if (snapshot.matches('signedOut')) {
      actor.send({ type: 'session.restore' });
    } else if (snapshot.matches('signedIn') && subjectOf(previous) !== subjectOf(token)) {
      // Someone else signed in there (a refreshed token of the same person changes nothing here).
      actor.send({ type: 'profile.reload' });
    }
  };
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage) return;
    if (event.key !== null && event.key !== ACCESS_TOKEN_KEY && event.key !== SSO_ACCESS_TOKEN_KEY) return;
    clearTimeout(settleTimer);
    settleTimer = setTimeout(follow, STORAGE_SETTLE_MS);
  });
};

type NavigationDeps = {
  watch: SessionWatch;
  storage: AuthStorage;
  auth: LazyAuth;
  queries: QueryClientHolder;
  build: BuildWatcher;
  redirects: ReturnType<typeof createRedirectCache>;
};

/** The navigation guard's ports (navigation/navigation-guard.ts) over the auth machine, storage and the build. */
const createNavigationPorts = ({
  watch,
  storage,
  auth,
  queries,
  build,
  redirects,
}: NavigationDeps): NavigationPorts => {
  /** The signed-in user once the machine waits for nobody; without a machine and a token, nobody is signed in. */
  const settledUser = async (): Promise<CurrentUser | null> => {
    if (!auth.actor() && readCurrentToken(storage) === null) return null;
    return (await auth.waitFor(isSettled)).context.user;
  };
  return {
    rememberRealm: (realm) => storage.local.setItem(LAST_REALM_NAME_KEY, realm),
    rememberReturnTo: (path) => rememberReturnTo(storage.session, path),
    takeReturnTo: () => takeReturnTo(storage.session),
    async completeSsoLogin(params) {
      const actor = await auth.load();
      await settledUser();
      if (actor.getSnapshot().matches('signedIn')) {
        watch.endingOnPurpose = true;
        actor.send({ type: 'user.logout' });
      }
      await settledUser();
      actor.send({ type: 'user.ssoCallback', ...params });
      return (await settledUser()) ? 'signedIn' : 'failed';
    },
    async logout() {
      // Even signed out: the machine notes the logout, and the page it leads to says so.
      const actor = await auth.load();
      await settledUser();
      watch.endingOnPurpose = true;
      // Whoever signs in next starts from the dashboard, not from where the previous visitor was heading.
      forgetReturnTo(storage.session);
      actor.send({ type: 'user.logout' });
      await settledUser();
    },
    settledUser,
    hasToken: () => readCurrentToken(storage) !== null,
    async refreshUser() {
      const user = await settledUser();
      const actor = auth.actor();
      if (!user || !actor) return user;
      const loadedAt = actor.getSnapshot().context.profileLoadedAt ?? 0;
      if (Date.now() - loadedAt < PROFILE_FRESH_MS) return user;
      actor.send({ type: 'profile.reload' });
      return settledUser();
    },
    serverRedirect: redirects.resolve,
    async preparePage(path) {
      // The landing page and its login form go without the query library; every other page renders with it
      // (lib/query/lazy-query-client.tsx).
      if (path !== LANDING_PATH) await queries.load();
    },
    shouldReloadForNewBuild: () => build.shouldReload(),
    markReload: () => build.markReload(),
  };
};

export const createAppServices = (): AppServices => {
  const storage = createBrowserAuthStorage();
  const interruption = createInterruptionStore();
  const queries = createAppQueries(interruption);
  const build = createBuildWatcher({ currentId: CURRENT_BUILD_ID, store: window.sessionStorage });
  const redirects = createRedirectCache();
  /** What this session's pages cached, so that the next person does not see it. */
  const forgetData = () => {
    redirects.clear();
    queries.current()?.clear();
  };
  const switchListeners = new Set<() => void>();
  const watch: SessionWatch = {
    endingOnPurpose: false,
    endedElsewhere: false,
    signedInUser: null,
    knownToken: readCurrentToken(storage),
  };

  const auth = createLazyAuth({
    storage,
    loadRuntime: () => import('../features/auth/auth-runtime'),
    onCreate: (actor) =>
      actor.subscribe(followSession(watch, { storage, interruption, queries, forgetData, switchListeners })),
  });
  configureApi({ getToken: () => readCurrentToken(storage), onUnauthorized: refreshOnUnauthorized(auth) });
  // A stored session is restored at once, alongside the page's own chunks; without one the machine waits for a
  // visitor who signs in (lazy-auth.ts).
  if (readCurrentToken(storage) !== null) void auth.load().catch(() => undefined);

  const navigation = createNavigationPorts({ watch, storage, auth, queries, build, redirects });
  followOtherTabs(watch, storage, auth);

  build.start();
  return {
    storage,
    auth,
    queries,
    build,
    navigation,
    interruption,
    dismissInterruption: () => {
      interruption.set(null);
      forgetData();
    },
    onUserSwitched(listener) {
      switchListeners.add(listener);
      return () => switchListeners.delete(listener);
    },
  };
};
