import {
  type ApiAnswer,
  createTestOrganization,
  createTestUser,
  describeApi,
  signInAs,
  unique,
} from '@ai-coaching/api/testing';
import { userGroupOperations as op, type ErrorBody } from '@ai-coaching/contracts';
import { newId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

const issuePaths = (body: Partial<ErrorBody>) => (body.details?.issues ?? []).map((issue) => issue.path);
const queryOf = (query: string) => Object.fromEntries(new URLSearchParams(query)) as Record<string, never>;

await describeApi('[TENANCY]: /v1/user_groups', (context) => {
  const { api } = context;
  const list = (token: string, query: string) => api(token).call(op.list, { query: queryOf(query) });
  const get = (token: string, id: string) => api(token).call(op.read, { params: { id } });
  const create = (token: string, organizationId: string, name = unique('Group'), description?: string) =>
    api(token).call(op.create, {
      body: { name, organization_id: organizationId, ...(description === undefined ? {} : { description }) },
    });
  const member = (token: string, action: 'add_member' | 'remove_member', groupId: string, userId: string) =>
    api(token).call(action === 'add_member' ? op.addMember : op.removeMember, {
      params: { user_group_id: groupId },
      body: { user_id: userId },
    });

  /** An organization with an operator of its own. */
  const tenant = async () => {
    const organizationId = await createTestOrganization(context.server, unique('Tenant'));
    return { organizationId, operator: await signInAs(context.server, { role: 'operator', organizationId }) };
  };

  it('creates, lists at once, reads, renames and archives a group of the operator’s organization', async () => {
    const a = await tenant();
    const name = unique('Sales');
    const created = await create(a.operator.token, a.organizationId, `  ${name} `, 'Field team');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      organization_id: a.organizationId,
      name,
      description: 'Field team',
      status: 'active',
      member_count: 0,
      image_id: null,
      created_at: expect.any(String),
      updated_at: created.body.created_at,
      credit_wallet: 0,
      credit_posted: 0,
      credit_pending: 0,
      member_ids: [],
    });
    const { member_ids: _members, ...listed } = created.body;
    expect((await list(a.operator.token, '')).body).toEqual({ items: [listed], total: 1, page: 1, page_size: 12 });
    expect((await get(a.operator.token, created.body.id)).body).toEqual(created.body);

    const renamed = await api(a.operator.token).send('PATCH', `/v1/user_groups/${created.body.id}`, {
      body: {
        name: `${name} EMEA`,
      },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: `${name} EMEA`, description: 'Field team', member_ids: [] });

    expect((await api(a.operator.token).send('DELETE', `/v1/user_groups/${created.body.id}`)).status).toBe(204);
    expect((await api(a.operator.token).send('DELETE', `/v1/user_groups/${created.body.id}`)).status).toBe(204);
    expect((await list(a.operator.token, '')).body.total).toBe(0);
    expect((await get(a.operator.token, created.body.id)).body.status).toBe('archived');
    const late = await api(a.operator.token).send('PATCH', `/v1/user_groups/${created.body.id}`, {
      body: { name: 'Again' },
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('user_group_archived');
  });

  it('refuses malformed input with a 400 naming the field', async () => {
    const a = await tenant();
    const group = await create(a.operator.token, a.organizationId);
    const token = a.operator.token;
    const cases: [Promise<ApiAnswer<Partial<ErrorBody>>>, string][] = [
      [api(token).send('GET', '/v1/user_groups?page_size=13'), 'page_size'],
      [api(token).send('GET', '/v1/user_groups?pagesize=12'), 'pagesize'],
      [api(token).send('GET', '/v1/user_groups?sort=members'), 'sort'],
      [api(token).send('POST', '/v1/user_groups', { body: { organization_id: a.organizationId } }), 'name'],
      [
        api(token).send('POST', '/v1/user_groups', {
          body: { name: 'x'.repeat(121), organization_id: a.organizationId },
        }),
        'name',
      ],
      [api(token).send('POST', '/v1/user_groups', { body: { name: 'Ok' } }), 'organization_id'],
      [api(token).send('POST', '/v1/user_groups', { body: { name: 'Ok', organization_id: 'a/b' } }), 'organization_id'],
      [
        api(token).send('POST', '/v1/user_groups', {
          body: { name: 'Ok', organization_id: a.organizationId, color: 'red' },
        }),
        'color',
      ],
      [
        api(token).send('PATCH', `/v1/user_groups/${group.body.id}`, { body: { description: 'x'.repeat(2001) } }),
        'description',
      ],
      [api(token).send('POST', `/v1/user_groups/add_member/${group.body.id}`, { body: {} }), 'user_id'],
      [
        api(token).send('POST', `/v1/user_groups/add_member/${'x'.repeat(101)}`, { body: { user_id: 'u' } }),
        'user_group_id',
      ],
    ];
    for (const [pending, field] of cases) {
      const { status, body } = await pending;
      expect(status, field).toBe(400);
      expect(body.code).toBe('invalid_request');
      expect(issuePaths(body)).toContain(field);
    }
    expect((await api(token).send('PATCH', `/v1/user_groups/${group.body.id}`, { body: {} })).status).toBe(400);
  });

  it('creates only in an active organization the caller may see', async () => {
    const a = await tenant();
    const b = await tenant();
    const elsewhere = await create(a.operator.token, b.organizationId);
    const nowhere = await create(a.operator.token, newId());
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ code: 'organization_not_found' });
    expect(elsewhere.body).toEqual(nowhere.body);
    expect((await list(context.superAdmin.token, `organization_id=${b.organizationId}`)).body.total).toBe(0);

    expect((await create(context.superAdmin.token, b.organizationId)).status).toBe(201);
    expect((await api(context.superAdmin.token).send('DELETE', `/v1/organizations/${b.organizationId}`)).status).toBe(
      204,
    );
    const archived = await create(context.superAdmin.token, b.organizationId);
    expect(archived.status).toBe(409);
    expect(archived.body).toMatchObject({ code: 'organization_archived' });
  });

  it('adds and removes members of the group’s organization only', async () => {
    const a = await tenant();
    const b = await tenant();
    const group = (await create(a.operator.token, a.organizationId)).body;
    const colleague = await createTestUser(context.server, { role: 'user', organizationId: a.organizationId });
    const stranger = await createTestUser(context.server, { role: 'user', organizationId: b.organizationId });

    const added = await member(a.operator.token, 'add_member', group.id, colleague.userId);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: group.id, member_count: 1, member_ids: [colleague.userId] });
    expect((await member(a.operator.token, 'add_member', group.id, colleague.userId)).body.member_count).toBe(1);
    expect((await list(a.operator.token, '')).body.items[0]?.member_count).toBe(1);

    const foreign = await member(a.operator.token, 'add_member', group.id, stranger.userId);
    const unknown = await member(a.operator.token, 'add_member', group.id, newId());
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'user_not_found' });
    expect(foreign.body).toEqual(unknown.body);
    const asSuperAdmin = await member(context.superAdmin.token, 'add_member', group.id, stranger.userId);
    expect(asSuperAdmin.status).toBe(404);
    expect((await get(a.operator.token, group.id)).body.member_ids).toEqual([colleague.userId]);

    const removed = await member(a.operator.token, 'remove_member', group.id, colleague.userId);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ member_count: 0, member_ids: [] });
  });

  it('keeps another organization’s groups out of reach: 404 on every call, never listed, unchanged', async () => {
    const a = await tenant();
    const b = await tenant();
    const name = unique('Secret');
    const hidden = (await create(b.operator.token, b.organizationId, name)).body;
    const bMember = await createTestUser(context.server, { role: 'user', organizationId: b.organizationId });
    const aUser = await createTestUser(context.server, { role: 'user', organizationId: a.organizationId });

    const attempts = [
      api(a.operator.token).send('GET', `/v1/user_groups/${hidden.id}`),
      api(a.operator.token).send('PATCH', `/v1/user_groups/${hidden.id}`, { body: { name: 'Mine now' } }),
      api(a.operator.token).send('DELETE', `/v1/user_groups/${hidden.id}`),
      api(a.operator.token).send('POST', `/v1/user_groups/add_member/${hidden.id}`, {
        body: { user_id: aUser.userId },
      }),
      api(a.operator.token).send('POST', `/v1/user_groups/add_member/${hidden.id}`, {
        body: { user_id: bMember.userId },
      }),
      api(a.operator.token).send('POST', `/v1/user_groups/remove_member/${hidden.id}`, {
        body: { user_id: bMember.userId },
      }),
    ];
    const missing = await api(a.operator.token).send('GET', `/v1/user_groups/${newId()}`);
    for (const attempt of attempts) {
      const { status, body } = await attempt;
      expect(status).toBe(404);
      expect(body).toEqual(missing.body);
    }
    expect(missing.body.code).toBe('user_group_not_found');

    expect((await list(a.operator.token, `q=${encodeURIComponent(name)}`)).body.total).toBe(0);
    expect((await list(a.operator.token, `organization_id=${b.organizationId}`)).status).toBe(404);
    const untouched = await get(b.operator.token, hidden.id);
    expect(untouched.body).toEqual(hidden);
  });

  it('lets a super-admin list every organization’s groups, filter by organization, page and sort', async () => {
    const a = await tenant();
    const b = await tenant();
    const prefix = unique('Team');
    const inA: string[] = [];
    for (const n of [3, 1, 2]) inA.push((await create(a.operator.token, a.organizationId, `${prefix} ${n}`)).body.id);
    const inB = (await create(b.operator.token, b.organizationId, `${prefix} 0`)).body.id;
    const q = `q=${encodeURIComponent(prefix)}`;

    const all = await list(context.superAdmin.token, `${q}&sort=name`);
    expect(all.body.items.map((group) => group.name.slice(-1))).toEqual(['0', '1', '2', '3']);
    const onlyA = await list(context.superAdmin.token, `${q}&sort=name&organization_id=${a.organizationId}`);
    expect(onlyA.body).toMatchObject({ total: 3, page: 1, page_size: 12 });
    expect(onlyA.body.items.map((group) => group.organization_id)).toEqual([
      a.organizationId,
      a.organizationId,
      a.organizationId,
    ]);
    expect((await list(a.operator.token, `${q}&page_size=24`)).body.items.map((group) => group.id)).not.toContain(inB);
    expect((await list(context.superAdmin.token, `organization_id=${newId()}`)).status).toBe(404);

    await api(a.operator.token).send('PATCH', `/v1/user_groups/${inA[0]}`, {
      body: { description: 'Touched last' },
    });
    const recent = await list(a.operator.token, `${q}&sort=-updated_at&page_size=48`);
    expect(recent.body.items[0]?.id).toBe(inA[0]);
    expect((await list(a.operator.token, `${q}&page=2`)).body).toMatchObject({ items: [], total: 3, page: 2 });
  });
});
