import { describeApi, unique, type ApiTestContext } from '@ai-coaching/api/testing';
import {
  apiKeyOperations,
  authOperations,
  mailOutboxOperations,
  scimTokenOperations,
  ssoRealmOperations,
  userGroupOperations,
  userOperations,
} from '@ai-coaching/contracts';
import { expect, it } from 'vitest';

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

// SCIM answers are free-form JSON: the test reads them as an identity provider would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ScimBody = Record<string, any>;

/** An identity provider's client: `application/scim+json` both ways, paths under the base URL. */
const scimClient = (context: ApiTestContext, token?: string) => {
  const client = context.api(token);
  return (method: string, path: string, body?: unknown) =>
    client.send<ScimBody>(method, `/scim/v2${path}`, {
      ...(body === undefined ? {} : { body }),
      headers: { accept: 'application/scim+json', 'content-type': 'application/scim+json' },
    });
};

const patchOp = (...operations: Record<string, unknown>[]) => ({ schemas: [PATCH_SCHEMA], Operations: operations });

const newUser = (email: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER_SCHEMA],
  userName: email,
  name: { givenName: 'Ana', familyName: 'Lima' },
  emails: [{ value: email, type: 'work', primary: true }],
  active: true,
  ...extra,
});

/** Everything the server of this file logged, and every token it made: no token is ever written to a log. */
const logged: string[] = [];
const tokensMade: string[] = [];

const address = (label: string) => `${unique(label).replace(/\s+/g, '-').toLowerCase()}@scim.example.com`;

/** An organization with its SCIM token, made by its operator. */
const provisioned = async (context: ApiTestContext) => {
  const tenant = await context.tenant({ members: { operator: { role: 'operator' }, learner: { role: 'user' } } });
  const created = await context
    .api(tenant.operator.token)
    .call(scimTokenOperations.create, { body: { name: 'Entra ID' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  tokensMade.push(created.body.token);
  return { ...tenant, scimToken: created.body, scim: scimClient(context, created.body.token) };
};

const expectScimError = (answer: { status: number; body: ScimBody }, status: number, scimType?: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: String(status) });
  expect(typeof answer.body['detail']).toBe('string');
  if (scimType) expect(answer.body['scimType']).toBe(scimType);
};

await describeApi(
  '[SCIM]: SCIM 2.0 provisioning at /scim/v2',
  (context) => {
    it('makes a token shown once with its base URL, listed apart from the API keys', async () => {
      const { operator, scimToken } = await provisioned(context);
      expect(scimToken.token).toMatch(/^aic_[A-Za-z0-9_-]{43}$/);
      expect(scimToken.base_url).toMatch(/^https?:\/\/.+\/scim\/v2$/);
      const tokens = await context.api(operator.token).call(scimTokenOperations.list, { query: {} });
      expect(tokens.body.items.map((token) => token.id)).toEqual([scimToken.id]);
      expect(JSON.stringify(tokens.body)).not.toContain(scimToken.token.slice(12));
      const keys = await context.api(operator.token).call(apiKeyOperations.list, { query: {} });
      expect(keys.body.items).toEqual([]);
      expect((await context.api(operator.token).send('GET', `/v1/api_keys/${scimToken.id}`)).status).toBe(404);
    });

    it('describes itself: ServiceProviderConfig, ResourceTypes and Schemas', async () => {
      const { scim } = await provisioned(context);
      const config = await scim('GET', '/ServiceProviderConfig');
      expect(config.status).toBe(200);
      expect(config.headers.get('content-type')).toMatch(/^application\/scim\+json/);
      expect(config.body).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
      const types = await scim('GET', '/ResourceTypes');
      expect(types.body['Resources'].map((type: ScimBody) => type['name']).sort()).toEqual(['Group', 'User']);
      const schemas = await scim('GET', '/Schemas');
      expect(schemas.body['Resources'].map((schema: ScimBody) => schema['id'])).toContain(USER_SCHEMA);
      expect((await scim('GET', `/Schemas/${GROUP_SCHEMA}`)).body['name']).toBe('Group');
    });

    it('walks a provider’s user flow: filter, create, read, filter by userName and externalId, replace, delete', async () => {
      const { operator, scim } = await provisioned(context);
      const email = address('ana');
      const before = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`);
      expect(before.body).toMatchObject({ schemas: [LIST_SCHEMA], totalResults: 0, startIndex: 1 });

      const created = await scim('POST', '/Users', newUser(email, { externalId: 'entra-ana' }));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      expect(created.headers.get('content-type')).toMatch(/^application\/scim\+json/);
      const id = created.body['id'] as string;
      expect(created.body).toMatchObject({
        userName: email,
        externalId: 'entra-ana',
        active: true,
        name: { givenName: 'Ana', familyName: 'Lima' },
        meta: { resourceType: 'User' },
      });
      expect(created.body['meta']['location']).toMatch(new RegExp(`^https?://.+/scim/v2/Users/${id}$`));
      expect(created.headers.get('location')).toBe(created.body['meta']['location']);
      // The organization signs in with passwords: the user is invited (the mail goes out) with the `user` role.
      const asOperator = context.api(operator.token);
      const account = await asOperator.call(userOperations.read, { params: { id } });
      expect(account.body).toMatchObject({ status: 'invited', organization_role: 'user', email });
      await expect
        .poll(async () => {
          const outbox = await context
            .api(context.superAdmin.token)
            .call(mailOutboxOperations.list, { query: { page: 1, page_size: 48 } });
          return outbox.body.items.filter((mail) => mail.to === email).map((mail) => mail.subject);
        })
        .toEqual([expect.stringContaining('invited')]);

      expectScimError(await scim('POST', '/Users', newUser(email)), 409, 'uniqueness');
      expect((await scim('GET', `/Users/${id}`)).body['userName']).toBe(email);
      const byName = await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email.toUpperCase()}"`)}`);
      expect(byName.body['totalResults']).toBe(1);
      expect(byName.body['Resources'][0]['id']).toBe(id);
      const byExternalId = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "entra-ana"')}`);
      expect(byExternalId.body['Resources'].map((user: ScimBody) => user['id'])).toEqual([id]);
      const page = await scim('GET', '/Users?startIndex=1&count=1');
      expect(page.body).toMatchObject({ startIndex: 1, itemsPerPage: 1 });
      expect(page.body['Resources']).toHaveLength(1);
      // The operator, the learner and Ana.
      expect(page.body['totalResults']).toBe(3);

      const replaced = await scim(
        'PUT',
        `/Users/${id}`,
        newUser(email, { name: { givenName: 'Ana Maria', familyName: 'Lima' }, externalId: 'entra-ana-2' }),
      );
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      expect(replaced.body).toMatchObject({ name: { givenName: 'Ana Maria' }, externalId: 'entra-ana-2' });
      expect((await asOperator.call(userOperations.read, { params: { id } })).body.first_name).toBe('Ana Maria');
      expectScimError(await scim('PUT', `/Users/${id}`, newUser(address('other'))), 400, 'mutability');

      expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
      expectScimError(await scim('GET', `/Users/${id}`), 404);
      expect((await scim('GET', `/Users?filter=${encodeURIComponent(`userName eq "${email}"`)}`)).body).toMatchObject({
        totalResults: 0,
      });
    });

    it('creates users active without an invitation where single sign-on signs the organization in', async () => {
      const { organizationId, operator, scim } = await provisioned(context);
      const realm = await context.api(context.superAdmin.token).call(ssoRealmOperations.create, {
        body: {
          name: unique('realm').replace(/\s+/g, '-').toLowerCase(),
          issuer: 'https://login.example.com/realms/acme',
          client_id: 'coaching',
          client_secret: 'secret',
          organization_id: organizationId,
          default_role: 'user',
        },
      });
      expect(realm.status, JSON.stringify(realm.body)).toBe(201);
      const created = await scim('POST', '/Users', newUser(address('sso')));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const account = await context
        .api(operator.token)
        .call(userOperations.read, { params: { id: created.body['id'] } });
      expect(account.body).toMatchObject({ status: 'active', organization_role: 'user' });
    });

    it('disables with PATCH active false (Entra’s "False"), ending the user’s open session at once, and enables again', async () => {
      const { operator, learner, scim } = await provisioned(context);
      expect((await context.api(learner.token).call(authOperations.me, {})).status).toBe(200);

      const disabled = await scim(
        'PATCH',
        `/Users/${learner.userId}`,
        patchOp({ op: 'Replace', path: 'active', value: 'False' }),
      );
      expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
      expect(disabled.body['active']).toBe(false);
      expect((await context.api(learner.token).call(authOperations.me, {})).status).toBe(401);
      const asOperator = context.api(operator.token);
      expect((await asOperator.call(userOperations.read, { params: { id: learner.userId } })).body.status).toBe(
        'disabled',
      );

      const enabled = await scim(
        'PATCH',
        `/Users/${learner.userId}`,
        patchOp({ op: 'replace', value: { active: true } }),
      );
      expect(enabled.body['active']).toBe(true);
      expect((await asOperator.call(userOperations.read, { params: { id: learner.userId } })).body.status).toBe(
        'active',
      );
      // Entra's periodic `active: true` changes nothing and succeeds.
      const again = await scim(
        'PATCH',
        `/Users/${learner.userId}`,
        patchOp({ op: 'Replace', path: 'active', value: 'True' }),
      );
      expect(again.status).toBe(200);
      const renamed = await scim(
        'PATCH',
        `/Users/${learner.userId}`,
        patchOp({ op: 'replace', path: 'name.familyName', value: 'Moreau' }),
      );
      expect(renamed.body['name']['familyName']).toBe('Moreau');
    });

    it('maps groups to user groups: create, add and remove members by PATCH, rename, filter, delete', async () => {
      const { operator, learner, scim } = await provisioned(context);
      const other = (await scim('POST', '/Users', newUser(address('bo')))).body['id'] as string;
      const created = await scim('POST', '/Groups', {
        schemas: [GROUP_SCHEMA],
        displayName: 'Sales',
        externalId: 'entra-sales',
        members: [{ value: learner.userId }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body['id'] as string;
      expect(created.body['members'].map((member: ScimBody) => member['value'])).toEqual([learner.userId]);
      const asOperator = context.api(operator.token);
      const memberIds = async () =>
        (await asOperator.call(userGroupOperations.read, { params: { id } })).body.member_ids.sort();

      const added = await scim(
        'PATCH',
        `/Groups/${id}`,
        patchOp({ op: 'Add', path: 'members', value: [{ value: other }] }),
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      expect(await memberIds()).toEqual([learner.userId, other].sort());
      await scim('PATCH', `/Groups/${id}`, patchOp({ op: 'remove', path: `members[value eq "${learner.userId}"]` }));
      expect(await memberIds()).toEqual([other]);
      // Entra removes members by value, which the RFC would read as "all members".
      await scim('PATCH', `/Groups/${id}`, patchOp({ op: 'Remove', path: 'members', value: [{ value: other }] }));
      expect(await memberIds()).toEqual([]);
      const renamed = await scim(
        'PATCH',
        `/Groups/${id}`,
        patchOp({ op: 'Replace', path: 'displayName', value: 'Sales EMEA' }),
      );
      expect(renamed.body['displayName']).toBe('Sales EMEA');
      const found = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Sales EMEA"')}`);
      expect(found.body['Resources'].map((group: ScimBody) => group['id'])).toEqual([id]);
      expectScimError(
        await scim('PATCH', `/Groups/${id}`, patchOp({ op: 'add', path: 'members', value: [{ value: 'nobody' }] })),
        404,
      );

      expect((await scim('DELETE', `/Groups/${id}`)).status).toBe(204);
      expectScimError(await scim('GET', `/Groups/${id}`), 404);
      expect((await asOperator.call(userGroupOperations.read, { params: { id } })).body.status).toBe('archived');
    });

    it('answers every error in RFC 7644’s shape, and keeps each organization’s users its own', async () => {
      const own = await provisioned(context);
      const other = await provisioned(context);
      const anonymous = await scimClient(context)('GET', '/Users');
      expectScimError(anonymous, 401);
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expectScimError(
        await own.scim('GET', `/Users?filter=${encodeURIComponent('userName xx "ana"')}`),
        400,
        'invalidFilter',
      );
      expectScimError(
        await own.scim('GET', `/Users?filter=${encodeURIComponent('userName eq')}`),
        400,
        'invalidFilter',
      );
      expectScimError(
        await own.scim('GET', `/Groups?filter=${encodeURIComponent('not (displayName sw)')}`),
        400,
        'invalidFilter',
      );
      expectScimError(await own.scim('GET', '/Users/no-such-user'), 404);
      expectScimError(await own.scim('POST', '/Users', { schemas: [USER_SCHEMA], userName: 'not an address' }), 400);
      expectScimError(await own.scim('GET', '/Nothing'), 404);
      const badJson = await context.api(own.scimToken.token).send<ScimBody>('POST', '/scim/v2/Users', {
        body: '{"userName":',
        headers: { 'content-type': 'application/scim+json' },
      });
      expectScimError(badJson, 400, 'invalidSyntax');

      // Another organization's token sees none of these users, and changes none.
      const theirs = await other.scim('GET', '/Users');
      expect(theirs.body['Resources'].map((user: ScimBody) => user['id'])).not.toContain(own.learner.userId);
      expectScimError(await other.scim('GET', `/Users/${own.learner.userId}`), 404);
      expectScimError(
        await other.scim(
          'PATCH',
          `/Users/${own.learner.userId}`,
          patchOp({ op: 'replace', path: 'active', value: false }),
        ),
        404,
      );
      expectScimError(await other.scim('DELETE', `/Users/${own.learner.userId}`), 404);
      const status = await context
        .api(own.operator.token)
        .call(userOperations.read, { params: { id: own.learner.userId } });
      expect(status.body.status).toBe('active');

      // A SCIM token works on /scim/v2 only; an API key, or a person's sign-in, never there.
      const onV1 = await context.api(own.scimToken.token).send('GET', '/v1/users');
      expect(onV1.status).toBe(401);
      expect(onV1.body.code).toBe('api_key_wrong_scope');
      const apiKey = await context
        .api(own.operator.token)
        .call(apiKeyOperations.create, { body: { name: 'Warehouse', permissions: ['user-list', 'user-read'] } });
      expectScimError(await scimClient(context, apiKey.body.key)('GET', '/Users'), 401);
      expectScimError(await scimClient(context, own.operator.token)('GET', '/Users'), 401);

      // Revoked: refused at once.
      const revoked = await context
        .api(own.operator.token)
        .call(scimTokenOperations.revoke, { params: { id: own.scimToken.id } });
      expect(revoked.status).toBe(204);
      expectScimError(await own.scim('GET', '/Users'), 401);
      const theirToken = await context.api(own.operator.token).send('DELETE', `/v1/scim_tokens/${other.scimToken.id}`);
      expect(theirToken.status).toBe(404);
    });

    it('never writes a token to a log line, and logs the token’s id with each of its requests', async () => {
      const { scim, scimToken } = await provisioned(context);
      await scim('GET', '/Users');
      expect(logged.some((line) => line.includes(`"apiKeyId":"${scimToken.id}"`))).toBe(true);
      expect(tokensMade.length).toBeGreaterThan(5);
      for (const token of tokensMade) expect(logged.filter((line) => line.includes(token.slice(12)))).toEqual([]);
    });
  },
  {
    engines: 'one',
    env: { LOG_LEVEL: 'debug' },
    server: { logDestination: { write: (line: string) => void logged.push(line) } },
  },
);
