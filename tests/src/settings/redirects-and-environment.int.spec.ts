import { apiClient, describeApi, signInAs } from '@ai-coaching/api/testing';
import {
  environmentVariableOperations as variables,
  redirectOperations as redirects,
  type Redirect,
} from '@ai-coaching/contracts';
import { readEnvironmentVariable, secretEncryptionKeys } from '@ai-coaching/platform';
import { beforeAll, describe, expect, it } from 'vitest';

const ROLES = ['super-admin', 'operator', 'editor', 'user'] as const;
type Role = (typeof ROLES)[number];
const PUBLIC_URL = 'http://app.test';
const SERVER_ENTRIES = [
  'NODE_ENV',
  'PUBLIC_URL',
  'PORT',
  'DATA_DIR',
  'MAIL_FROM',
  'LOG_LEVEL',
  'EVENT_STORE',
  'READ_MODELS',
  'JOBS',
  'REALTIME',
  'MAIL',
  'AI_ALLOW_PRIVATE_NETWORK',
  'AI_CALL_TIMEOUT_MS',
];

const logLines: string[] = [];

await describeApi(
  '[SETTINGS]: redirects and environment variables',
  (context) => {
    const tokens = new Map<Role, string>();

    /** The API as a caller of this role, or without a token. */
    const as = (role: Role | null) => apiClient(context.server, role ? tokens.get(role) : undefined);
    const resolveAnswer = (path: string, role: Role | null = null) =>
      as(role).call(redirects.resolve, { query: { path } });
    const resolve = async (path: string) => (await resolveAnswer(path)).body.target;
    const putRedirect = (source_path: string, target: string, role: Role | null = 'super-admin') =>
      as(role).call(redirects.save, { body: { source_path, target } });
    const deleteRedirect = (source_path: string, role: Role | null = 'super-admin') =>
      as(role).call(redirects.remove, { query: { source_path } });
    const listVariables = async () => (await as('super-admin').call(variables.list, {})).body.items;
    const putVariable = (
      name: string,
      body: { value: string; is_secret?: boolean; description?: string },
      role: Role | null = 'super-admin',
    ) => as(role).call(variables.save, { params: { name }, body });
    const deleteVariable = (name: string, role: Role | null = 'super-admin') =>
      as(role).call(variables.remove, { params: { name } });
    const rawRow = async (name: string) =>
      (
        await context.server.platform.db.query<{ value: string; is_secret: boolean; description: string }>(
          'SELECT value, is_secret, description FROM environment_variables WHERE name = $1',
          [name],
        )
      ).rows[0];

    beforeAll(async () => {
      for (const role of ROLES) tokens.set(role, (await signInAs(context.server, { role })).token);
    }, 120_000);

    describe('server-defined redirects', () => {
      it('resolves a path for anyone, signed in or not: the target, or null; cacheable for a minute', async () => {
        expect((await putRedirect('/old', '/new')).status).toBe(200);
        const hit = await resolveAnswer('/old');
        expect(hit).toMatchObject({ status: 200, body: { target: '/new' } });
        expect(hit.headers.get('cache-control')).toBe('public, max-age=60');
        expect((await resolveAnswer('/old', 'user')).body).toEqual({ target: '/new' });

        const miss = await resolveAnswer('/elsewhere');
        expect(miss).toMatchObject({ status: 200, body: { target: null } });
        expect(miss.headers.get('cache-control')).toBe('public, max-age=60');
      });

      it('answers an internal target as a path and an external one as the absolute address', async () => {
        await putRedirect('/docs', 'https://docs.example.org/guide?from=app#top');
        await putRedirect('/home-old', '/dashboard?tab=credits');
        expect(await resolve('/docs')).toBe('https://docs.example.org/guide?from=app#top');
        expect(await resolve('/home-old')).toBe('/dashboard?tab=credits');
      });

      it('matches the path as the browser sends it (percent-encoded, dot segments resolved)', async () => {
        const created = await putRedirect('/café/./menu', '/menu');
        expect(created.body).toMatchObject({ source_path: '/caf%C3%A9/menu' });
        expect(await resolve('/caf%C3%A9/menu')).toBe('/menu');
        expect(await resolve('/café/menu')).toBe('/menu');
        expect((await deleteRedirect('/café/menu')).status).toBe(204);
      });

      it.each([
        ['no-slash', 'not starting with /'],
        [`/${'a'.repeat(2048)}`, 'longer than 2048 characters'],
        ['', 'empty'],
      ])('refuses to resolve %s (%s) with the standard error shape', async (path) => {
        const answer = await resolveAnswer(path);
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
      });

      it('refuses to resolve without a path', async () => {
        expect(await as(null).send('GET', '/v1/redirects/resolve')).toMatchObject({
          status: 400,
          body: { code: 'invalid_request' },
        });
      });

      it('upserts (keeping the creation time), lists by source path and deletes', async () => {
        const first = await putRedirect('/b/page', 'https://docs.example.org/b');
        expect(first).toMatchObject({
          status: 200,
          body: { source_path: '/b/page', target: 'https://docs.example.org/b' },
        });
        await putRedirect('/a/page', '/x');
        await putRedirect('/a-page', '/x');
        const changed = await putRedirect('/b/page', '/y');
        const redirect: Redirect = changed.body;
        expect(redirect).toEqual({
          source_path: '/b/page',
          target: '/y',
          created_at: first.body.created_at,
          updated_at: expect.any(String),
        });
        expect(await resolve('/b/page')).toBe('/y');

        const list = await as('super-admin').call(redirects.list, {});
        expect(list.status).toBe(200);
        const items = list.body.items;
        expect(list.body.total).toBe(items.length);
        const sources = items.map((item) => item.source_path);
        expect(sources).toEqual([...sources].sort());
        expect(sources).toEqual(expect.arrayContaining(['/a/page', '/a-page', '/b/page']));
        expect(items.find((item) => item.source_path === '/b/page')).toEqual(redirect);

        expect((await deleteRedirect('/a/page')).status).toBe(204);
        expect(await resolve('/a/page')).toBeNull();
        expect(await deleteRedirect('/a/page')).toMatchObject({
          status: 404,
          body: { code: 'redirect_not_found' },
        });
        expect(await as('super-admin').send('DELETE', '/v1/redirects')).toMatchObject({
          status: 400,
          body: { code: 'invalid_request' },
        });
      });

      it.each([
        ['/', '/x', 'redirect_source_invalid', 'source_path'],
        ['/a?b=1', '/x', 'redirect_source_invalid', 'source_path'],
        ['/a#b', '/x', 'redirect_source_invalid', 'source_path'],
        ['/a b', '/x', 'redirect_source_invalid', 'source_path'],
        ['/a\\b', '/x', 'redirect_source_invalid', 'source_path'],
        ['/v1/me', '/x', 'redirect_source_invalid', 'source_path'],
        ['/v1', '/x', 'redirect_source_invalid', 'source_path'],
        ['/V1/me', '/x', 'redirect_source_invalid', 'source_path'],
        ['/api/x', '/x', 'redirect_source_invalid', 'source_path'],
        ['/x/../v1/me', '/x', 'redirect_source_invalid', 'source_path'],
        ['relative', '/x', 'redirect_source_invalid', 'source_path'],
        ['', '/x', 'redirect_source_invalid', 'source_path'],
        [`/${'a'.repeat(2048)}`, '/x', 'redirect_source_invalid', 'source_path'],
        ['/ok', '', 'redirect_target_invalid', 'target'],
        ['/ok', 'javascript:alert(1)', 'redirect_target_invalid', 'target'],
        ['/ok', 'JavaScript:alert(1)', 'redirect_target_invalid', 'target'],
        ['/ok', ' javascript:alert(1)', 'redirect_target_invalid', 'target'],
        ['/ok', 'data:text/html,hi', 'redirect_target_invalid', 'target'],
        ['/ok', 'vbscript:msgbox(1)', 'redirect_target_invalid', 'target'],
        ['/ok', 'ftp://files.example.org/a', 'redirect_target_invalid', 'target'],
        ['/ok', 'mailto:help@example.org', 'redirect_target_invalid', 'target'],
        ['/ok', 'https:evil.example', 'redirect_target_invalid', 'target'],
        ['/ok', 'https://', 'redirect_target_invalid', 'target'],
        ['/ok', '//evil.example/x', 'redirect_target_invalid', 'target'],
        ['/ok', '/\\evil.example', 'redirect_target_invalid', 'target'],
        ['/ok', '/\tevil', 'redirect_target_invalid', 'target'],
        ['/ok', 'not a url', 'redirect_target_invalid', 'target'],
        ['/ok', 'relative/path', 'redirect_target_invalid', 'target'],
        ['/ok', `/${'a'.repeat(2048)}`, 'redirect_target_invalid', 'target'],
        ['/loop', '/loop', 'redirect_loop', 'target'],
        ['/loop', '/loop?x=1#y', 'redirect_loop', 'target'],
        ['/loop', '/./loop', 'redirect_loop', 'target'],
        ['/loop', `${PUBLIC_URL}/loop`, 'redirect_loop', 'target'],
      ])('refuses %j → %j with %s on %s, writing nothing', async (source, target, code, field) => {
        const answer = await putRedirect(source, target);
        expect(answer).toMatchObject({
          status: 400,
          body: {
            code,
            message: expect.any(String),
            details: { issues: [expect.objectContaining({ path: field })] },
          },
        });
        if (source.startsWith('/') && source.length <= 2048) expect(await resolve(source)).toBeNull();
      });

      it('refuses a redirect that comes back to its source through other redirects', async () => {
        expect((await putRedirect('/c1', '/c2')).status).toBe(200);
        expect((await putRedirect('/c2', `${PUBLIC_URL}/c3?via=absolute`)).status).toBe(200);
        const loop = await putRedirect('/c3', '/c1');
        expect(loop).toMatchObject({
          status: 400,
          body: { code: 'redirect_loop', details: { issues: [expect.objectContaining({ path: 'target' })] } },
        });
        expect(await resolve('/c3')).toBeNull();
        // The same target on another origin leaves the app: no loop.
        expect((await putRedirect('/c3', 'https://elsewhere.example/c1')).status).toBe(200);
        // Changing an existing redirect is checked too.
        expect(await putRedirect('/c2', '/c1')).toMatchObject({ status: 400, body: { code: 'redirect_loop' } });
        expect(await resolve('/c2')).toBe(`${PUBLIC_URL}/c3?via=absolute`);
      });

      it('refuses a redirect starting a chain of more than 10 redirects', async () => {
        for (let hop = 1; hop <= 9; hop += 1) expect((await putRedirect(`/h${hop}`, `/h${hop + 1}`)).status).toBe(200);
        expect((await putRedirect('/h0', '/h1')).status).toBe(200);
        const tooLong = await putRedirect('/hx', '/h0');
        expect(tooLong).toMatchObject({
          status: 400,
          body: { code: 'redirect_loop', details: { issues: [expect.objectContaining({ path: 'target' })] } },
        });
        expect(await resolve('/hx')).toBeNull();
      });

      it('refuses a body without its fields', async () => {
        expect(await as('super-admin').send('PUT', '/v1/redirects', { body: { source_path: '/x' } })).toMatchObject({
          status: 400,
          body: { code: 'invalid_request' },
        });
      });

      it.each(['operator', 'editor', 'user'] as const)('refuses %s managing redirects (403)', async (role) => {
        expect((await as(role).call(redirects.list, {})).status).toBe(403);
        const put = await putRedirect('/z', '/y', role);
        expect(put).toMatchObject({ status: 403, body: { code: 'forbidden' } });
        expect((await deleteRedirect('/old', role)).status).toBe(403);
        expect(await resolve('/z')).toBeNull();
        expect(await resolve('/old')).toBe('/new');
      });

      it('refuses managing redirects without a token (401)', async () => {
        expect((await as(null).call(redirects.list, {})).status).toBe(401);
        expect((await putRedirect('/z', '/y', null)).status).toBe(401);
        expect((await deleteRedirect('/old', null)).status).toBe(401);
      });
    });

    describe('environment variables', () => {
      it('lists the allow-listed server configuration read-only, without credentials', async () => {
        const items = await listVariables();
        const own = items.filter((item) => item.source === 'environment');
        expect(own.map((item) => item.name).sort()).toEqual([...SERVER_ENTRIES].sort());
        for (const item of own) {
          expect(item).toMatchObject({ is_secret: false, value: expect.any(String), updated_at: null });
        }
        expect(own.find((item) => item.name === 'PUBLIC_URL')?.value).toBe(PUBLIC_URL);
        expect(own.find((item) => item.name === 'EVENT_STORE')?.value).toBe(
          context.engine === 'postgres' ? 'postgres' : 'pglite',
        );
        const names = items.map((item) => item.name);
        expect(names).toEqual([...names].sort());
        const text = JSON.stringify(items);
        for (const hidden of [
          'DATABASE_URL',
          'EVENTSTORE_URL',
          'REDIS_URL',
          'SMTP_URL',
          'AUTH_SECRET',
          'ADMIN_PASSWORD',
          'SSO_REALMS',
        ]) {
          expect(names).not.toContain(hidden);
        }
        const { DATABASE_URL, ADMIN_PASSWORD } = context.server.platform.config;
        if (DATABASE_URL) expect(text).not.toContain(DATABASE_URL);
        if (ADMIN_PASSWORD) expect(text).not.toContain(ADMIN_PASSWORD);
        expect(text).not.toMatch(/:\/\/[^/\s"]*@/);
      });

      it.each([
        ['PUT', 'PUBLIC_URL'],
        ['PUT', 'DATA_DIR'],
        ['DELETE', 'JOBS'],
        ['DELETE', 'PORT'],
      ])('refuses %s of the read-only %s (409)', async (method, name) => {
        const answer = method === 'PUT' ? await putVariable(name, { value: 'x' }) : await deleteVariable(name);
        expect(answer).toMatchObject({
          status: 409,
          body: {
            code: 'environment_variable_read_only',
            details: { issues: [expect.objectContaining({ path: 'name' })] },
          },
        });
        expect(await rawRow(name)).toBeUndefined();
      });

      it('creates, changes and deletes a variable', async () => {
        const created = await putVariable('SUPPORT_EMAIL', {
          value: 'help@example.com',
          description: 'Shown on the contact page',
        });
        expect(created).toMatchObject({ status: 200 });
        expect(created.body).toEqual({
          name: 'SUPPORT_EMAIL',
          value: 'help@example.com',
          is_secret: false,
          description: 'Shown on the contact page',
          source: 'api',
          updated_at: expect.any(String),
        });
        // Left out, the description stays.
        await putVariable('SUPPORT_EMAIL', { value: 'desk@example.com' });
        expect(await listVariables()).toContainEqual(
          expect.objectContaining({
            name: 'SUPPORT_EMAIL',
            value: 'desk@example.com',
            description: 'Shown on the contact page',
            source: 'api',
          }),
        );
        const cleared = await putVariable('SUPPORT_EMAIL', { value: 'desk@example.com', description: '' });
        expect(cleared.body).toMatchObject({ description: '' });

        expect((await deleteVariable('SUPPORT_EMAIL')).status).toBe(204);
        expect((await listVariables()).map((item) => item.name)).not.toContain('SUPPORT_EMAIL');
        expect(await deleteVariable('SUPPORT_EMAIL')).toMatchObject({
          status: 404,
          body: { code: 'environment_variable_not_found' },
        });
      });

      it('stores a secret value encrypted, bound to its name, and never returns or logs it', async () => {
        const plaintext = 'sk-live-very-secret-value';
        const created = await putVariable('PAYMENT_KEY', {
          value: plaintext,
          is_secret: true,
          description: 'Payment provider key',
        });
        expect(created).toMatchObject({
          status: 200,
          body: { name: 'PAYMENT_KEY', value: null, is_secret: true, source: 'api' },
        });
        const row = await rawRow('PAYMENT_KEY');
        expect(row?.is_secret).toBe(true);
        expect(row?.value).toMatch(/^v1\./);
        expect(row?.value).not.toContain(plaintext);
        expect(row?.value).not.toContain(Buffer.from(plaintext).toString('base64url'));
        const list = await as('super-admin').call(variables.list, {});
        expect(list.body.items).toContainEqual(
          expect.objectContaining({ name: 'PAYMENT_KEY', value: null, is_secret: true }),
        );
        expect(JSON.stringify(list.body)).not.toContain(plaintext);

        // The server reads it back; copied into another row, it does not decrypt.
        const deps = { db: context.server.platform.db, keys: await secretEncryptionKeys(context.server.platform) };
        expect(await readEnvironmentVariable(deps, 'PAYMENT_KEY')).toBe(plaintext);
        await context.server.platform.db.query(
          `INSERT INTO environment_variables (name, value, is_secret) VALUES ('STOLEN_KEY', $1, true)`,
          [row!.value],
        );
        await expect(readEnvironmentVariable(deps, 'STOLEN_KEY')).rejects.toThrow(/does not decrypt/);
        expect((await deleteVariable('STOLEN_KEY')).status).toBe(204);

        // A new value written without the flag stays secret.
        const rotated = 'sk-live-rotated-secret-value';
        const changed = await putVariable('PAYMENT_KEY', { value: rotated });
        expect(changed.body).toMatchObject({ value: null, is_secret: true, description: 'Payment provider key' });
        expect((await rawRow('PAYMENT_KEY'))?.value).not.toContain(rotated);
        expect(await readEnvironmentVariable(deps, 'PAYMENT_KEY')).toBe(rotated);

        // Made plain explicitly, the value is stored and shown as written.
        const plain = await putVariable('PAYMENT_KEY', { value: 'public-id', is_secret: false });
        expect(plain.body).toMatchObject({ value: 'public-id', is_secret: false });
        expect(await rawRow('PAYMENT_KEY')).toMatchObject({ value: 'public-id', is_secret: false });

        const logs = logLines.join('');
        expect(logs).toContain('/v1/environment_variables/:name');
        expect(logs).not.toContain(plaintext);
        expect(logs).not.toContain(rotated);
      });

      it.each(['lower_case', '1ABC', '_ABC', 'A-B', `A${'B'.repeat(64)}`])(
        'refuses the name %s with environment_variable_name_invalid',
        async (name) => {
          const put = await putVariable(name, { value: 'x' });
          expect(put).toMatchObject({
            status: 400,
            body: {
              code: 'environment_variable_name_invalid',
              details: { issues: [expect.objectContaining({ path: 'name' })] },
            },
          });
          const removed = await deleteVariable(name);
          expect(removed).toMatchObject({ status: 400, body: { code: 'environment_variable_name_invalid' } });
        },
      );

      it('accepts a name of 64 characters and values up to their limits', async () => {
        const name = `A${'B'.repeat(63)}`;
        const answer = await putVariable(name, { value: 'x'.repeat(4096), description: 'd'.repeat(500) });
        expect(answer.status).toBe(200);
        expect((await deleteVariable(name)).status).toBe(204);
      });

      it.each([
        [{ value: 'x'.repeat(4097) }, 'value'],
        [{ value: 'x', description: 'd'.repeat(501) }, 'description'],
        [{}, 'value'],
        [{ value: 42 }, 'value'],
        [{ value: 'x', is_secret: 'yes' }, 'is_secret'],
      ])('refuses the body %# (%s) with invalid_request, writing nothing', async (body, field) => {
        const answer = await as('super-admin').send('PUT', '/v1/environment_variables/TOO_MUCH', { body });
        expect(answer).toMatchObject({ status: 400, body: { code: 'invalid_request' } });
        expect(JSON.stringify(answer.body)).toContain(field);
        expect(await rawRow('TOO_MUCH')).toBeUndefined();
      });

      it.each(['operator', 'editor', 'user'] as const)('refuses %s (403)', async (role) => {
        await putVariable('GUARDED', { value: 'kept' });
        expect((await as(role).call(variables.list, {})).status).toBe(403);
        expect((await putVariable('GUARDED', { value: 'x' }, role)).status).toBe(403);
        expect((await deleteVariable('GUARDED', role)).status).toBe(403);
        expect(await rawRow('GUARDED')).toMatchObject({ value: 'kept' });
      });

      it('refuses callers without a token (401)', async () => {
        expect((await as(null).call(variables.list, {})).status).toBe(401);
        expect((await putVariable('ANY', { value: 'x' }, null)).status).toBe(401);
        expect((await deleteVariable('ANY', null)).status).toBe(401);
      });
    });
  },
  {
    env: async () => {
      // Everything the server logs, at the most verbose level, to check that no secret value is in it.
      return { PUBLIC_URL, LOG_LEVEL: 'trace' };
    },
    server: { logDestination: { write: (line) => void logLines.push(line) } },
  },
);
