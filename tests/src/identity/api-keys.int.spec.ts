import { describeApi, type ApiTestContext } from '@ai-coaching/api/testing';
import { apiKeyOperations, userGroupOperations, userOperations } from '@ai-coaching/contracts';
import { apiKeyStreamId } from '@ai-coaching/domain';
import { expect, it } from 'vitest';

/** Everything the servers of this file logged, to prove that no key is ever written to a log. */
const logged: string[] = [];
const keysMade: string[] = [];
/** Requests a key may make a minute in this file: more than any other test here makes with one key. */
const KEY_LIMIT = 12;

const makeKey = async (
  context: ApiTestContext,
  token: string,
  body: { name: string; permissions: string[]; expires_at?: string },
) => {
  const answer = await context
    .api(token)
    .send<{ id: string; key: string; prefix: string; status: string }>('POST', '/v1/api_keys', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  keysMade.push(answer.body.key);
  return answer.body;
};

await describeApi(
  '[API-KEYS]: organization API keys',
  (context) => {
    it('shows a key once, keeps only its prefix and hash, and never writes it to an event or a log line', async () => {
      const { operator } = await context.tenant();
      const created = await context
        .api(operator.token)
        .call(apiKeyOperations.create, { body: { name: 'Warehouse', permissions: ['user-group-list', 'user-list'] } });
      expect(created.status).toBe(201);
      const { key, prefix, id } = created.body;
      keysMade.push(key);
      expect(key).toMatch(/^aic_[A-Za-z0-9_-]{43}$/);
      expect(key.startsWith(prefix)).toBe(true);
      expect(created.body).toMatchObject({ status: 'active', permissions: ['user-group-list', 'user-list'] });

      const read = await context.api(operator.token).call(apiKeyOperations.read, { params: { id } });
      expect(read.body).not.toHaveProperty('key');
      expect(JSON.stringify(read.body)).not.toContain(key.slice(prefix.length));
      const listed = await context.api(operator.token).call(apiKeyOperations.list, { query: {} });
      expect(listed.body.items.map((item) => item.id)).toEqual([id]);
      expect(JSON.stringify(listed.body)).not.toContain(key.slice(prefix.length));

      const events = await context.server.platform.store.readStream(apiKeyStreamId(id));
      expect(events.map((event) => event.type)).toEqual(['ApiKeyCreated']);
      expect(JSON.stringify(events.map((event) => event.data))).not.toContain(key.slice(prefix.length));
    });

    it('reads and acts within its permissions and its organization only, and never as a person', async () => {
      const own = await context.tenant();
      const other = await context.tenant();
      const otherGroup = await context.api(other.operator.token).call(userGroupOperations.create, {
        body: { name: 'Theirs', organization_id: other.organizationId },
      });
      const { key } = await makeKey(context, own.operator.token, {
        name: 'Groups',
        permissions: ['user-group-list', 'user-group-read', 'user-group-create'],
      });
      const asKey = context.api(key);

      const made = await asKey.call(userGroupOperations.create, {
        body: { name: 'Made by a key', organization_id: own.organizationId },
      });
      expect(made.status).toBe(201);
      const listed = await asKey.call(userGroupOperations.list, { query: { page_size: 48 } });
      expect(listed.body.items.map((group) => group.name)).toEqual(['Made by a key']);
      // Another organization's data answers as missing, whether read or written.
      expect((await asKey.send('GET', `/v1/user_groups/${otherGroup.body.id}`)).status).toBe(404);
      expect(
        (await asKey.send('GET', '/v1/user_groups', { query: { organization_id: other.organizationId } })).status,
      ).toBe(404);
      const intoOther = await asKey.send('POST', '/v1/user_groups', {
        body: { name: 'Smuggled', organization_id: other.organizationId },
      });
      expect(intoOther.status).toBe(404);
      // A permission the key does not hold, though its creator does.
      const refused = await asKey.send('PATCH', `/v1/user_groups/${made.body.id}`, { body: { name: 'Renamed' } });
      expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
      // What acts on the person themselves is never a key's.
      const me = await asKey.send('GET', '/v1/me');
      expect([me.status, me.body.code]).toEqual([403, 'api_key_not_allowed']);
      expect((await asKey.send('GET', '/v1/api_keys')).status).toBe(403);
    });

    it('holds only what its creator holds, and never the management of keys', async () => {
      const { operator, editor } = await context.tenant({
        members: { operator: { role: 'operator' }, editor: { role: 'editor' } },
      });
      const beyond = await context.api(operator.token).send('POST', '/v1/api_keys', {
        body: { name: 'Too much', permissions: ['user-list', 'organization-create', 'api-key-create'] },
      });
      expect(beyond.status).toBe(400);
      expect(beyond.body).toMatchObject({
        code: 'api_key_permission_not_held',
        details: {
          permissions: ['api-key-create', 'organization-create'],
          issues: [{ path: 'permissions', message: expect.stringContaining('api-key-create, organization-create') }],
        },
      });
      const french = await context.api(operator.token).send('POST', '/v1/api_keys', {
        body: { name: 'Trop', permissions: ['organization-create'] },
        headers: { 'accept-language': 'fr-FR' },
      });
      expect(french.body.message).toBe(
        'Une clé ne peut détenir que des permissions que vous détenez vous-même, et jamais gérer des clés\u00a0: organization-create.',
      );
      const byEditor = await context.api(editor.token).send('POST', '/v1/api_keys', {
        body: { name: 'Mine', permissions: ['coaching-scenario-list'] },
      });
      expect(byEditor.status).toBe(403);
    });

    it('is refused at once once revoked, and answers 404 to another organization’s operator', async () => {
      const own = await context.tenant();
      const other = await context.tenant();
      const { key, id } = await makeKey(context, own.operator.token, {
        name: 'Short-lived',
        permissions: ['user-list'],
      });
      const asKey = context.api(key);
      expect((await asKey.call(userOperations.list, { query: {} })).status).toBe(200);

      for (const [method, path] of [
        ['GET', `/v1/api_keys/${id}`],
        ['POST', `/v1/api_keys/${id}/rotate`],
        ['DELETE', `/v1/api_keys/${id}`],
      ] as const) {
        const answer = await context
          .api(other.operator.token)
          .send(method, path, method === 'POST' ? { body: {} } : {});
        expect(answer.status, `${method} ${path}`).toBe(404);
      }
      const theirs = await context.api(other.operator.token).call(apiKeyOperations.list, { query: {} });
      expect(theirs.body.items).toEqual([]);
      expect((await asKey.call(userOperations.list, { query: {} })).status).toBe(200);

      const revoked = await context.api(own.operator.token).call(apiKeyOperations.revoke, { params: { id } });
      expect(revoked.status).toBe(204);
      // A read goes through the caches: the revocation reaches them before the answer does.
      const refused = await asKey.send('GET', '/v1/users');
      expect([refused.status, refused.body.code]).toEqual([401, 'api_key_revoked']);
      const read = await context.api(own.operator.token).call(apiKeyOperations.read, { params: { id } });
      expect(read.body).toMatchObject({ status: 'revoked' });
      expect(read.body.revoked_at).not.toBeNull();
    });

    it('keeps the old key working for the grace period of a rotation, and ends it at once without one', async () => {
      const { operator } = await context.tenant();
      const old = await makeKey(context, operator.token, { name: 'Nightly export', permissions: ['user-list'] });
      const rotated = await context
        .api(operator.token)
        .call(apiKeyOperations.rotate, { params: { id: old.id }, body: { grace_period_hours: 2 } });
      expect(rotated.status).toBe(201);
      keysMade.push(rotated.body.key);
      expect(rotated.body).toMatchObject({ name: 'Nightly export', permissions: ['user-list'], rotated_from: old.id });
      expect((await context.api(old.key).send('GET', '/v1/users')).status).toBe(200);
      expect((await context.api(rotated.body.key).send('GET', '/v1/users')).status).toBe(200);
      const before = await context.api(operator.token).call(apiKeyOperations.read, { params: { id: old.id } });
      expect(before.body).toMatchObject({ status: 'expiring', replaced_by: rotated.body.id });
      const graceEnd = Date.parse(before.body.expires_at!) - Date.now();
      expect(graceEnd).toBeGreaterThan(2 * 3600_000 - 60_000);
      expect(graceEnd).toBeLessThanOrEqual(2 * 3600_000);

      const again = await context.api(operator.token).send('POST', `/v1/api_keys/${old.id}/rotate`, { body: {} });
      expect([again.status, again.body.code]).toEqual([409, 'api_key_rotated']);

      const third = await context
        .api(operator.token)
        .call(apiKeyOperations.rotate, { params: { id: rotated.body.id }, body: { grace_period_hours: 0 } });
      keysMade.push(third.body.key);
      const ended = await context.api(rotated.body.key).send('GET', '/v1/users');
      expect([ended.status, ended.body.code]).toEqual([401, 'api_key_expired']);
      expect((await context.api(third.body.key).send('GET', '/v1/users')).status).toBe(200);
    });

    it('acts for its creator as they are now: a permission lost or an account disabled stops it', async () => {
      const { operator, admin } = await context.tenant({
        members: { operator: { role: 'operator' }, admin: { role: 'operator' } },
      });
      const { key } = await makeKey(context, operator.token, {
        name: 'Sync',
        permissions: ['user-list', 'coaching-scenario-create'],
      });
      const asKey = context.api(key);
      expect((await asKey.send('GET', '/v1/users')).status).toBe(200);
      await context.api(admin.token).call(userOperations.update, {
        params: { id: operator.userId },
        body: { organization_role: 'user' },
      });
      const demoted = await asKey.send('GET', '/v1/users');
      expect([demoted.status, demoted.body.code]).toEqual([403, 'forbidden']);
      await context.api(admin.token).call(userOperations.update, {
        params: { id: operator.userId },
        body: { status: 'disabled' },
      });
      const disabled = await asKey.send('GET', '/v1/coaching/scenarios');
      expect([disabled.status, disabled.body.code]).toEqual([401, 'account_disabled']);
    });

    it('shows when and from where it was last used, and logs its id on each request', async () => {
      const { operator } = await context.tenant();
      const { key, id } = await makeKey(context, operator.token, { name: 'Audit', permissions: ['user-list'] });
      expect((await context.api(key).send('GET', '/v1/users')).status).toBe(200);
      const read = await context.api(operator.token).call(apiKeyOperations.read, { params: { id } });
      expect(read.body.last_used_at).not.toBeNull();
      expect(read.body.last_used_address).toMatch(/127\.0\.0\.1/);
      const lines = logged.filter((line) => line.includes(`"apiKeyId":"${id}"`));
      expect(lines.length).toBeGreaterThan(0);
      expect(JSON.parse(lines[0]!)).toMatchObject({ method: 'GET', path: '/v1/users', status: 200 });
    });

    it('has a rate limit of its own, apart from its creator’s', async () => {
      const { operator } = await context.tenant();
      const { key } = await makeKey(context, operator.token, { name: 'Busy', permissions: ['user-list'] });
      const statuses: number[] = [];
      for (let request = 0; request <= KEY_LIMIT; request += 1) {
        statuses.push((await context.api(key).send('GET', '/v1/users')).status);
      }
      expect(statuses).toEqual([...Array<number>(KEY_LIMIT).fill(200), 429]);
      const limited = await context.api(key).send('GET', '/v1/users', { headers: { 'accept-language': 'en-GB' } });
      expect(limited.body.message).toMatch(
        /^This API key has made too many requests\. Wait (\d+ seconds?|1 minute) and try again\.$/,
      );
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await context.api(operator.token).send('GET', '/v1/users')).status).toBe(200);
    });

    it('never wrote a key to the log', () => {
      expect(keysMade.length).toBeGreaterThan(5);
      expect(logged.length).toBeGreaterThan(20);
      for (const key of keysMade) {
        expect(logged.filter((line) => line.includes(key.slice(12)))).toEqual([]);
      }
    });
  },
  {
    engines: 'one',
    env: { LOG_LEVEL: 'debug' },
    server: {
      logDestination: { write: (line: string) => void logged.push(line) },
      authLimits: { 'api-key': { account: { max: KEY_LIMIT, windowSeconds: 60, blockSeconds: 60 } } },
    },
  },
);
