import { signInAs, startTestServer, type TestServer } from '@ai-coaching/api/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Answer = { status: number; body: Record<string, unknown> & { code?: string; details?: { field?: string } } };

let server: TestServer;
const tokens: Record<string, string> = {};

const call = async (method: string, path: string, role: string | null, body?: unknown): Promise<Answer> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
};

beforeAll(async () => {
  server = await startTestServer();
  for (const role of ['super-admin', 'operator', 'editor', 'user'] as const) {
    tokens[role] = (await signInAs(server, { role })).token;
  }
}, 120_000);
afterAll(() => server?.close());

describe('[SETTINGS]: server-defined redirects', () => {
  it('resolves a path for anyone, signed in or not, and null when there is none', async () => {
    expect((await call('PUT', '/v1/redirects', 'super-admin', { source_path: '/old', target: '/new' })).status).toBe(
      200,
    );
    const hit = await fetch(`${server.url}/v1/redirects/resolve?path=%2Fold`);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await hit.json()).toEqual({ target: '/new' });
    expect((await call('GET', '/v1/redirects/resolve?path=/elsewhere', null)).body).toEqual({ target: null });
    expect((await call('GET', '/v1/redirects/resolve?path=no-slash', null)).status).toBe(400);
  });

  it('upserts, lists by source path and deletes', async () => {
    await call('PUT', '/v1/redirects', 'super-admin', { source_path: '/b/page', target: 'https://docs.example.org/b' });
    await call('PUT', '/v1/redirects', 'super-admin', { source_path: '/a/page', target: '/x' });
    const changed = await call('PUT', '/v1/redirects', 'super-admin', { source_path: '/a/page', target: '/y' });
    expect(changed.body).toMatchObject({ source_path: '/a/page', target: '/y' });
    const list = await call('GET', '/v1/redirects', 'super-admin');
    const sources = (list.body['items'] as { source_path: string }[]).map((item) => item.source_path);
    expect(sources).toEqual([...sources].sort());
    expect(sources).toEqual(expect.arrayContaining(['/a/page', '/b/page']));

    expect((await call('DELETE', '/v1/redirects?source_path=%2Fa%2Fpage', 'super-admin')).status).toBe(204);
    const again = await call('DELETE', '/v1/redirects?source_path=%2Fa%2Fpage', 'super-admin');
    expect(again).toMatchObject({ status: 404, body: { code: 'redirect_not_found' } });
  });

  it.each([
    ['/', '/x', 'redirect_source_invalid', 'source_path'],
    ['/a?b=1', '/x', 'redirect_source_invalid', 'source_path'],
    ['/v1/me', '/x', 'redirect_source_invalid', 'source_path'],
    ['relative', '/x', 'redirect_source_invalid', 'source_path'],
    ['/loop', '/loop', 'redirect_loop', 'target'],
    ['/ok', 'javascript:alert(1)', 'redirect_target_invalid', 'target'],
    ['/ok', 'data:text/html,hi', 'redirect_target_invalid', 'target'],
    ['/ok', '//evil.example/x', 'redirect_target_invalid', 'target'],
    ['/ok', 'not a url', 'redirect_target_invalid', 'target'],
  ])('refuses %j → %j with %s on %s, writing nothing', async (source, target, code, field) => {
    const answer = await call('PUT', '/v1/redirects', 'super-admin', { source_path: source, target });
    expect(answer).toMatchObject({ status: 400, body: { code, details: { field } } });
    if (source.startsWith('/')) {
      expect((await call('GET', `/v1/redirects/resolve?path=${encodeURIComponent(source)}`, null)).body).toEqual({
        target: null,
      });
    }
  });

  it.each(['operator', 'editor', 'user'])('refuses %s managing redirects', async (role) => {
    expect((await call('GET', '/v1/redirects', role)).status).toBe(403);
    expect((await call('PUT', '/v1/redirects', role, { source_path: '/z', target: '/y' })).status).toBe(403);
    expect((await call('DELETE', '/v1/redirects?source_path=/old', role)).status).toBe(403);
  });
});

describe('[SETTINGS]: environment variables', () => {
  it('lists the server configuration read-only, without credentials', async () => {
    const list = await call('GET', '/v1/environment_variables', 'super-admin');
    const items = list.body['items'] as { name: string; source: string; value: string | null }[];
    const names = items.filter((item) => item.source === 'environment').map((item) => item.name);
    expect(names).toEqual(expect.arrayContaining(['PUBLIC_URL', 'EVENT_STORE', 'JOBS', 'MAIL']));
    for (const secret of ['DATABASE_URL', 'AUTH_SECRET', 'SMTP_URL', 'REDIS_URL', 'ADMIN_PASSWORD']) {
      expect(names).not.toContain(secret);
    }
    const readOnly = await call('PUT', '/v1/environment_variables/PUBLIC_URL', 'super-admin', { value: 'x' });
    expect(readOnly).toMatchObject({ status: 409, body: { code: 'environment_variable_read_only' } });
    expect((await call('DELETE', '/v1/environment_variables/JOBS', 'super-admin')).status).toBe(409);
  });

  it('creates, changes and deletes a variable', async () => {
    const created = await call('PUT', '/v1/environment_variables/SUPPORT_EMAIL', 'super-admin', {
      value: 'help@example.com',
      description: 'Shown on the contact page',
    });
    expect(created).toMatchObject({
      status: 200,
      body: { name: 'SUPPORT_EMAIL', value: 'help@example.com', is_secret: false, source: 'api' },
    });
    await call('PUT', '/v1/environment_variables/SUPPORT_EMAIL', 'super-admin', { value: 'desk@example.com' });
    const list = await call('GET', '/v1/environment_variables', 'super-admin');
    expect(list.body['items']).toContainEqual(
      expect.objectContaining({ name: 'SUPPORT_EMAIL', value: 'desk@example.com' }),
    );
    expect((await call('DELETE', '/v1/environment_variables/SUPPORT_EMAIL', 'super-admin')).status).toBe(204);
    expect(await call('DELETE', '/v1/environment_variables/SUPPORT_EMAIL', 'super-admin')).toMatchObject({
      status: 404,
      body: { code: 'environment_variable_not_found' },
    });
  });

  it('stores secret values encrypted and never returns them', async () => {
    const plaintext = 'sk-live-very-secret-value';
    const created = await call('PUT', '/v1/environment_variables/PAYMENT_KEY', 'super-admin', {
      value: plaintext,
      is_secret: true,
    });
    expect(created.body).toMatchObject({ value: null, is_secret: true });
    const { rows } = await server.platform.db.query<{ value: string }>(
      "SELECT value FROM environment_variables WHERE name = 'PAYMENT_KEY'",
    );
    expect(rows[0]!.value).not.toContain(plaintext);
    const list = await call('GET', '/v1/environment_variables', 'super-admin');
    expect(JSON.stringify(list.body)).not.toContain(plaintext);
  });

  it('refuses a malformed name or value', async () => {
    expect((await call('PUT', '/v1/environment_variables/lower_case', 'super-admin', { value: 'x' })).status).toBe(400);
    expect(
      (await call('PUT', '/v1/environment_variables/TOO_LONG', 'super-admin', { value: 'x'.repeat(4097) })).status,
    ).toBe(400);
  });

  it.each(['operator', 'editor', 'user'])('refuses %s', async (role) => {
    expect((await call('GET', '/v1/environment_variables', role)).status).toBe(403);
    expect((await call('PUT', '/v1/environment_variables/ANY', role, { value: 'x' })).status).toBe(403);
  });
});
