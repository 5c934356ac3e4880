import { userDecider, userStreamId } from '@ai-coaching/domain';
import { platformOrganizationId } from '@ai-coaching/api';
import {
  apiClient,
  createTestOrganization,
  createTestUser,
  describeApi,
  signIn,
  startTestServer,
  TEST_PASSWORD,
} from '@ai-coaching/api/testing';
import {
  authOperations,
  PROTOCOL_VERSION,
  ssoOperations as op,
  ssoRealmOperations as realms,
  type ClientToServerEvents,
  type GatewayRevoked,
  type ServerToClientEvents,
} from '@ai-coaching/contracts';
import { handleCommand, hashSecretCode, newId } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import type { OperationRequest, SsoTokens } from '@ai-coaching/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  loginThroughProvider,
  startFakeKeycloak,
  type FakeKeycloak,
  type FakeKeycloakUser,
} from '../fakes/keycloak.js';

// Never contacted: the provider's last redirect to it is captured, as the SPA would read it.
const APP = 'http://app.test';
const AUTH_SECRET = 'sso-integration-test-auth-secret-0123456789';
const ADMIN_EMAIL = 'admin@sso.test';

type RealmSettings = OperationRequest<typeof realms.create>['body'];

const subjectOf = (accessToken: string): string =>
  (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string }).sub;

let idp: FakeKeycloak;

await describeApi(
  '[SSO]: single sign-on through Keycloak-layout realms',
  (context) => {
    let admin: string;
    const { api } = context;
    const requestLoginUrl = (realm: string) => api().call(op.loginUrl, { query: { realm } });
    const loginUrl = async (realm: string): Promise<string> => {
      const response = await requestLoginUrl(realm);
      expect(response.status).toBe(200);
      return response.body.url;
    };
    const callback = (realm: string, params: { code: string; state: string; iss?: string | undefined }) =>
      api().call(op.callback, { query: { realm, code: params.code, state: params.state, iss: params.iss } });
    const ssoLogin = async (realm: string, user: FakeKeycloakUser): Promise<SsoTokens> => {
      const answer = await loginThroughProvider(await loginUrl(realm), user, APP);
      const response = await callback(realm, answer);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body;
    };
    const refresh = (refreshToken: string) => api().call(op.refreshToken, { body: { refresh_token: refreshToken } });
    const me = (accessToken: string) => api(accessToken).call(authOperations.me, {});
    const meStatus = async (accessToken: string) => (await me(accessToken)).status;
    const methods = async () => (await api().call(op.authenticationMethods, {})).body;
    const createRealm = (settings: RealmSettings, token = admin) => api(token).call(realms.create, { body: settings });
    const deleteRealm = (name: string) => api(admin).call(realms.remove, { params: { name } });
    const uniqueUser = (overrides: Partial<FakeKeycloakUser> = {}): FakeKeycloakUser => {
      const username = `u${newId().slice(-12)}`;
      return {
        username,
        password: `${username}-password`,
        email: `${username}@keycloak.test`,
        emailVerified: true,
        givenName: 'Grace',
        familyName: 'Hopper',
        ...overrides,
      };
    };

    beforeAll(async () => {
      admin = await signIn(context.server, ADMIN_EMAIL, TEST_PASSWORD);
    }, 90_000);
    afterAll(async () => {
      await idp?.close();
    });

    it('lists single sign-on among the methods when a realm is configured, and not otherwise', async () => {
      expect(await methods()).toEqual({
        fau: true,
        keycloak: true,
        realms: [{ name: 'test' }],
      });
      // A second server, migrated from scratch (about 25 s on a loaded machine): the test's longer timeout.
      const bare = await startTestServer();
      try {
        const response = await apiClient(bare).call(op.authenticationMethods, {});
        expect(response.body).toEqual({ fau: true, keycloak: false, realms: [] });
      } finally {
        await bare.close();
      }
    }, 90_000);

    it('gives a login URL of the realm with state, nonce, a PKCE S256 challenge and our redirect URI', async () => {
      const url = new URL(await loginUrl('test'));
      expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer('test')}/protocol/openid-connect/auth`);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: idp.clientId,
        redirect_uri: `${APP}/?realm=test`,
        code_challenge_method: 'S256',
        scope: 'openid email profile',
      });
      expect(url.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
      expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{32,}$/);
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      // Each login gets its own state and nonce.
      const again = new URL(await loginUrl('test'));
      expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
      expect(again.searchParams.get('nonce')).not.toBe(url.searchParams.get('nonce'));

      const unknown = await requestLoginUrl('nowhere');
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('realm_not_found');
    });

    it('provisions an active user on the first login and answers our own tokens', async () => {
      const person = idp.addUser(uniqueUser({ givenName: 'Ada', familyName: 'Lovelace' }));
      const answer = await loginThroughProvider(await loginUrl('test'), person, APP);
      expect(answer.url).toMatch(new RegExp(`^${APP}/\\?realm=test&code=`));
      expect(answer.iss).toBe(idp.issuer('test'));
      const response = await callback('test', answer);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const tokens = response.body;
      expect(tokens).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.stringMatching(/^[\w-]{43}$/),
        token_type: 'bearer',
        expires_in: 900,
      });
      expect((await me(tokens.access_token)).body).toMatchObject({
        email: person.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        organization_id: platformOrganizationId,
        organization_role: 'user',
      });
    });

    it('takes the names from `name` when the provider gives no given and family names', async () => {
      const person = idp.addUser(
        uniqueUser({ givenName: undefined, familyName: undefined, name: 'Katherine G. Johnson' }),
      );
      const tokens = await ssoLogin('test', person);
      expect((await me(tokens.access_token)).body).toMatchObject({
        first_name: 'Katherine',
        last_name: 'G. Johnson',
      });
    });

    it('signs a known identity in to the same account on the next login, even after its email changed', async () => {
      const person = idp.addUser(uniqueUser());
      const first = await ssoLogin('test', person);
      person.email = `changed-${person.email}`;
      const second = await ssoLogin('test', person);
      expect(subjectOf(second.access_token)).toBe(subjectOf(first.access_token));
      const { rows } = await context.server.platform.db.query('SELECT 1 FROM rm_user_identities WHERE user_id = $1', [
        subjectOf(first.access_token),
      ]);
      expect(rows).toHaveLength(1);
    });

    it('links an existing active user of the realm’s organization by verified email, without a duplicate', async () => {
      const existing = await createTestUser(context.server, { role: 'editor', organizationId: platformOrganizationId });
      const person = idp.addUser(uniqueUser({ email: existing.email }));
      const tokens = await ssoLogin('test', person);
      expect(subjectOf(tokens.access_token)).toBe(existing.userId);
      expect((await me(tokens.access_token)).body).toMatchObject({
        email: existing.email,
        organization_role: 'editor',
      });
      const { rows } = await context.server.platform.db.query('SELECT user_id FROM rm_users WHERE email = $1', [
        existing.email,
      ]);
      expect(rows).toEqual([{ user_id: existing.userId }]);
      // The password keeps working next to single sign-on.
      await signIn(context.server, existing.email, existing.password);
    });

    it('never links or provisions on an unverified email', async () => {
      const existing = await createTestUser(context.server, { role: 'user', organizationId: platformOrganizationId });
      const claimant = idp.addUser(uniqueUser({ email: existing.email, emailVerified: false }));
      const answer = await loginThroughProvider(await loginUrl('test'), claimant, APP);
      const response = await callback('test', answer);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('sso_email_not_verified');
      const { rows: links } = await context.server.platform.db.query(
        'SELECT 1 FROM rm_user_identities WHERE user_id = $1',
        [existing.userId],
      );
      expect(links).toEqual([]);

      const stranger = idp.addUser(uniqueUser({ emailVerified: false }));
      const refused = await callback('test', await loginThroughProvider(await loginUrl('test'), stranger, APP));
      expect(refused.body.code).toBe('sso_email_not_verified');
      const { rows: users } = await context.server.platform.db.query('SELECT 1 FROM rm_users WHERE email = $1', [
        stranger.email,
      ]);
      expect(users).toEqual([]);
      // The provider's refresh token of a refused login is revoked at once.
      expect(await idp.liveRefreshTokens(stranger.username, 'test')).toBe(0);
    });

    it('refuses to link an account of another organization', async () => {
      const organizationId = await createTestOrganization(context.server);
      const existing = await createTestUser(context.server, { role: 'operator', organizationId });
      const person = idp.addUser(uniqueUser({ email: existing.email }));
      const response = await callback('test', await loginThroughProvider(await loginUrl('test'), person, APP));
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('sso_organization_mismatch');
    });

    it('refuses a wrong, replayed or foreign state, and a code of another realm (iss mix-up)', async () => {
      const person = idp.addUser(uniqueUser());
      const wrong = await loginThroughProvider(await loginUrl('test'), person, APP);
      const wrongState = await callback('test', { ...wrong, state: 'not-the-state-we-issued' });
      expect(wrongState.status).toBe(401);
      expect(wrongState.body.code).toBe('sso_state_invalid');

      const missing = await api().send('POST', op.callback.path, { query: { realm: 'test', code: wrong.code } });
      expect(missing.status).toBe(400);

      const used = await loginThroughProvider(await loginUrl('test'), person, APP);
      expect((await callback('test', used)).status).toBe(200);
      const replay = await callback('test', used);
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('sso_state_invalid');

      // A code and issuer from realm "acme" (the provider's "other" realm) against a login started for "test".
      const created = await createRealm({
        name: 'acme',
        issuer: idp.issuer('other'),
        client_id: idp.clientId,
        client_secret: idp.clientSecret('other'),
        organization_id: platformOrganizationId,
      });
      expect(created.status).toBe(201);
      try {
        const startedForTest = new URL(await loginUrl('test')).searchParams.get('state')!;
        const foreign = await loginThroughProvider(await loginUrl('acme'), person, APP);
        expect(foreign.iss).toBe(idp.issuer('other'));
        const mixUp = await callback('test', { code: foreign.code, state: startedForTest, iss: foreign.iss });
        expect(mixUp.status).toBe(401);
        expect(mixUp.body.code).toBe('sso_issuer_mismatch');
        // The other realm's state names its realm: it does not finish a login of "test" either.
        const crossState = await callback('test', foreign);
        expect(crossState.body.code).toBe('sso_state_invalid');
      } finally {
        await deleteRealm('acme');
      }

      const tampered = await loginThroughProvider(await loginUrl('test'), person, APP);
      const badCode = await callback('test', { ...tampered, code: `${tampered.code}x` });
      expect(badCode.status).toBe(401);
      expect(badCode.body.code).toBe('sso_code_exchange_failed');
    });

    it('rotates refresh tokens; reusing a used one ends the whole login and its sessions', async () => {
      const person = idp.addUser(uniqueUser());
      const first = await ssoLogin('test', person);

      const rotated = await refresh(first.refresh_token);
      expect(rotated.status).toBe(200);
      expect(rotated.headers.get('cache-control')).toBe('no-store');
      const second = rotated.body;
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.token_type).toBe('bearer');
      expect(await meStatus(second.access_token)).toBe(200);
      // The replaced access token stops working: one live session per login.
      expect(await meStatus(first.access_token)).toBe(401);
      // The provider's refresh token was rotated too, and only the newest one is live.
      expect(await idp.liveRefreshTokens(person.username, 'test')).toBe(1);

      const third = (await refresh(second.refresh_token)).body;
      expect(await meStatus(third.access_token)).toBe(200);

      const reuse = await refresh(first.refresh_token);
      expect(reuse.status).toBe(401);
      expect(reuse.body.code).toBe('refresh_token_reused');
      const newest = await refresh(third.refresh_token);
      expect(newest.status).toBe(401);
      expect(newest.body.code).toBe('refresh_token_revoked');
      expect(await meStatus(third.access_token)).toBe(401);
      expect(await idp.liveRefreshTokens(person.username, 'test')).toBe(0);
    });

    it('treats two concurrent refreshes with the same token as a reuse: the login ends for both', async () => {
      const person = idp.addUser(uniqueUser());
      const tokens = await ssoLogin('test', person);
      const answers = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
      const bodies = answers.map((response) => response.body);
      // One of them is the reuse; the other either lost the race to it or finished first and is ended with the family.
      expect(bodies.map((body) => body.code)).toContain('refresh_token_reused');
      for (const body of bodies.filter((answer) => answer.access_token)) {
        expect(await meStatus(body.access_token)).toBe(401);
        expect((await refresh(body.refresh_token)).status).toBe(401);
      }
      expect(await meStatus(tokens.access_token)).toBe(401);
    });

    it('refuses an expired refresh token, and an unknown one', async () => {
      const person = idp.addUser(uniqueUser());
      const tokens = await ssoLogin('test', person);
      await context.server.platform.db.query(
        "UPDATE sso_refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1",
        [hashSecretCode(tokens.refresh_token)],
      );
      const expired = await refresh(tokens.refresh_token);
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe('refresh_token_expired');

      const unknown = await refresh('not-a-refresh-token');
      expect(unknown.status).toBe(401);
      expect(unknown.body.code).toBe('refresh_token_invalid');
    });

    it('ends our login and revokes the provider’s refresh token on logout, idempotently', async () => {
      const person = idp.addUser(uniqueUser());
      const tokens = await ssoLogin('test', person);
      expect(await idp.liveRefreshTokens(person.username, 'test')).toBe(1);

      const logout = await api(tokens.access_token).call(op.logout, {
        body: { refresh_token: tokens.refresh_token },
      });
      expect(logout.status).toBe(204);
      expect(await meStatus(tokens.access_token)).toBe(401);
      const after = await refresh(tokens.refresh_token);
      expect(after.status).toBe(401);
      expect(await idp.liveRefreshTokens(person.username, 'test')).toBe(0);

      expect((await api().call(op.logout, { body: { refresh_token: tokens.refresh_token } })).status).toBe(204);
      expect((await api().call(op.logout, { body: { refresh_token: 'unknown-token' } })).status).toBe(204);
    });

    it('keeps a socket open while its login is refreshed, and closes it when the login ends', async () => {
      const person = idp.addUser(uniqueUser());
      const first = await ssoLogin('test', person);
      const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(context.server.url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: first.access_token, protocolVersion: PROTOCOL_VERSION },
      });
      try {
        const revoked = new Promise<GatewayRevoked>((resolve) => socket.once('gateway.revoked', resolve));
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('connect_error', reject);
        });
        // The refresh revokes the socket's access token as `rotated`: its login goes on, and so does the socket.
        const second = (await refresh(first.refresh_token)).body;
        expect(await meStatus(first.access_token)).toBe(401);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const ping = await new Promise((resolve) => {
          if (!socket.connected) return resolve('disconnected');
          socket.once('disconnect', () => resolve('disconnected'));
          socket.emit('gateway.ping', resolve);
        });
        expect(ping).toMatchObject({ at: expect.any(String) });
        expect(socket.connected).toBe(true);

        const logout = await api(second.access_token).call(op.logout, {
          body: { refresh_token: second.refresh_token },
        });
        expect(logout.status).toBe(204);
        const told = await Promise.race([
          revoked,
          new Promise((resolve) => setTimeout(() => resolve('not told'), 3000)),
        ]);
        expect(told).toMatchObject({ code: 'session_ended' });
      } finally {
        socket.close();
      }
    });

    it('ends the login when the provider no longer accepts the user', async () => {
      const person = idp.addUser(uniqueUser());
      const tokens = await ssoLogin('test', person);
      idp.disableUser(person.username);
      const response = await refresh(tokens.refresh_token);
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('sso_session_ended');
      expect(await meStatus(tokens.access_token)).toBe(401);
    });

    it('refuses a disabled account at login and at refresh', async () => {
      const person = idp.addUser(uniqueUser());
      const tokens = await ssoLogin('test', person);
      const userId = subjectOf(tokens.access_token);
      const disabled = await handleCommand(
        context.server.platform.store,
        userStreamId(userId),
        userDecider,
        { type: 'DisableUser', data: { userId }, metadata: { now: new Date().toISOString() } },
        { commandId: newId() },
      );
      context.server.projections.wake();
      await waitForProjections(context.server.platform.db, disabled.append!.position, { timeoutMs: 15_000 });

      const refreshed = await refresh(tokens.refresh_token);
      expect(refreshed.status).toBe(403);
      expect(refreshed.body.code).toBe('account_disabled');
      const login = await callback('test', await loginThroughProvider(await loginUrl('test'), person, APP));
      expect(login.status).toBe(403);
      expect(login.body.code).toBe('account_disabled');
    });

    it('lets super-admins add and delete realms; realms of the environment win and are read-only', async () => {
      const organizationId = await createTestOrganization(context.server);
      const settings: RealmSettings = {
        name: 'acme2',
        issuer: idp.issuer('other'),
        client_id: idp.clientId,
        client_secret: idp.clientSecret('other'),
        organization_id: organizationId,
        default_role: 'editor',
      };
      const member = await createTestUser(context.server, { role: 'operator', organizationId });
      const memberToken = await signIn(context.server, member.email, member.password);
      expect((await api(memberToken).call(realms.list, {})).status).toBe(403);
      expect((await createRealm(settings, memberToken)).status).toBe(403);
      expect((await api().call(realms.list, {})).status).toBe(401);

      const superAdminRole = await api(admin).send('POST', realms.create.path, {
        body: { ...settings, default_role: 'super-admin' },
      });
      expect(superAdminRole.status).toBe(400);
      const noOrganization = await createRealm({ ...settings, organization_id: newId() });
      expect(noOrganization.body.code).toBe('organization_not_found');
      const clash = await createRealm({ ...settings, name: 'test' });
      expect(clash.status).toBe(409);
      expect(clash.body.code).toBe('realm_exists');
      const readOnly = await deleteRealm('test');
      expect(readOnly.status).toBe(409);
      expect(readOnly.body.code).toBe('realm_read_only');

      const created = await createRealm(settings);
      expect(created.status).toBe(201);
      const body = created.body;
      expect(body).toEqual({
        name: 'acme2',
        issuer: idp.issuer('other'),
        client_id: idp.clientId,
        organization_id: organizationId,
        default_role: 'editor',
        source: 'api',
        created_at: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toContain(settings.client_secret);
      expect((await createRealm(settings)).status).toBe(409);

      const list = (await api(admin).call(realms.list, {})).body;
      expect(list.items.map(({ name, source }) => ({ name, source }))).toEqual([
        { name: 'test', source: 'environment' },
        { name: 'acme2', source: 'api' },
      ]);
      expect(JSON.stringify(list)).not.toMatch(/client-secret/);
      expect(await methods()).toMatchObject({
        realms: [{ name: 'test' }, { name: 'acme2' }],
      });

      // The realm provisions into its organization with its default role.
      const person = idp.addUser(uniqueUser());
      const tokens = await ssoLogin('acme2', person);
      expect((await me(tokens.access_token)).body).toMatchObject({
        email: person.email,
        organization_id: organizationId,
        organization_role: 'editor',
      });

      // The secrets are sealed at rest: the client secret and the provider's refresh token.
      const { rows: realmRows } = await context.server.platform.db.query<{ client_secret_encrypted: string }>(
        "SELECT client_secret_encrypted FROM sso_realms WHERE name = 'acme2'",
      );
      expect(realmRows[0]!.client_secret_encrypted).toMatch(/^v1\./);
      expect(realmRows[0]!.client_secret_encrypted).not.toContain(settings.client_secret);
      const { rows: families } = await context.server.platform.db.query<{ idp_refresh_token_encrypted: string }>(
        'SELECT idp_refresh_token_encrypted FROM sso_token_families WHERE user_id = $1',
        [subjectOf(tokens.access_token)],
      );
      expect(families[0]!.idp_refresh_token_encrypted).toMatch(/^v1\./);
      // Our refresh tokens are stored as hashes only.
      const { rows: plain } = await context.server.platform.db.query(
        'SELECT 1 FROM sso_refresh_tokens WHERE token_hash = $1',
        [tokens.refresh_token],
      );
      expect(plain).toEqual([]);

      expect((await deleteRealm('acme2')).status).toBe(204);
      expect((await deleteRealm('acme2')).status).toBe(404);
      expect((await requestLoginUrl('acme2')).status).toBe(404);
      // Its logins end at their next refresh.
      const orphan = await refresh(tokens.refresh_token);
      expect(orphan.body.code).toBe('sso_session_ended');
    });

    it('documents the calls, with state required by the callback', async () => {
      const document = (
        await api().send<{
          paths: Record<string, Record<string, { summary: string; parameters: { name: string; required: boolean }[] }>>;
        }>('GET', '/openapi.json')
      ).body;
      for (const path of [
        '/v1/authentication_methods',
        '/v1/keycloak/get_login_url',
        '/v1/keycloak/callback',
        '/v1/keycloak/refresh_token',
        '/v1/keycloak/logout',
        '/v1/sso_realms',
        '/v1/sso_realms/{name}',
      ]) {
        expect(document.paths).toHaveProperty([path]);
      }
      const callbackDoc = document.paths['/v1/keycloak/callback']!.post!;
      expect(callbackDoc.summary).toMatch(/state/);
      expect(callbackDoc.parameters.filter((parameter) => parameter.required).map(({ name }) => name)).toEqual([
        'realm',
        'code',
        'state',
      ]);
    });

    it('answers an unreachable or mismatched provider with 502, never a 500', async () => {
      const providers = {
        down: 'http://127.0.0.1:9/realms/down',
        // Served by the provider, but its metadata names 127.0.0.1, not localhost, as the issuer.
        mismatch: idp.issuer('test').replace('127.0.0.1', 'localhost'),
      };
      for (const [name, issuer] of Object.entries(providers)) {
        const settings = {
          name,
          issuer,
          client_id: 'x',
          client_secret: 'y',
          organization_id: platformOrganizationId,
        };
        expect((await createRealm(settings)).status).toBe(201);
      }
      try {
        const down = await requestLoginUrl('down');
        expect(down.status).toBe(502);
        expect(down.body.code).toBe('sso_provider_unavailable');
        const mismatch = await requestLoginUrl('mismatch');
        expect(mismatch.status).toBe(502);
        expect(mismatch.body.code).toBe('sso_provider_misconfigured');
      } finally {
        for (const name of Object.keys(providers)) await deleteRealm(name);
      }
    });
  },
  {
    env: async () => {
      idp = await startFakeKeycloak({
        redirectUris: ['test', 'acme', 'acme2'].map((realm) => `${APP}/?realm=${realm}`),
      });
      return {
        PUBLIC_URL: APP,
        AUTH_SECRET,
        ADMIN_EMAIL,
        SSO_REALMS: JSON.stringify([
          {
            name: 'test',
            issuer: idp.issuer('test'),
            client_id: idp.clientId,
            client_secret: idp.clientSecret('test'),
            organization_id: platformOrganizationId,
          },
        ]),
      };
    },
  },
);
