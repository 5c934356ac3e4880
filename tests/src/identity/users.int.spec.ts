import { organizationDecider, organizationStreamId } from '@ai-coaching/domain';
import {
  createTestOrganization,
  createTestUser,
  signIn,
  signInAs,
  startTestServerOn,
  testEngines,
  TEST_PASSWORD,
  type TestServer,
} from '@ai-coaching/api/testing';
import { handleCommand, newId } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const engines = await testEngines();

const ADMIN_EMAIL = 'admin@localhost.localdomain';

type ErrorBody = { code: string; message: string; details?: { issues?: { path: string }[] } };
type UserBody = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  organization_id: string;
  organization_role: string;
  status: string;
  locale: string;
  created_at: string;
  updated_at: string;
  credit_wallet: number;
  groups?: { id: string; name: string }[];
};
type Page = { items: UserBody[]; total: number; page: number; page_size: number };
type SignedIn = Awaited<ReturnType<typeof signInAs>>;

const send = (method: string, body: unknown, token: string): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify(body),
});
const bearer = (token: string, method = 'GET'): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${token}` },
});
const codeOf = async (response: Response) => ((await response.json()) as ErrorBody).code;

for (const engine of engines) {
  describe.skipIf(!engine.available)(
    `[USERS]: /v1/users on ${engine.name}${engine.reason ? ` (skipped: ${engine.reason})` : ''}`,
    () => {
      let server: TestServer;
      let sink: SmtpSink;
      let orgA: string;
      let orgB: string;
      let admin: string;
      let operatorA: SignedIn;
      let operatorB: SignedIn;
      let userA: SignedIn;
      const api = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
      const email = (label: string) => `${label}-${newId().slice(-12)}@users.test`;
      const invitation = (fields: Record<string, unknown> = {}) => ({
        email: email('invitee'),
        first_name: 'Ada',
        last_name: 'Lovelace',
        organization_id: orgA,
        organization_role: 'user',
        ...fields,
      });
      const create = (token: string, fields: Record<string, unknown> = {}) =>
        api('/v1/users', send('POST', invitation(fields), token));
      const list = async (token: string, query = '') => {
        const response = await api(`/v1/users${query}`, bearer(token));
        expect(response.status).toBe(200);
        return (await response.json()) as Page;
      };

      beforeAll(async () => {
        sink = await startSmtpSink();
        server = await startTestServerOn(engine.name, { SMTP_URL: sink.url, PUBLIC_URL: 'http://app.test' });
        orgA = await createTestOrganization(server, 'Alpha');
        orgB = await createTestOrganization(server, 'Bravo');
        admin = await signIn(server, ADMIN_EMAIL, TEST_PASSWORD);
        operatorA = await signInAs(server, { role: 'operator', organizationId: orgA });
        operatorB = await signInAs(server, { role: 'operator', organizationId: orgB });
        userA = await signInAs(server, { role: 'user', organizationId: orgA, firstName: 'Una', lastName: 'User' });
      }, 90_000);
      afterAll(async () => {
        await server?.close();
        await sink?.close();
      });

      it('invites a user: 201 with the representation, readable with its groups, never a hash', async () => {
        const fields = invitation({ email: ' Mixed.Case@Users.Test ', locale: 'fr-FR', organization_role: 'editor' });
        const created = await api('/v1/users', send('POST', fields, operatorA.token));
        expect(created.status).toBe(201);
        const user = (await created.json()) as UserBody;
        expect(user).toEqual({
          id: expect.any(String),
          email: 'mixed.case@users.test',
          first_name: 'Ada',
          last_name: 'Lovelace',
          organization_id: orgA,
          organization_role: 'editor',
          status: 'invited',
          locale: 'fr-FR',
          created_at: expect.any(String),
          updated_at: user.created_at,
          credit_wallet: 0,
          credit_posted: 0,
          credit_pending: 0,
        });
        const read = await api(`/v1/users/${user.id}`, bearer(operatorA.token));
        expect(read.status).toBe(200);
        const text = await read.text();
        expect(JSON.parse(text)).toEqual({ ...user, groups: [] });
        expect(text).not.toMatch(/hash|password/i);
      });

      it('refuses an address already held, the seeded super-admin’s included (409 email_taken)', async () => {
        const address = email('twice');
        expect((await create(operatorA.token, { email: address })).status).toBe(201);
        const again = await create(operatorA.token, { email: address.toUpperCase() });
        expect(again.status).toBe(409);
        expect(await codeOf(again)).toBe('email_taken');
        const seeded = await create(admin, { email: ADMIN_EMAIL });
        expect(seeded.status).toBe(409);
        expect(await codeOf(seeded)).toBe('email_taken');
      });

      it('grants only roles up to the caller’s own', async () => {
        const superAdmin = await create(operatorA.token, { organization_role: 'super-admin' });
        expect(superAdmin.status).toBe(403);
        expect(await codeOf(superAdmin)).toBe('role_not_assignable');
        expect((await create(operatorA.token, { organization_role: 'operator' })).status).toBe(201);
        expect((await create(userA.token)).status).toBe(403);
        const editor = await signInAs(server, { role: 'editor', organizationId: orgA });
        expect((await create(editor.token)).status).toBe(403);
        expect((await create(admin, { organization_role: 'super-admin' })).status).toBe(201);
        const guest = await create(admin, { organization_role: 'guest' });
        expect(guest.status).toBe(400);
      });

      it('invites only into a visible, active organization', async () => {
        const other = await create(operatorA.token, { organization_id: orgB });
        expect(other.status).toBe(404);
        expect(await codeOf(other)).toBe('organization_not_found');
        expect(await codeOf(await create(admin, { organization_id: 'no-such-organization' }))).toBe(
          'organization_not_found',
        );
        expect((await create(admin, { organization_id: orgB })).status).toBe(201);

        const archived = await createTestOrganization(server, 'Archived');
        const result = await handleCommand(
          server.platform.store,
          organizationStreamId(archived),
          organizationDecider,
          {
            type: 'ArchiveOrganization',
            data: { organizationId: archived },
            metadata: { now: new Date().toISOString() },
          },
          { commandId: newId() },
        );
        server.projections.wake();
        await waitForProjections(server.platform.db, result.append!.position, { timeoutMs: 15_000 });
        const refused = await create(admin, { organization_id: archived });
        expect(refused.status).toBe(409);
        expect(await codeOf(refused)).toBe('organization_archived');
      });

      it('names each invalid field', async () => {
        const response = await api(
          '/v1/users',
          send('POST', { ...invitation({ email: 'not-an-email', first_name: '' }), role: 'user' }, operatorA.token),
        );
        expect(response.status).toBe(400);
        const body = (await response.json()) as ErrorBody;
        expect(body.code).toBe('invalid_request');
        expect(body.details?.issues?.map((issue) => issue.path)).toEqual(
          expect.arrayContaining(['email', 'first_name', 'role']),
        );
        const empty = await api(`/v1/users/${userA.userId}`, send('PATCH', {}, operatorA.token));
        expect(empty.status).toBe(400);
        const badStatus = await api(`/v1/users/${userA.userId}`, send('PATCH', { status: 'invited' }, operatorA.token));
        expect(((await badStatus.json()) as ErrorBody).details?.issues?.map((issue) => issue.path)).toEqual(['status']);
        const badPage = await api('/v1/users?page_size=13&pagesize=12', bearer(operatorA.token));
        expect(badPage.status).toBe(400);
        expect(((await badPage.json()) as ErrorBody).details?.issues?.map((issue) => issue.path)).toEqual(
          expect.arrayContaining(['page_size', 'pagesize']),
        );
      });

      it('lists with paging, sort, q and the organization and status filters', async () => {
        const orgC = await createTestOrganization(server, 'Charlie');
        const operatorC = await signInAs(server, { role: 'operator', organizationId: orgC, firstName: 'Zed' });
        const names = ['Bea', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou', 'Mo'];
        for (const firstName of names) {
          await createTestUser(server, { role: 'user', organizationId: orgC, firstName, lastName: 'Charlie' });
        }
        const invited = await create(operatorC.token, {
          organization_id: orgC,
          first_name: 'Abe',
          last_name: 'Invited',
        });
        expect(invited.status).toBe(201);
        const invitedId = ((await invited.json()) as UserBody).id;

        const first = await list(operatorC.token, '?sort=name');
        expect(first).toMatchObject({ total: 14, page: 1, page_size: 12 });
        expect(first.items.map((user) => user.first_name)).toEqual(['Abe', ...names.slice(0, 11)]);
        const second = await list(operatorC.token, '?sort=name&page=2');
        expect(second.items.map((user) => user.first_name)).toEqual(['Mo', 'Zed']);
        const newest = await list(operatorC.token, '?page_size=24');
        expect(newest.items[0]!.id).toBe(invitedId);
        expect(newest.items.every((user) => user.organization_id === orgC)).toBe(true);

        expect((await list(operatorC.token, '?q=ivy')).items.map((user) => user.first_name)).toEqual(['Ivy']);
        expect((await list(operatorC.token, '?q=%25')).total).toBe(0);
        const onlyInvited = await list(operatorC.token, '?status=invited');
        expect(onlyInvited.items.map((user) => user.id)).toEqual([invitedId]);
        expect((await list(operatorC.token, '?status=active')).total).toBe(13);

        expect((await list(admin, `?organization_id=${orgC}`)).total).toBe(14);
        expect((await list(admin, '?page_size=48')).total).toBeGreaterThan(14);
        const foreign = await api(`/v1/users?organization_id=${orgC}`, bearer(operatorA.token));
        expect(foreign.status).toBe(404);
        expect(await codeOf(foreign)).toBe('organization_not_found');
      });

      it('keeps each organization’s users to itself: another organization’s user is 404 everywhere', async () => {
        const target = await createTestUser(server, { role: 'user', organizationId: orgB });
        const listed = await list(operatorA.token, `?q=${encodeURIComponent(target.email)}`);
        expect(listed.total).toBe(0);
        const all = await list(operatorA.token, '?page_size=48');
        expect(all.items.every((user) => user.organization_id === orgA)).toBe(true);
        for (const [path, init] of [
          [`/v1/users/${target.userId}`, bearer(operatorA.token)],
          [`/v1/users/${target.userId}`, send('PATCH', { first_name: 'Hacked' }, operatorA.token)],
          [`/v1/users/${target.userId}`, bearer(operatorA.token, 'DELETE')],
          [`/v1/users/resend_invitation/${target.userId}`, bearer(operatorA.token, 'POST')],
        ] as const) {
          const response = await api(path, init);
          expect(response.status, `${init.method ?? 'GET'} ${path}`).toBe(404);
          expect(await codeOf(response)).toBe('user_not_found');
        }
        // Indistinguishable from an id that does not exist.
        const missing = await api(`/v1/users/${newId()}`, bearer(operatorA.token));
        expect(missing.status).toBe(404);
        expect((await list(operatorB.token, `?q=${encodeURIComponent(target.email)}`)).total).toBe(1);
        expect((await api(`/v1/users/${target.userId}`, bearer(admin))).status).toBe(200);
      });

      it('lets users read and edit their own names and language, nothing more', async () => {
        const me = await api(`/v1/users/${userA.userId}`, bearer(userA.token));
        expect(me.status).toBe(200);
        const renamed = await api(
          `/v1/users/${userA.userId}`,
          send('PATCH', { first_name: 'Uma', last_name: 'Renamed', locale: 'fr-FR' }, userA.token),
        );
        expect(renamed.status).toBe(200);
        expect(await renamed.json()).toMatchObject({ first_name: 'Uma', last_name: 'Renamed', locale: 'fr-FR' });
        const sameRole = await api(
          `/v1/users/${userA.userId}`,
          send('PATCH', { organization_role: 'user' }, userA.token),
        );
        expect(sameRole.status).toBe(200);

        const promote = await api(
          `/v1/users/${userA.userId}`,
          send('PATCH', { organization_role: 'operator' }, userA.token),
        );
        expect(promote.status).toBe(403);
        expect(await codeOf(promote)).toBe('cannot_change_own_role');
        const disable = await api(`/v1/users/${userA.userId}`, send('PATCH', { status: 'disabled' }, userA.token));
        expect(disable.status).toBe(403);
        expect(await codeOf(disable)).toBe('cannot_disable_self');
        const demoteSelf = await api(
          `/v1/users/${operatorA.userId}`,
          send('PATCH', { organization_role: 'user' }, operatorA.token),
        );
        expect(await codeOf(demoteSelf)).toBe('cannot_change_own_role');

        // Whoever may only read themself sees nobody else: another id is as missing as an unknown one.
        const colleague = await api(`/v1/users/${operatorA.userId}`, bearer(userA.token));
        expect(colleague.status).toBe(404);
        expect(await codeOf(colleague)).toBe('user_not_found');
        const other = await api(`/v1/users/${operatorA.userId}`, send('PATCH', { first_name: 'X' }, userA.token));
        expect(other.status).toBe(403);
        expect((await api('/v1/users', bearer(userA.token))).status).toBe(403);
        expect((await api(`/v1/users/${operatorA.userId}`, bearer(userA.token, 'DELETE'))).status).toBe(403);
      });

      it('lets an operator change role and names, but never grant or touch a role above their own', async () => {
        const member = await createTestUser(server, { role: 'user', organizationId: orgA });
        const changed = await api(
          `/v1/users/${member.userId}`,
          send('PATCH', { organization_role: 'editor', last_name: 'Promoted' }, operatorA.token),
        );
        expect(changed.status).toBe(200);
        expect(await changed.json()).toMatchObject({ organization_role: 'editor', last_name: 'Promoted' });

        const tooHigh = await api(
          `/v1/users/${member.userId}`,
          send('PATCH', { organization_role: 'super-admin', last_name: 'Never' }, operatorA.token),
        );
        expect(tooHigh.status).toBe(403);
        expect(await codeOf(tooHigh)).toBe('role_not_assignable');
        // Refused as a whole: the name in the same request was not applied.
        const after = (await (await api(`/v1/users/${member.userId}`, bearer(operatorA.token))).json()) as UserBody;
        expect(after.last_name).toBe('Promoted');

        const boss = await createTestUser(server, { role: 'super-admin', organizationId: orgA });
        for (const init of [
          send('PATCH', { first_name: 'Demoted' }, operatorA.token),
          bearer(operatorA.token, 'DELETE'),
        ]) {
          const response = await api(`/v1/users/${boss.userId}`, init);
          expect(response.status).toBe(403);
          expect(await codeOf(response)).toBe('user_not_manageable');
        }
      });

      it('ends every session of a disabled user at once; enabling lets them sign in again', async () => {
        const member = await signInAs(server, { role: 'user', organizationId: orgA });
        expect((await api('/v1/me', bearer(member.token))).status).toBe(200);
        const disabled = await api(
          `/v1/users/${member.userId}`,
          send('PATCH', { status: 'disabled' }, operatorA.token),
        );
        expect(disabled.status).toBe(200);
        expect(((await disabled.json()) as UserBody).status).toBe('disabled');

        const after = await api('/v1/me', bearer(member.token));
        expect(after.status).toBe(401);
        expect(['session_ended', 'account_disabled']).toContain(await codeOf(after));
        await expect(signIn(server, member.email, member.password)).rejects.toThrow(/403.*account_disabled/);

        const profileWhileDisabled = await api(
          `/v1/users/${member.userId}`,
          send('PATCH', { first_name: 'Still' }, operatorA.token),
        );
        expect(profileWhileDisabled.status).toBe(409);
        expect(await codeOf(profileWhileDisabled)).toBe('user_disabled');

        const enabled = await api(
          `/v1/users/${member.userId}`,
          send('PATCH', { status: 'active', first_name: 'Back' }, operatorA.token),
        );
        expect(await enabled.json()).toMatchObject({ status: 'active', first_name: 'Back' });
        expect(await signIn(server, member.email, member.password)).toBeTruthy();
      });

      it('deletes an active user by disabling them (history kept, sessions ended); never oneself', async () => {
        const self = await api(`/v1/users/${operatorA.userId}`, bearer(operatorA.token, 'DELETE'));
        expect(self.status).toBe(403);
        expect(await codeOf(self)).toBe('cannot_delete_self');

        const member = await signInAs(server, { role: 'editor', organizationId: orgA });
        expect((await api(`/v1/users/${member.userId}`, bearer(operatorA.token, 'DELETE'))).status).toBe(204);
        expect((await api('/v1/me', bearer(member.token))).status).toBe(401);
        const kept = (await (await api(`/v1/users/${member.userId}`, bearer(operatorA.token))).json()) as UserBody;
        expect(kept.status).toBe('disabled');
        expect((await api(`/v1/users/${member.userId}`, bearer(operatorA.token, 'DELETE'))).status).toBe(204);
        const address = await create(operatorA.token, { email: member.email });
        expect(await codeOf(address)).toBe('email_taken');
      });

      it('documents the calls in /openapi.json', async () => {
        type Operation = { parameters: { name: string }[]; requestBody?: unknown };
        const document = (await (await api('/openapi.json')).json()) as {
          paths: Record<string, Record<string, Operation>>;
        };
        expect(Object.keys(document.paths['/v1/users']!).sort()).toEqual(['get', 'post']);
        expect(Object.keys(document.paths['/v1/users/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
        expect(document.paths['/v1/users/resend_invitation/{user_id}']).toHaveProperty('post');
        expect(document.paths['/v1/check_invite_code/{invite_code}']).toHaveProperty('get');
        expect(document.paths['/v1/activate_account']!.post!.requestBody).toBeDefined();
        expect(document.paths['/v1/users']!.get!.parameters.map(({ name }) => name)).toEqual(
          expect.arrayContaining(['page', 'page_size', 'sort', 'q', 'organization_id', 'status']),
        );
        expect(document.paths['/v1/users']!.post!.parameters).toContainEqual({
          $ref: '#/components/parameters/IdempotencyKey',
        });
      });

      it('replays an invitation retried with the same Idempotency-Key instead of inviting twice', async () => {
        const fields = invitation();
        const headers = { 'idempotency-key': `invite-${newId()}` };
        const once = send('POST', fields, operatorA.token);
        const first = await api('/v1/users', { ...once, headers: { ...once.headers, ...headers } });
        const retry = await api('/v1/users', { ...once, headers: { ...once.headers, ...headers } });
        expect(first.status).toBe(201);
        expect(retry.status).toBe(201);
        expect(await retry.json()).toEqual(await first.json());
      });
    },
  );
}
