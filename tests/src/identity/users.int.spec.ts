import { platformOrganizationId } from '@ai-coaching/api';
import {
  createTestOrganization,
  createTestUser,
  describeApi,
  signIn,
  signInAs,
  TEST_PASSWORD,
} from '@ai-coaching/api/testing';
import { userOperations as op, type ErrorBody, type OperationRequest } from '@ai-coaching/contracts';
import { organizationDecider, organizationStreamId } from '@ai-coaching/domain';
import { handleCommand, newId } from '@ai-coaching/platform';
import { waitForProjections } from '@ai-coaching/projections';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../fakes/smtp-sink.js';

const ADMIN_EMAIL = 'admin@localhost.localdomain';

type Invitation = OperationRequest<typeof op.invite>['body'];
type ListQuery = NonNullable<OperationRequest<typeof op.list>['query']>;
type SignedIn = Awaited<ReturnType<typeof signInAs>>;

const issuePaths = (body: Partial<ErrorBody>) => (body.details?.issues ?? []).map((issue) => issue.path);

let sink: SmtpSink;

await describeApi(
  '[USERS]: /v1/users',
  (context) => {
    let orgA: string;
    let orgB: string;
    let admin: string;
    let operatorA: SignedIn;
    let operatorB: SignedIn;
    let userA: SignedIn;
    const { api } = context;
    const email = (label: string) => `${label}-${newId().slice(-12)}@users.test`;
    const invitation = (fields: Partial<Invitation> = {}): Invitation => ({
      email: email('invitee'),
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization_id: orgA,
      organization_role: 'user',
      ...fields,
    });
    const create = (token: string, fields: Partial<Invitation> = {}) =>
      api(token).call(op.invite, { body: invitation(fields) });
    const read = (token: string, id: string) => api(token).call(op.read, { params: { id } });
    const patch = (token: string, id: string, body: OperationRequest<typeof op.update>['body']) =>
      api(token).call(op.update, { params: { id }, body });
    const remove = (token: string, id: string) => api(token).call(op.remove, { params: { id } });
    const list = async (token: string, query: ListQuery = {}) => {
      const response = await api(token).call(op.list, { query });
      expect(response.status).toBe(200);
      return response.body;
    };
    const me = (token: string) => api(token).send('GET', '/v1/me');

    beforeAll(async () => {
      orgA = await createTestOrganization(context.server, 'Alpha');
      orgB = await createTestOrganization(context.server, 'Bravo');
      admin = await signIn(context.server, ADMIN_EMAIL, TEST_PASSWORD);
      operatorA = await signInAs(context.server, { role: 'operator', organizationId: orgA });
      operatorB = await signInAs(context.server, { role: 'operator', organizationId: orgB });
      userA = await signInAs(context.server, {
        role: 'user',
        organizationId: orgA,
        firstName: 'Una',
        lastName: 'User',
      });
    }, 90_000);
    afterAll(async () => {
      await sink?.close();
    });

    it('invites a user: 201 with the representation, readable with its groups, never a hash', async () => {
      const created = await create(operatorA.token, {
        email: ' Mixed.Case@Users.Test ',
        locale: 'fr-FR',
        organization_role: 'editor',
      });
      expect(created.status).toBe(201);
      const user = created.body;
      expect(user).toEqual({
        id: expect.any(String),
        email: 'mixed.case@users.test',
        first_name: 'Ada',
        last_name: 'Lovelace',
        organization_id: orgA,
        organization_role: 'editor',
        status: 'invited',
        locale: 'fr-FR',
        avatar_image_id: null,
        created_at: expect.any(String),
        updated_at: user.created_at,
        credit_wallet: 0,
        credit_posted: 0,
        credit_pending: 0,
      });
      const detail = await read(operatorA.token, user.id);
      expect(detail.status).toBe(200);
      expect(detail.body).toEqual({ ...user, groups: [] });
      expect(JSON.stringify(detail.body)).not.toMatch(/hash|password/i);
    });

    it('refuses an address already held, the seeded super-admin’s included (409 email_taken)', async () => {
      const address = email('twice');
      expect((await create(operatorA.token, { email: address })).status).toBe(201);
      const again = await create(operatorA.token, { email: address.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('email_taken');
      const seeded = await create(admin, { email: ADMIN_EMAIL });
      expect(seeded.status).toBe(409);
      expect(seeded.body.code).toBe('email_taken');
    });

    it('grants only roles up to the caller’s own', async () => {
      const superAdmin = await create(operatorA.token, { organization_role: 'super-admin' });
      expect(superAdmin.status).toBe(403);
      expect(superAdmin.body.code).toBe('role_not_assignable');
      expect((await create(operatorA.token, { organization_role: 'operator' })).status).toBe(201);
      expect((await create(userA.token)).status).toBe(403);
      const editor = await signInAs(context.server, { role: 'editor', organizationId: orgA });
      expect((await create(editor.token)).status).toBe(403);
      // Super-admins belong to the platform organization only, whoever grants the role.
      const customerSuperAdmin = await create(admin, { organization_role: 'super-admin' });
      expect(customerSuperAdmin.status).toBe(403);
      expect(customerSuperAdmin.body.code).toBe('super_admin_outside_platform');
      expect(issuePaths(customerSuperAdmin.body)).toEqual(['organization_role']);
      expect(
        (await create(admin, { organization_role: 'super-admin', organization_id: platformOrganizationId })).status,
      ).toBe(201);
      // Not a role an invitation can carry: the contract refuses it before the API sees it.
      const guest = await api(admin).send('POST', '/v1/users', {
        body: { ...invitation(), organization_role: 'guest' },
      });
      expect(guest.status).toBe(400);
    });

    it('invites only into a visible, active organization', async () => {
      const other = await create(operatorA.token, { organization_id: orgB });
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('organization_not_found');
      expect((await create(admin, { organization_id: 'no-such-organization' })).body.code).toBe(
        'organization_not_found',
      );
      expect((await create(admin, { organization_id: orgB })).status).toBe(201);

      const archived = await createTestOrganization(context.server, 'Archived');
      const result = await handleCommand(
        context.server.platform.store,
        organizationStreamId(archived),
        organizationDecider,
        {
          type: 'ArchiveOrganization',
          data: { organizationId: archived },
          metadata: { now: new Date().toISOString() },
        },
        { commandId: newId() },
      );
      context.server.projections.wake();
      await waitForProjections(context.server.platform.db, result.append!.position, { timeoutMs: 15_000 });
      const refused = await create(admin, { organization_id: archived });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('organization_archived');
    });

    it('names each invalid field', async () => {
      const response = await api(operatorA.token).send('POST', '/v1/users', {
        body: { ...invitation({ email: 'not-an-email', first_name: '' }), role: 'user' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      expect(issuePaths(response.body)).toEqual(expect.arrayContaining(['email', 'first_name', 'role']));
      const empty = await patch(operatorA.token, userA.userId, {});
      expect(empty.status).toBe(400);
      const badStatus = await api(operatorA.token).send('PATCH', `/v1/users/${userA.userId}`, {
        body: { status: 'invited' },
      });
      expect(issuePaths(badStatus.body)).toEqual(['status']);
      const badPage = await api(operatorA.token).send('GET', '/v1/users', {
        query: { page_size: 13, pagesize: 12 },
      });
      expect(badPage.status).toBe(400);
      expect(issuePaths(badPage.body)).toEqual(expect.arrayContaining(['page_size', 'pagesize']));
    });

    it('lists with paging, sort, q and the organization and status filters', async () => {
      const orgC = await createTestOrganization(context.server, 'Charlie');
      const operatorC = await signInAs(context.server, { role: 'operator', organizationId: orgC, firstName: 'Zed' });
      const names = ['Bea', 'Cal', 'Dee', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kit', 'Lou', 'Mo'];
      for (const firstName of names) {
        await createTestUser(context.server, { role: 'user', organizationId: orgC, firstName, lastName: 'Charlie' });
      }
      const invited = await create(operatorC.token, {
        organization_id: orgC,
        first_name: 'Abe',
        last_name: 'Invited',
      });
      expect(invited.status).toBe(201);
      const invitedId = invited.body.id;

      const first = await list(operatorC.token, { sort: 'name' });
      expect(first).toMatchObject({ total: 14, page: 1, page_size: 12 });
      expect(first.items.map((user) => user.first_name)).toEqual(['Abe', ...names.slice(0, 11)]);
      const second = await list(operatorC.token, { sort: 'name', page: 2 });
      expect(second.items.map((user) => user.first_name)).toEqual(['Mo', 'Zed']);
      const newest = await list(operatorC.token, { page_size: 24 });
      expect(newest.items[0]!.id).toBe(invitedId);
      expect(newest.items.every((user) => user.organization_id === orgC)).toBe(true);

      expect((await list(operatorC.token, { q: 'ivy' })).items.map((user) => user.first_name)).toEqual(['Ivy']);
      expect((await list(operatorC.token, { q: '%' })).total).toBe(0);
      const onlyInvited = await list(operatorC.token, { status: 'invited' });
      expect(onlyInvited.items.map((user) => user.id)).toEqual([invitedId]);
      expect((await list(operatorC.token, { status: 'active' })).total).toBe(13);

      expect((await list(admin, { organization_id: orgC })).total).toBe(14);
      expect((await list(admin, { page_size: 48 })).total).toBeGreaterThan(14);
      const foreign = await api(operatorA.token).call(op.list, { query: { organization_id: orgC } });
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('organization_not_found');
    });

    it('keeps each organization’s users to itself: another organization’s user is 404 everywhere', async () => {
      const target = await createTestUser(context.server, { role: 'user', organizationId: orgB });
      const listed = await list(operatorA.token, { q: target.email });
      expect(listed.total).toBe(0);
      const all = await list(operatorA.token, { page_size: 48 });
      expect(all.items.every((user) => user.organization_id === orgA)).toBe(true);
      const params = { id: target.userId };
      for (const [label, attempt] of [
        ['GET', () => api(operatorA.token).call(op.read, { params })],
        ['PATCH', () => api(operatorA.token).call(op.update, { params, body: { first_name: 'Hacked' } })],
        ['DELETE', () => api(operatorA.token).call(op.remove, { params })],
        ['POST resend', () => api(operatorA.token).call(op.resendInvitation, { params: { user_id: target.userId } })],
      ] as const) {
        const response = await attempt();
        expect(response.status, `${label} ${target.userId}`).toBe(404);
        expect(response.body.code).toBe('user_not_found');
      }
      // Indistinguishable from an id that does not exist.
      const missing = await read(operatorA.token, newId());
      expect(missing.status).toBe(404);
      expect((await list(operatorB.token, { q: target.email })).total).toBe(1);
      expect((await read(admin, target.userId)).status).toBe(200);
    });

    it('lets users read and edit their own names and language, nothing more', async () => {
      const mine = await read(userA.token, userA.userId);
      expect(mine.status).toBe(200);
      const renamed = await patch(userA.token, userA.userId, {
        first_name: 'Uma',
        last_name: 'Renamed',
        locale: 'fr-FR',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ first_name: 'Uma', last_name: 'Renamed', locale: 'fr-FR' });
      const sameRole = await patch(userA.token, userA.userId, { organization_role: 'user' });
      expect(sameRole.status).toBe(200);

      const promote = await patch(userA.token, userA.userId, { organization_role: 'operator' });
      expect(promote.status).toBe(403);
      expect(promote.body.code).toBe('cannot_change_own_role');
      const disable = await patch(userA.token, userA.userId, { status: 'disabled' });
      expect(disable.status).toBe(403);
      expect(disable.body.code).toBe('cannot_disable_self');
      const demoteSelf = await patch(operatorA.token, operatorA.userId, { organization_role: 'user' });
      expect(demoteSelf.body.code).toBe('cannot_change_own_role');

      // Whoever may only read themself sees nobody else: another id is as missing as an unknown one.
      const colleague = await read(userA.token, operatorA.userId);
      expect(colleague.status).toBe(404);
      expect(colleague.body.code).toBe('user_not_found');
      const other = await patch(userA.token, operatorA.userId, { first_name: 'X' });
      expect(other.status).toBe(403);
      expect((await api(userA.token).call(op.list, { query: {} })).status).toBe(403);
      expect((await remove(userA.token, operatorA.userId)).status).toBe(403);
    });

    it('lets an operator change role and names, but never grant or touch a role above their own', async () => {
      const member = await createTestUser(context.server, { role: 'user', organizationId: orgA });
      const changed = await patch(operatorA.token, member.userId, {
        organization_role: 'editor',
        last_name: 'Promoted',
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ organization_role: 'editor', last_name: 'Promoted' });

      const tooHigh = await patch(operatorA.token, member.userId, {
        organization_role: 'super-admin',
        last_name: 'Never',
      });
      expect(tooHigh.status).toBe(403);
      expect(tooHigh.body.code).toBe('role_not_assignable');
      // Refused as a whole: the name in the same request was not applied.
      const after = (await read(operatorA.token, member.userId)).body;
      expect(after.last_name).toBe('Promoted');

      // Nor can a super-admin make a customer's user one.
      const promoted = await patch(admin, member.userId, { organization_role: 'super-admin' });
      expect(promoted.status).toBe(403);
      expect(promoted.body.code).toBe('super_admin_outside_platform');
      expect((await read(admin, member.userId)).body.organization_role).toBe('editor');

      const boss = await createTestUser(context.server, { role: 'super-admin', organizationId: orgA });
      for (const attempt of [
        () => patch(operatorA.token, boss.userId, { first_name: 'Demoted' }),
        () => remove(operatorA.token, boss.userId),
      ]) {
        const response = await attempt();
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('user_not_manageable');
      }
    });

    it('ends every session of a disabled user at once; enabling lets them sign in again', async () => {
      const member = await signInAs(context.server, { role: 'user', organizationId: orgA });
      expect((await me(member.token)).status).toBe(200);
      const disabled = await patch(operatorA.token, member.userId, { status: 'disabled' });
      expect(disabled.status).toBe(200);
      expect(disabled.body.status).toBe('disabled');

      const after = await me(member.token);
      expect(after.status).toBe(401);
      expect(['session_ended', 'account_disabled']).toContain(after.body.code);
      await expect(signIn(context.server, member.email, member.password)).rejects.toThrow(/403.*account_disabled/);

      const profileWhileDisabled = await patch(operatorA.token, member.userId, { first_name: 'Still' });
      expect(profileWhileDisabled.status).toBe(409);
      expect(profileWhileDisabled.body.code).toBe('user_disabled');

      const enabled = await patch(operatorA.token, member.userId, { status: 'active', first_name: 'Back' });
      expect(enabled.body).toMatchObject({ status: 'active', first_name: 'Back' });
      expect(await signIn(context.server, member.email, member.password)).toBeTruthy();
    });

    it('deletes an active user by disabling them (history kept, sessions ended); never oneself', async () => {
      const self = await remove(operatorA.token, operatorA.userId);
      expect(self.status).toBe(403);
      expect(self.body.code).toBe('cannot_delete_self');

      const member = await signInAs(context.server, { role: 'editor', organizationId: orgA });
      expect((await remove(operatorA.token, member.userId)).status).toBe(204);
      expect((await me(member.token)).status).toBe(401);
      const kept = (await read(operatorA.token, member.userId)).body;
      expect(kept.status).toBe('disabled');
      expect((await remove(operatorA.token, member.userId)).status).toBe(204);
      const address = await create(operatorA.token, { email: member.email });
      expect(address.body.code).toBe('email_taken');
    });

    it('documents the calls in /openapi.json', async () => {
      type Operation = { parameters: { name: string }[]; requestBody?: unknown };
      const document = (await api().send<{ paths: Record<string, Record<string, Operation>> }>('GET', '/openapi.json'))
        .body;
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
      const body = invitation();
      const headers = { 'idempotency-key': `invite-${newId()}` };
      const first = await api(operatorA.token).call(op.invite, { body }, { headers });
      const retry = await api(operatorA.token).call(op.invite, { body }, { headers });
      expect(first.status).toBe(201);
      expect(retry.status).toBe(201);
      expect(retry.body).toEqual(first.body);
    });
  },
  {
    env: async () => {
      sink = await startSmtpSink();
      return { SMTP_URL: sink.url, PUBLIC_URL: 'http://app.test' };
    },
  },
);
