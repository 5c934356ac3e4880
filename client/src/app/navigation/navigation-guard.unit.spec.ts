import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { toCurrentUser, type CurrentUser } from '../../lib/session/current-user';
import { createNavigationGuard, toRedirect, type NavigationPorts } from './navigation-guard';
import type { RouteHandle } from './route-handle';

const route = (path: string, handle: RouteHandle = {}): RouteObject => ({ path, handle });
const routes: RouteObject[] = [
  {
    id: 'root',
    children: [
      route('/', { public: true }),
      route('preconnect', { public: true }),
      route('logout', { public: true }),
      route('dashboard', { permissions: ['dashboard-view'] }),
      route('settings/user/list', { permissions: ['user-list', 'user-group-list'] }),
      route('admin-only', { roles: ['super-admin'] }),
      route('settings/user/edit/:id', { permissions: ['user-update'], isValid: ({ id }) => id === 'u-1' }),
      route('*', { public: true }),
    ],
  },
];

const operator = toCurrentUser({
  email: 'op@example.com',
  organization_role: 'operator',
  permissions: ['dashboard-view', 'user-list', 'user-update'],
});

const arrange = (options: { user?: CurrentUser | null; ports?: Partial<NavigationPorts> } = {}) => {
  const user = options.user === undefined ? operator : options.user;
  const ports: NavigationPorts = {
    rememberRealm: vi.fn(),
    rememberReturnTo: vi.fn(),
    takeReturnTo: vi.fn(() => null),
    completeSsoLogin: vi.fn(async () => 'signedIn' as const),
    logout: vi.fn(async () => undefined),
    settledUser: vi.fn(async () => user),
    hasToken: vi.fn(() => user !== null),
    refreshUser: vi.fn(async () => user),
    serverRedirect: vi.fn(async () => null),
    preparePage: vi.fn(async () => undefined),
    shouldReloadForNewBuild: vi.fn(() => false),
    markReload: vi.fn(),
    ...options.ports,
  };
  const guard = createNavigationGuard(routes, ports);
  const visit = (path: string) => guard({ request: new Request(`https://app.example${path}`) });
  return { ports, visit };
};

const location = (response: Response | null) => response?.headers.get('Location');
const isDocumentReload = (response: Response | null) => response?.headers.get('X-Remix-Reload-Document') === 'true';

describe('navigation guard (spec §4 "Before every navigation")', () => {
  it('1. remembers ?realm, processes ?code and goes to success-login, or preconnect on failure', async () => {
    const { ports, visit } = arrange({ user: null });
    expect(location(await visit('/?realm=acme&code=c-1&state=s-1&iss=https%3A%2F%2Fidp'))).toBe('/dashboard');
    expect(ports.rememberRealm).toHaveBeenCalledWith('acme');
    expect(ports.completeSsoLogin).toHaveBeenCalledWith({
      realm: 'acme',
      code: 'c-1',
      state: 's-1',
      iss: 'https://idp',
    });

    const failing = arrange({ user: null, ports: { completeSsoLogin: async () => 'failed' } });
    expect(location(await failing.visit('/?realm=acme&code=bad'))).toBe('/preconnect');
  });

  it('1. a single sign-on goes back to the page the visitor was going to, when one is remembered', async () => {
    const { visit } = arrange({ user: null, ports: { takeReturnTo: () => '/settings/user/list?tab=groups' } });
    expect(location(await visit('/?realm=acme&code=c-1&state=s-1'))).toBe('/settings/user/list?tab=groups');
  });

  it('1. an exception during the callback logs out and goes to preconnect', async () => {
    const { ports, visit } = arrange({
      user: null,
      ports: { completeSsoLogin: () => Promise.reject(new Error('boom')) },
    });
    expect(location(await visit('/?realm=acme&code=c'))).toBe('/preconnect');
    expect(ports.logout).toHaveBeenCalled();
  });

  it('1. a realm without a code is only remembered', async () => {
    const { ports, visit } = arrange({ user: null });
    expect(await visit('/?realm=acme')).toBeNull();
    expect(ports.rememberRealm).toHaveBeenCalledWith('acme');
    expect(ports.completeSsoLogin).not.toHaveBeenCalled();
  });

  it('2. visiting logout logs out and goes to preconnect', async () => {
    const { ports, visit } = arrange();
    expect(location(await visit('/logout'))).toBe('/preconnect');
    expect(ports.logout).toHaveBeenCalledOnce();
  });

  it('3. with a token, user info is fetched; a failure sends to login', async () => {
    const { ports, visit } = arrange();
    expect(await visit('/dashboard')).toBeNull();
    expect(ports.refreshUser).toHaveBeenCalledOnce();

    const failing = arrange({ ports: { refreshUser: async () => null } });
    expect(location(await failing.visit('/dashboard'))).toBe('/#login');
  });

  it('4. without a token only public routes open; others redirect to login', async () => {
    const { visit } = arrange({ user: null });
    expect(location(await visit('/dashboard'))).toBe('/#login');
    expect(await visit('/preconnect')).toBeNull();
    expect(await visit('/no/such/page')).toBeNull();
  });

  it('4. remembers the page a signed-out visitor was going to (issue 9: the deep link was lost)', async () => {
    const { ports, visit } = arrange({ user: null });
    expect(location(await visit('/settings/user/list?tab=groups'))).toBe('/#login');
    expect(ports.rememberReturnTo).toHaveBeenCalledWith('/settings/user/list?tab=groups');
    await visit('/preconnect');
    expect(ports.rememberReturnTo).toHaveBeenCalledOnce();

    const expired = arrange({ ports: { refreshUser: async () => null } });
    await expired.visit('/settings/user/edit/u-1');
    expect(expired.ports.rememberReturnTo).toHaveBeenCalledWith('/settings/user/edit/u-1');
  });

  it('prepares the page it lets render, and not the ones it sends elsewhere', async () => {
    const { ports, visit } = arrange();
    expect(await visit('/dashboard')).toBeNull();
    expect(ports.preparePage).toHaveBeenCalledWith('/dashboard');
    expect(location(await visit('/settings/user/list'))).toBe('/403');
    expect(ports.preparePage).toHaveBeenCalledOnce();

    const visitor = arrange({ user: null });
    expect(await visitor.visit('/preconnect')).toBeNull();
    expect(visitor.ports.preparePage).toHaveBeenCalledWith('/preconnect');
    expect(location(await visitor.visit('/dashboard'))).toBe('/#login');
    expect(visitor.ports.preparePage).toHaveBeenCalledOnce();

    // An expired session on a public page: the page renders signed out.
    const expired = arrange({ ports: { refreshUser: async () => null } });
    expect(await expired.visit('/preconnect')).toBeNull();
    expect(expired.ports.preparePage).toHaveBeenCalledWith('/preconnect');
  });

  it('a page whose preparation failed still renders (it waits for what is missing itself)', async () => {
    const { visit } = arrange({ ports: { preparePage: () => Promise.reject(new Error('chunk failed')) } });
    expect(await visit('/dashboard')).toBeNull();
  });

  it('6. every listed permission is required, and the role when one is listed; else /403', async () => {
    const { visit } = arrange();
    expect(await visit('/dashboard')).toBeNull();
    expect(location(await visit('/settings/user/list'))).toBe('/403');
    expect(location(await visit('/admin-only'))).toBe('/403');
  });

  it('7. applies a server-defined redirect; an external one is a full page load; bad protocols are ignored', async () => {
    const internal = arrange({ ports: { serverRedirect: async () => '/preconnect' } });
    expect(location(await internal.visit('/dashboard'))).toBe('/preconnect');

    const external = arrange({ ports: { serverRedirect: async () => 'https://docs.example.org/help' } });
    const response = await external.visit('/dashboard');
    expect(location(response)).toBe('https://docs.example.org/help');
    expect(isDocumentReload(response)).toBe(true);

    const hostile = arrange({ ports: { serverRedirect: async () => 'javascript:alert(1)' } });
    expect(await hostile.visit('/dashboard')).toBeNull();
  });

  it('7. stops following server redirects after 10 in a row (a cycle the server could not see)', async () => {
    const { visit } = arrange({
      ports: { serverRedirect: async (path) => (path === '/dashboard' ? '/preconnect' : '/dashboard') },
    });
    const hops: (string | null | undefined)[] = [];
    let path = '/dashboard';
    for (let hop = 0; hop < 12; hop++) {
      const next = location(await visit(path));
      hops.push(next);
      if (!next) break;
      path = next;
    }
    expect(hops).toHaveLength(11);
    expect(hops.at(-1)).toBeUndefined();
  });

  it('7. with a token, asks for the redirect beside the user information; without one, only on the way to a page', async () => {
    let answerUser: (user: CurrentUser) => void = () => undefined;
    const { ports, visit } = arrange({
      ports: { refreshUser: vi.fn(() => new Promise<CurrentUser | null>((resolve) => (answerUser = resolve))) },
    });
    const visiting = visit('/dashboard');
    await vi.waitFor(() => expect(ports.refreshUser).toHaveBeenCalled());
    expect(ports.serverRedirect).toHaveBeenCalledWith('/dashboard');
    answerUser(operator);
    expect(await visiting).toBeNull();
    expect(ports.serverRedirect).toHaveBeenCalledOnce();

    const visitor = arrange({ user: null });
    expect(location(await visitor.visit('/dashboard'))).toBe('/#login');
    expect(visitor.ports.serverRedirect).not.toHaveBeenCalled();
  });

  it('7. a failing redirect lookup never blocks navigation', async () => {
    const { visit } = arrange({ ports: { serverRedirect: () => Promise.reject(new Error('offline')) } });
    expect(await visit('/dashboard')).toBeNull();
  });

  it("a failed validity check throws a 404 'Page Not Found: {path}'", async () => {
    const { visit } = arrange();
    expect(await visit('/settings/user/edit/u-1')).toBeNull();
    const thrown = await visit('/settings/user/edit/other').catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      init: { status: 404 },
      data: { message: 'Page Not Found: /settings/user/edit/other' },
    });
  });

  it('reloads the page from the server when a new build is deployed, marking the reload', async () => {
    const { ports, visit } = arrange({ ports: { shouldReloadForNewBuild: () => true } });
    const response = await visit('/dashboard?tab=1');
    expect(isDocumentReload(response)).toBe(true);
    expect(location(response)).toBe('/dashboard?tab=1');
    expect(ports.markReload).toHaveBeenCalledOnce();
  });
});

describe('toRedirect (spec §5 external navigation)', () => {
  it('accepts internal paths and http(s) URLs only', () => {
    expect(location(toRedirect('/settings'))).toBe('/settings');
    expect(toRedirect('//evil.example/x')).toBeNull();
    expect(toRedirect('/\\evil.example/x')).toBeNull();
    expect(toRedirect('data:text/html,hi')).toBeNull();
    expect(toRedirect('relative/path')).toBeNull();
    expect(isDocumentReload(toRedirect('http://example.org'))).toBe(true);
  });
});
