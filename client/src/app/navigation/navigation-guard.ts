import { data, matchRoutes, redirect, redirectDocument, type RouteObject } from 'react-router';
import type { CurrentUser } from '../../lib/session/current-user';
import { isAllowed, mergeHandles, type RouteHandle } from './route-handle';

export const LANDING_PATH = '/';
export const LOGIN_PATH = '/#login';
export const PRECONNECT_PATH = '/preconnect';
export const FORBIDDEN_PATH = '/403';
export const SUCCESS_LOGIN_PATH = '/dashboard';
export const LOGOUT_PATH = '/logout';

/** What the guard needs from the rest of the app; the app wires the auth machine, the API and the build watcher. */
export type NavigationPorts = {
  /** Remembers the realm of `?realm=` (lastRealmName). */
  rememberRealm(realm: string): void;
  /** Remembers the page a signed-out visitor was going to, for after the sign-in (checked there: same-origin only). */
  rememberReturnTo(path: string): void;
  /** The remembered page, once; null when there is none (then the sign-in goes to success-login). */
  takeReturnTo(): string | null;
  /** Sends the single sign-on callback to the auth machine; resolves once it settles. */
  completeSsoLogin(input: { realm: string; code: string; state: string; iss?: string }): Promise<'signedIn' | 'failed'>;
  logout(): Promise<void>;
  /** Resolves once the auth machine is neither loading nor refreshing. */
  settledUser(): Promise<CurrentUser | null>;
  /** True when a token is stored. */
  hasToken(): boolean;
  /** Loads `/v1/me` again when the profile is older than a few seconds; null when that failed (then logged out). */
  refreshUser(): Promise<CurrentUser | null>;
  /** Spec §4 step 7: the server's redirect for a path, or null. */
  serverRedirect(path: string): Promise<string | null>;
  /** Loads what the page about to render needs from the app (the query client), while the server redirect is asked. */
  preparePage(path: string): Promise<void>;
  /** Version check: true when a newer build is deployed and no reload happened in the last 10 seconds. */
  shouldReloadForNewBuild(): boolean;
  markReload(): void;
};

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);
const SAFE_PROTOCOLS = new Set(['http:', 'https:']);

/** Spec §5: navigating outside needs the explicit external option; other protocols are refused. */
export const toRedirect = (target: string): Response | null => {
  if (isExternal(target)) {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return null;
    }
    return SAFE_PROTOCOLS.has(url.protocol) ? redirectDocument(url.href) : null;
  }
  // `//host` and `/\host` are other servers to a browser.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return redirect(target);
};

/** Server redirects followed in a row before the guard gives up (a cycle two admins created at once). */
export const MAX_SERVER_REDIRECTS = 10;

/**
 * Spec §4 "Before every navigation", in order. Runs as the root route's loader, which React Router calls before
 * every navigation (the root route always revalidates). Returns a redirect, or null to let the page render.
 */
export const createNavigationGuard = (routes: RouteObject[], ports: NavigationPorts) => {
  let redirectsInARow = 0;
  return async ({ request }: { request: Request }): Promise<Response | null> => {
    const url = new URL(request.url);

    // Version check: a new deployment is picked up by loading the next page from the server.
    if (ports.shouldReloadForNewBuild()) {
      ports.markReload();
      return redirectDocument(url.pathname + url.search + url.hash);
    }

    // 1. ?realm is remembered; with ?code the callback is processed and both leave the address bar.
    const realm = url.searchParams.get('realm');
    if (realm) {
      ports.rememberRealm(realm);
      const code = url.searchParams.get('code');
      if (code) {
        try {
          const iss = url.searchParams.get('iss');
          const outcome = await ports.completeSsoLogin({
            realm,
            code,
            state: url.searchParams.get('state') ?? '',
            ...(iss ? { iss } : {}),
          });
          return redirect(outcome === 'signedIn' ? (ports.takeReturnTo() ?? SUCCESS_LOGIN_PATH) : PRECONNECT_PATH);
        } catch {
          await ports.logout().catch(() => undefined);
          return redirect(PRECONNECT_PATH);
        }
      }
    }

    // 2. Visiting logout logs out and goes to preconnect.
    if (url.pathname === LOGOUT_PATH) {
      await ports.logout();
      return redirect(PRECONNECT_PATH);
    }

    const matches = matchRoutes(routes, url.pathname) ?? [];
    const handle: RouteHandle = mergeHandles(matches.map((match) => match.route.handle));
    // Login, and after it the page the visitor was going to (issue 9: they used to land on the dashboard).
    // A failure here is the page's to show: it waits for what is missing itself (lib/query/lazy-query-client.tsx).
    const prepare = () => ports.preparePage(url.pathname).catch(() => undefined);
    const toLogin = () => {
      ports.rememberReturnTo(url.pathname + url.search + url.hash);
      return redirect(LOGIN_PATH);
    };

    // With a token the page most likely opens: its server redirect (step 7) is asked for now, beside the user's
    // information, not after it. Without one, a visitor bound for the login does not ask.
    const earlyRedirect = ports.hasToken() ? ports.serverRedirect(url.pathname).catch(() => null) : undefined;

    // 3. With a token, user info is fetched; a failure logs out and sends to login.
    let user = await ports.settledUser();
    if (ports.hasToken() || user) {
      user = await ports.refreshUser();
      if (!user) {
        if (handle.public) return prepare().then(() => null);
        return toLogin();
      }
    }

    // 4. No session and a page that needs one: login.
    if (!user && !handle.public) return toLogin();

    // 5. The layout is chosen by the root component from the same handles (route-handle.ts, chooseLayout).

    // 6. Permissions (all required) and roles; a missing one leads to /403.
    if (user && !isAllowed(user, handle)) return redirect(FORBIDDEN_PATH);

    // 7. A server-defined redirect; an absolute external one loads the page from that server.
    const [target] = await Promise.all([
      earlyRedirect ?? ports.serverRedirect(url.pathname).catch(() => null),
      prepare(),
    ]);
    if (target && target !== url.pathname && redirectsInARow < MAX_SERVER_REDIRECTS) {
      const response = toRedirect(target);
      if (response) {
        redirectsInARow++;
        return response;
      }
    }
    redirectsInARow = 0;

    const isValid = handle.isValid;
    if (isValid) {
      const params = matches.at(-1)?.params ?? {};
      if (!isValid(params)) throw data({ message: `Page Not Found: ${url.pathname}`, fatal: true }, { status: 404 });
    }
    return null;
  };
};
