import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { verifyPassword } from '@ai-coaching/platform';
import { allProjections, readStatuses } from '@ai-coaching/projections';
import { healthOperations, openApiOperations, projectionOperations } from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from './routes/index.js';
import { superAdminUserId } from './seed/seed-platform.js';
import { apiClient } from './testing/api-client.js';
import { signIn, signInAs } from './testing/identities.js';
import { TEST_PASSWORD } from './testing/start-test-server.js';
import { startTestServer, type TestServer } from './testing/start-test-server.js';

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'aic-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await mkdir(path.join(clientDir, 'build'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><title>AI-Coaching</title><div id="root"></div>');
  await writeFile(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(path.join(clientDir, 'build', 'latest.json'), '{"id":"b1"}');
  server = await startTestServer({ CLIENT_DIST_DIR: clientDir, PUBLIC_URL: 'http://app.test' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await rm(clientDir, { recursive: true, force: true });
});

/** The API without a token, or as a caller. */
const api = (bearer?: string) => apiClient(server, bearer);
const tokens = new Map<string, Promise<string>>();
/** A real session: the seeded super-admin, or a fresh user of the role, signed in through the API. */
const token = (role: 'super-admin' | 'operator' | 'user') => {
  if (!tokens.has(role)) {
    tokens.set(
      role,
      role === 'super-admin'
        ? signIn(server, 'admin@localhost.localdomain', TEST_PASSWORD)
        : signInAs(server, { role }).then((user) => user.token),
    );
  }
  return tokens.get(role)!;
};

describe('[PLATFORM]: health', () => {
  it('answers liveness without a token', async () => {
    const response = await api().call(healthOperations.liveness, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('reports readiness of the event store, read models and job queue', async () => {
    const response = await api().call(healthOperations.readiness, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'ready',
      checks: { event_store: 'ok', read_models: 'ok', job_queue: 'ok' },
    });
  });
});

describe('[PLATFORM]: one error shape', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await api().send('GET', '/v1/nothing-here');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ code: 'not_found', message: expect.any(String) });
  });

  it('answers a wrong method with 405 and the allowed methods', async () => {
    const response = await api().send('DELETE', '/healthz');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
    expect(response.body.code).toBe('method_not_allowed');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await api().send('POST', '/v1/admin/projections/x/rebuild', {
      body: { filler: 'x'.repeat(1100 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('payload_too_large');
  });

  it('refuses an unsupported body type with 415', async () => {
    const response = await api().send('POST', '/v1/admin/projections/x/rebuild', {
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(response.status).toBe(415);
    expect(response.body).toMatchObject({
      code: 'unsupported_media_type',
      details: { received: 'application/xml' },
    });
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const response = await api(await token('super-admin')).send('POST', '/v1/admin/projections/x/rebuild', {
      body: '{"broken": ',
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_json');
  });

  it('gives every answer a request id, echoing a safe incoming one', async () => {
    const mine = await api().call(healthOperations.liveness, {}, { headers: { 'x-request-id': 'trace-1234-abcd' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-1234-abcd');
    const unsafe = await api().call(
      healthOperations.liveness,
      {},
      { headers: { 'x-request-id': 'bad id; drop table' } },
    );
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('[PLATFORM]: security headers', () => {
  it.each(['/healthz', '/v1/nothing-here', '/some/client/route'])('are sent on %s', async (pathname) => {
    const response = await api().send('GET', pathname, { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('[PLATFORM]: built client', () => {
  it('serves index.html for client routes (SPA fallback), revalidated on each load', async () => {
    const response = await api().send<string>('GET', '/settings/organization/list', {
      headers: { accept: 'text/html' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year and 404s a missing one in the JSON shape', async () => {
    const asset = await api().send('GET', '/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missing = await api().send('GET', '/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('not_found');
  });

  it('serves the latest-build manifest as JSON that is never cached stale', async () => {
    const response = await api().send('GET', '/build/latest.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.body).toEqual({ id: 'b1' });
  });
});

describe('[PLATFORM]: first-start seed', () => {
  it('created the super-admin with an argon2id hash of ADMIN_PASSWORD', async () => {
    const { rows } = await server.platform.db.query<{ email: string; role: string; password_hash: string }>(
      'SELECT email, role, password_hash FROM rm_users WHERE user_id = $1',
      [superAdminUserId],
    );
    expect(rows[0]).toMatchObject({ email: 'admin@localhost.localdomain', role: 'super-admin' });
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0]!.password_hash, 'Test-Passw0rd!')).toBe(true);
  });
});

describe('[PLATFORM]: projection status for super-admins', () => {
  it('refuses anonymous callers and other roles', async () => {
    expect((await api().call(projectionOperations.list, {})).status).toBe(401);
    const asOperator = await api(await token('operator')).call(projectionOperations.list, {});
    expect(asOperator.status).toBe(403);
    expect(asOperator.body.code).toBe('forbidden');
    const forged = await api('not.a.jwt').call(projectionOperations.list, {});
    expect(forged.status).toBe(401);
  });

  it('lists every projection with its checkpoint', async () => {
    const response = await api(await token('super-admin')).call(projectionOperations.list, {});
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.items.map((item) => item.name)).toEqual(allProjections.map((p) => p.name).sort());
    expect(body.items.every((item) => item.status === 'running' && item.position)).toBe(true);
  });

  it('rebuilds a projection on request and keeps its rows', async () => {
    const superAdmin = api(await token('super-admin'));
    const before = await server.platform.db.query('SELECT * FROM rm_users ORDER BY user_id');
    const response = await superAdmin.call(projectionOperations.rebuild, { params: { name: 'user-directory' } });
    expect(response.status).toBe(202);
    server.projections.wake();
    await expect
      .poll(async () => (await readStatuses(server.platform.db)).find((s) => s.name === 'user-directory'), {
        timeout: 10_000,
      })
      .toMatchObject({ status: 'running', rebuildRequestedAt: null });
    const after = await server.platform.db.query('SELECT * FROM rm_users ORDER BY user_id');
    expect(after.rows).toEqual(before.rows);
  });

  it('answers 404 for an unknown projection and 409 when resuming a running one', async () => {
    const superAdmin = api(await token('super-admin'));
    expect((await superAdmin.call(projectionOperations.rebuild, { params: { name: 'nope' } })).status).toBe(404);
    const resume = await superAdmin.call(projectionOperations.resume, { params: { name: 'organization-list' } });
    expect(resume.status).toBe(409);
    expect(resume.body.code).toBe('projection_not_stopped');
  });
});

describe('[PLATFORM]: OpenAPI document', () => {
  // The document is asserted path by path; a loose type keeps those assertions readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const openApi = async (): Promise<any> => (await api().call(openApiOperations.document, {})).body;

  it('documents every route the API serves', async () => {
    const document = await openApi();
    for (const documented of [
      '/healthz',
      '/readyz',
      '/openapi.json',
      '/v1/admin/projections',
      '/v1/admin/projections/{name}/rebuild',
      '/v1/admin/projections/{name}/resume',
    ]) {
      expect(document.paths).toHaveProperty([documented]);
    }
    for (const route of apiRoutes([])) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(document.paths[path], `${route.method} ${route.path}`).toHaveProperty([route.method.toLowerCase()]);
    }
    expect(document.components.schemas.Error.required).toEqual(['code', 'message']);
  });

  it('documents the redirect lookup as public and the settings routes as open to a token or an API key', async () => {
    const document = await openApi();
    const { paths } = document;
    const resolve = paths['/v1/redirects/resolve'].get;
    expect(resolve.security).toBeUndefined();
    expect(resolve.parameters).toContainEqual(expect.objectContaining({ name: 'path', in: 'query', required: true }));
    for (const [path, method] of [
      ['/v1/redirects', 'get'],
      ['/v1/redirects', 'put'],
      ['/v1/redirects', 'delete'],
      ['/v1/environment_variables', 'get'],
      ['/v1/environment_variables/{name}', 'put'],
      ['/v1/environment_variables/{name}', 'delete'],
    ] as const) {
      expect(paths[path][method].security, `${method} ${path}`).toEqual([{ bearer: [] }, { apiKey: [] }]);
      expect(paths[path][method]['x-permissions'], `${method} ${path}`).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(super-admin|environment-variables)-/)]),
      );
    }
    // What acts on the person themselves takes a person's token only.
    expect(paths['/v1/me'].get.security).toEqual([{ bearer: [] }]);
    expect(paths['/v1/me'].get['x-permissions']).toBeUndefined();
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(paths['/v1/redirects'].delete.parameters).toContainEqual(
      expect.objectContaining({ name: 'source_path', in: 'query', required: true }),
    );
    expect(paths['/v1/environment_variables/{name}'].put.parameters).toContainEqual(
      expect.objectContaining({ name: 'name', in: 'path', required: true }),
    );
  });
});

describe('[PLATFORM]: gateway handshake', () => {
  const open = (options: { origin?: string; token?: string }) =>
    new Promise<{ socket: Socket; welcome?: unknown; error?: { message: string; data?: { code: string } } }>(
      (resolve) => {
        const socket = connect(server.url, {
          transports: ['websocket'],
          reconnection: false,
          auth: options.token ? { token: options.token } : {},
          ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
        });
        socket.on('gateway.welcome', (welcome) => resolve({ socket, welcome }));
        socket.on('connect_error', (error) => resolve({ socket, error: error as never }));
      },
    );

  it('accepts an allowed origin with a valid bearer token', async () => {
    const { socket, welcome } = await open({ origin: 'http://app.test', token: await token('user') });
    expect(welcome).toMatchObject({ protocolVersion: 1, role: 'user' });
    const pong = await socket.emitWithAck('gateway.ping');
    expect(pong.at).toMatch(/^\d{4}-/);
    socket.close();
  });

  it('refuses a connection without a valid token', async () => {
    const { socket, error } = await open({ origin: 'http://app.test', token: 'forged' });
    expect(error?.data?.code).toBe('unauthorized');
    socket.close();
  });

  it('refuses a browser origin that is not allowed', async () => {
    const { socket, error, welcome } = await open({ origin: 'http://evil.test', token: await token('user') });
    expect(welcome).toBeUndefined();
    expect(error).toBeDefined();
    socket.close();
  });
});
