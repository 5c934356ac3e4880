import { apiRoutes, issueAccessToken, type RouteDefinition } from '@ai-coaching/api';
import { apiClient, signInAs, startTestServer, type TestServer } from '@ai-coaching/api/testing';
import { can, permissionsOf, type Role } from '@ai-coaching/domain';
import { newId } from '@ai-coaching/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Generated from the route table: for every protected route and every role, the answer is 403
 * exactly when the role lacks the route's permissions. Requests carry placeholder ids and empty
 * bodies, so an allowed call stops at validation or lookup (400/404) and changes nothing.
 */
const routes = apiRoutes([]).filter(
  (route): route is RouteDefinition & { access: { kind: 'permission' | 'signed-in' } } =>
    route.access.kind === 'permission' || route.access.kind === 'signed-in',
);
const ROLES: Role[] = ['super-admin', 'operator', 'editor', 'user'];

const expectedAllowed = (route: (typeof routes)[number], role: Role | 'guest'): boolean => {
  if (role === 'guest') return false;
  return route.access.kind === 'signed-in' || can(permissionsOf(role), route.access.anyOf);
};

let server: TestServer;
const tokens = new Map<Role | 'guest', string>();

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ROLES) tokens.set(role, (await signInAs(server, { role })).token);
  const guest = await issueAccessToken(server.platform, {
    userId: `guest-${newId()}`,
    role: 'guest',
    kind: 'guest',
    scope: 'shared-1',
  });
  tokens.set('guest', guest.accessToken);
}, 120_000);
afterAll(() => server?.close());

/** The route with placeholder ids and an empty body of its encoding. */
const call = (route: (typeof routes)[number], token: string) => {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => `no-such-${name}`);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return apiClient(server, token).send(
    route.method,
    path,
    hasBody ? (route.bodyEncoding === 'form' ? { form: {} } : { body: {} }) : {},
  );
};

describe('[AUTH]: role matrix', () => {
  it('covers every protected route', () => {
    expect(routes.length).toBeGreaterThan(5);
  });

  for (const route of routes) {
    for (const role of [...ROLES, 'guest'] as const) {
      const allowed = expectedAllowed(route, role);
      it(`${route.method} ${route.path} as ${role} is ${allowed ? 'allowed' : 'forbidden'}`, async () => {
        const response = await call(route, tokens.get(role)!);
        const body = response.body ?? {};
        if (allowed) {
          expect([401, 403], `${response.status} ${body.code}`).not.toContain(response.status);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(403);
          expect(body.code).toBe('forbidden');
        }
      });
    }
  }

  it('answers 401 on every protected route without a token', async () => {
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, 'x');
      const response = await apiClient(server).send(route.method, path);
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
  });
});
