import { apiRoutes, issueAccessToken, type RouteDefinition } from '@ai-coaching/api';
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServer,
  type TestServer,
} from '@ai-coaching/api/testing';
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

describe('[AUTH]: AI providers of an organization across organizations', () => {
  it('answers 404 to another organization’s operator on every operation of the provider and what belongs to it', async () => {
    const owner = await signInAs(server, { role: 'operator', organizationId: await createTestOrganization(server) });
    const stranger = await signInAs(server, { role: 'operator', organizationId: await createTestOrganization(server) });
    const as = (token: string) => apiClient(server, token);
    const create = async (path: string, body: Record<string, unknown>) => {
      const answer = await as(owner.token).send<{ id: string }>('POST', path, { body });
      expect(answer.status, path).toBe(201);
      return answer.body.id;
    };
    const provider = await create('/v1/ai_providers', {
      name: 'Own speech',
      kind: 'azure_microsoft',
      region: 'westeurope',
      enabled: true,
    });
    const key = await create('/v1/ai_service_keys', {
      provider_id: provider,
      label: 'Own',
      value: 'own-key-0123456789',
    });
    const model = await create('/v1/ai_models', {
      provider_id: provider,
      model_id: 'tts',
      display_name: 'Speech',
      capabilities: ['speech'],
      credits_per_minute: 1,
    });
    const voice = await create('/v1/ai_speech_voices', {
      provider_id: provider,
      voice_id: 'en-GB-SoniaNeural',
      display_name: 'Sonia',
      languages: ['en-GB'],
    });
    const refused: [string, string, Record<string, unknown>?][] = [
      ['GET', `/v1/ai_providers/${provider}`],
      ['PATCH', `/v1/ai_providers/${provider}`, { name: 'Taken' }],
      ['DELETE', `/v1/ai_providers/${provider}`],
      ['POST', `/v1/ai_providers/${provider}/test`],
      ['POST', '/v1/ai_service_keys', { provider_id: provider, label: 'Mine', value: 'stranger-key-0123456789' }],
      ['GET', `/v1/ai_service_keys/${key}`],
      ['PATCH', `/v1/ai_service_keys/${key}`, { label: 'Taken' }],
      ['DELETE', `/v1/ai_service_keys/${key}`],
      [
        'POST',
        '/v1/ai_models',
        { provider_id: provider, model_id: 'x', display_name: 'x', capabilities: ['chat'], credits_per_minute: 0 },
      ],
      ['GET', `/v1/ai_models/${model}`],
      ['PATCH', `/v1/ai_models/${model}`, { display_name: 'Taken' }],
      ['DELETE', `/v1/ai_models/${model}`],
      [
        'POST',
        '/v1/ai_speech_voices',
        { provider_id: provider, voice_id: 'x', display_name: 'x', languages: ['en-GB'] },
      ],
      ['GET', `/v1/ai_speech_voices/${voice}`],
      ['PATCH', `/v1/ai_speech_voices/${voice}`, { display_name: 'Taken' }],
      ['DELETE', `/v1/ai_speech_voices/${voice}`],
    ];
    for (const [method, path, body] of refused) {
      const answer = await as(stranger.token).send(method, path, body ? { body } : {});
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    for (const path of ['/v1/ai_providers', '/v1/ai_service_keys', '/v1/ai_models', '/v1/ai_speech_voices']) {
      const listed = await as(stranger.token).send<{ items: { id: string }[] }>('GET', path, {
        query: { page_size: 48 },
      });
      const ids = listed.body.items.map((item) => item.id);
      for (const id of [provider, key, model, voice]) expect(ids, path).not.toContain(id);
    }
    // Nothing the stranger tried changed anything.
    const still = await as(owner.token).send<{ name: string }>('GET', `/v1/ai_providers/${provider}`);
    expect(still.body.name).toBe('Own speech');
    const ownKey = await as(owner.token).send<{ status: string; label: string }>('GET', `/v1/ai_service_keys/${key}`);
    expect(ownKey.body).toMatchObject({ status: 'active', label: 'Own' });
  });
});
