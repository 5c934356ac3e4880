import { apiRoutes, issueAccessToken, type RouteDefinition } from '@ai-coaching/api';
import {
  apiClient,
  createTestOrganization,
  signInAs,
  startTestServer,
  type TestServer,
} from '@ai-coaching/api/testing';
import { starterLibraryItemId } from '@ai-coaching/application';
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

/**
 * The sixth kind of caller: an operator's API key holding every other permission a key may hold (never the
 * management of keys or SCIM tokens), so that the matrix sees it both admitted and refused on routes an operator may
 * call.
 */
const KEY_PERMISSIONS = permissionsOf('operator')
  .filter((permission) => !permission.startsWith('api-key-') && !permission.startsWith('scim-token-'))
  .filter((_, index) => index % 2 === 0);
type Caller = Role | 'guest' | 'api key';

const expectedAllowed = (route: (typeof routes)[number], caller: Caller): boolean => {
  if (caller === 'guest') return false;
  if (caller === 'api key') return route.access.kind === 'permission' && can(KEY_PERMISSIONS, route.access.anyOf);
  return route.access.kind === 'signed-in' || can(permissionsOf(caller), route.access.anyOf);
};

let server: TestServer;
const tokens = new Map<Caller, string>();

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
  const made = await apiClient(server, tokens.get('operator')).send<{ key: string }>('POST', '/v1/api_keys', {
    body: { name: 'Role matrix', permissions: KEY_PERMISSIONS },
  });
  tokens.set('api key', made.body.key);
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
    for (const caller of [...ROLES, 'guest', 'api key'] as const) {
      const allowed = expectedAllowed(route, caller);
      it(`${route.method} ${route.path} as ${caller} is ${allowed ? 'allowed' : 'forbidden'}`, async () => {
        const response = await call(route, tokens.get(caller)!);
        const body = response.body ?? {};
        if (allowed) {
          expect([401, 403], `${response.status} ${body.code}`).not.toContain(response.status);
          expect(response.status).toBeLessThan(500);
        } else {
          expect(response.status).toBe(403);
          // What acts on the person themselves says why a key may not.
          expect(body.code).toBe(
            caller === 'api key' && route.access.kind === 'signed-in' ? 'api_key_not_allowed' : 'forbidden',
          );
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

describe('[AUTH]: the super-admin role outside the platform organization', () => {
  it('is refused to every role, in an invitation and in a role change, with a code saying why', async () => {
    const customer = await createTestOrganization(server);
    const member = await signInAs(server, { role: 'user', organizationId: customer });
    const invitation = (role: Role) => ({
      email: `sa-${role}-${newId()}@example.com`,
      first_name: 'Ada',
      last_name: '',
      organization_id: customer,
      organization_role: 'super-admin',
    });
    const expected: Partial<Record<Role, string>> = {
      'super-admin': 'super_admin_outside_platform',
      operator: 'role_not_assignable',
      editor: 'forbidden',
      user: 'forbidden',
    };
    for (const role of ROLES) {
      const as = apiClient(server, tokens.get(role)!);
      const invited = await as.send<{ code: string }>('POST', '/v1/users', { body: invitation(role) });
      expect([role, invited.status, invited.body.code]).toEqual([role, 403, expected[role]]);
      const promoted = await as.send<{ code: string }>('PATCH', `/v1/users/${member.userId}`, {
        body: { organization_role: 'super-admin' },
      });
      expect([role, promoted.status, promoted.body.code]).toEqual([role, 403, expected[role]]);
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

describe('[AUTH]: coaching content across organizations', () => {
  it('answers 404 to another organization’s editor on every operation of each kind, and lists none of it', async () => {
    const owner = await signInAs(server, { role: 'editor', organizationId: await createTestOrganization(server) });
    const stranger = await signInAs(server, { role: 'operator', organizationId: await createTestOrganization(server) });
    const as = (token: string) => apiClient(server, token);
    const models = await as(owner.token).send<{ items: { id: string; capabilities: string[] }[] }>(
      'GET',
      '/v1/ai_models',
      { query: { capability: 'chat', page_size: 48 } },
    );
    const modelId = models.body.items[0]!.id;
    const create = async (plural: string, body: Record<string, unknown>) => {
      const answer = await as(owner.token).send<{ id: string }>('POST', `/v1/coaching/${plural}`, { body });
      expect(answer.status, plural).toBe(201);
      await as(owner.token).send('POST', `/v1/coaching/${plural}/${answer.body.id}/publish`);
      return answer.body.id;
    };
    const persona = await create('personas', { name: 'Own persona', language: 'en-GB' });
    const mission = await create('missions', { title: 'Own mission' });
    const observer = await create('observers', {
      name: 'Own observer',
      rubric: [{ name: 'Listens', description: '', scale: '1_5', weight: 1, not_relevant_when: null }],
      model_id: modelId,
    });
    const scenario = await create('scenarios', {
      name: 'Own scenario',
      persona_id: persona,
      observer_ids: [observer],
      language: 'en-GB',
      model_id: modelId,
    });
    const playlist = await create('playlists', { name: 'Own playlist', scenario_ids: [scenario] });
    const items = {
      personas: persona,
      missions: mission,
      observers: observer,
      scenarios: scenario,
      playlists: playlist,
    };

    // What a copy of each copyable kind must carry besides `copy_from` (the create schema's required fields).
    const copies: Record<string, Record<string, unknown>> = {
      personas: { name: 'Copied', language: 'en-GB' },
      missions: { title: 'Copied' },
      observers: {
        name: 'Copied',
        rubric: [{ name: 'Listens', description: '', scale: '1_5', weight: 1, not_relevant_when: null }],
        model_id: modelId,
      },
    };
    for (const [plural, id] of Object.entries(items)) {
      const base = `/v1/coaching/${plural}/${id}`;
      const copy = copies[plural];
      const refused: [string, string, Record<string, unknown>?][] = [
        ['GET', base],
        ['PATCH', base, plural === 'missions' ? { title: 'Taken' } : { name: 'Taken' }],
        ['DELETE', base],
        ['POST', `${base}/publish`],
        ['POST', `${base}/archive`],
        ['POST', `${base}/restore`],
        ['GET', `${base}/versions`],
        ['GET', `${base}/versions/1`],
      ];
      if (copy) refused.push(['POST', `/v1/coaching/${plural}`, { ...copy, copy_from: id }], ['POST', `${base}/fork`]);
      else refused.push(['PUT', `${base}/shares`, { user_group_ids: [], user_ids: [] }]);
      // Trying an observer on a transcript judged against another organization's scenario.
      if (plural === 'scenarios') {
        const transcript = [{ role: 'learner', text: 'What matters most to you?' }];
        refused.push([
          'POST',
          '/v1/coaching/observer_trials',
          { observer: copies.observers, transcript, scenario_id: id },
        ]);
      }
      for (const [method, path, body] of refused) {
        const answer = await as(stranger.token).send(method, path, body ? { body } : {});
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      const listed = await as(stranger.token).send<{ items: { id: string }[] }>('GET', `/v1/coaching/${plural}`, {
        query: { page_size: 48 },
      });
      expect(listed.body.items.map((item) => item.id)).not.toContain(id);
    }
    // Nothing the stranger tried changed anything.
    const still = await as(owner.token).send<{ status: string; version: number }>(
      'GET',
      `/v1/coaching/personas/${persona}`,
    );
    expect(still.body).toMatchObject({ status: 'published', version: 1 });
  });
});

describe('[AUTH]: a learner’s private practice, on every session route and for every role', () => {
  it('answers 404 (or 403 for the role) to everyone but its player, and lists it to nobody else', async () => {
    const organizationId = await createTestOrganization(server);
    const learner = await signInAs(server, { role: 'user', organizationId });
    const started = await apiClient(server, learner.token).send<{ id: string; private: boolean }>(
      'POST',
      '/v1/coaching/sessions',
      { body: { scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB'), private: true } },
    );
    expect(started.body).toMatchObject({ private: true });
    const sessionId = started.body.id;
    const others: Record<string, string> = {
      'super-admin': tokens.get('super-admin')!,
      'another organization’s operator': tokens.get('operator')!,
    };
    for (const role of ['operator', 'editor', 'user'] as const) {
      others[role] = (await signInAs(server, { role, organizationId })).token;
    }
    // Bodies that pass validation where a route needs one, so the answer is the session's lookup, not a 400.
    const bodies: Record<string, Record<string, unknown>> = {
      'PATCH /v1/coaching/sessions/:id': { name: 'Seen' },
      'POST /v1/coaching/sessions/:id/turns': { text: 'Hello?' },
      'PATCH /v1/coaching/sessions/:id/voice_settings': { speed: 1 },
      'POST /v1/coaching/sessions/:id/analysis/corrections': {
        version: 1,
        observer_id: 'any',
        criterion: 'Close',
        score: 1,
        comment: 'Seen',
      },
    };
    // Every route of one session, whatever its access (a guest's token opens some of them too).
    const sessionRoutes = apiRoutes([]).filter((route) => route.path.startsWith('/v1/coaching/sessions/:id'));
    expect(sessionRoutes.length).toBeGreaterThan(8);
    for (const [who, token] of Object.entries(others)) {
      for (const route of sessionRoutes) {
        const path = route.path.replace(':id', sessionId).replace(/:(\w+)/g, (_, name: string) => `no-such-${name}`);
        const body =
          route.method === 'GET' || route.method === 'DELETE'
            ? undefined
            : (bodies[`${route.method} ${route.path}`] ?? {});
        const answer = await apiClient(server, token).send<{ code?: string }>(route.method, path, body ? { body } : {});
        // A body still refused by its schema (400) stops before anything is read.
        const refusals = route.method === 'GET' ? [403, 404] : [400, 403, 404];
        expect(refusals, `${who}: ${route.method} ${route.path} → ${answer.status} ${answer.body?.code}`).toContain(
          answer.status,
        );
      }
      const listed = await apiClient(server, token).send<{ items?: { id: string }[] }>('GET', '/v1/coaching/sessions', {
        query: { scope: 'organization', page_size: 48 },
      });
      expect(
        (listed.body.items ?? []).map((item) => item.id),
        who,
      ).not.toContain(sessionId);
    }
    const own = await apiClient(server, learner.token).send<{ private: boolean; status: string }>(
      'GET',
      `/v1/coaching/sessions/${sessionId}`,
    );
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ private: true, status: 'in-progress' });
  });
});

describe('[AUTH]: comments on a session (manager review), across organizations and roles', () => {
  it('lets its organization’s reviewers comment and its learner read, and answers 404 to everyone else', async () => {
    const organizationId = await createTestOrganization(server);
    const learner = await signInAs(server, { role: 'user', organizationId });
    const reviewer = await signInAs(server, { role: 'operator', organizationId });
    const as = (token: string) => apiClient(server, token);
    const started = await as(learner.token).send<{ id: string }>('POST', '/v1/coaching/sessions', {
      body: { scenario_id: starterLibraryItemId('scenario', 'price', 'en-GB') },
    });
    const sessionId = started.body.id;
    expect((await as(learner.token).send('POST', `/v1/coaching/sessions/${sessionId}/end`)).status).toBe(200);
    const base = `/v1/coaching/sessions/${sessionId}/comments`;
    const comment = await as(reviewer.token).send<{ id: string }>('POST', base, { body: { body: 'Well closed.' } });
    expect(comment.status).toBe(201);
    const others: Record<string, string> = {
      'super-admin': tokens.get('super-admin')!,
      'another organization’s operator': tokens.get('operator')!,
      editor: (await signInAs(server, { role: 'editor', organizationId })).token,
      'another learner': (await signInAs(server, { role: 'user', organizationId })).token,
    };
    for (const [who, token] of Object.entries(others)) {
      const tried: [string, string, Record<string, unknown>?][] = [
        ['GET', base],
        ['POST', base, { body: 'Mine.' }],
        ['PATCH', `${base}/${comment.body.id}`, { body: 'Taken.' }],
        ['DELETE', `${base}/${comment.body.id}`],
      ];
      for (const [method, path, body] of tried) {
        const answer = await as(token).send<{ code?: string }>(method, path, body ? { body } : {});
        expect([answer.status, answer.body?.code], `${who}: ${method} ${path}`).toEqual([
          404,
          'coaching_session_not_found',
        ]);
      }
    }
    const read = await as(learner.token).send<{ items: { id: string; body: string }[] }>('GET', base);
    expect(read.body.items).toEqual([expect.objectContaining({ id: comment.body.id, body: 'Well closed.' })]);
  });
});
