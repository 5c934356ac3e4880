import { platformOrganizationId } from '@ai-coaching/api';
import { type ApiAnswer, createTestOrganization, describeApi, signInAs, unique } from '@ai-coaching/api/testing';
import { updateOrganization, type AppServices } from '@ai-coaching/application';
import {
  organizationOperations as op,
  type ErrorBody,
  type OperationRequest,
  type Organization,
  type Page,
} from '@ai-coaching/contracts';
import { permissionsOf, ROLES, type Role } from '@ai-coaching/domain';
import type { Caller } from '@ai-coaching/platform';
import { newId } from '@ai-coaching/platform';
import { expect, it } from 'vitest';

const issuePaths = (body: Partial<ErrorBody>) => (body.details?.issues ?? []).map((issue) => issue.path);
const queryOf = (query: string) => Object.fromEntries(new URLSearchParams(query)) as Record<string, never>;

await describeApi('[TENANCY]: /v1/organizations', (context) => {
  const { api } = context;
  const list = (token: string, query: string) => api(token).call(op.list, { query: queryOf(query) });
  const get = (token: string, id: string) => api(token).call(op.read, { params: { id } });
  const create = (token: string, body: { name: string; description?: string }, headers?: Record<string, string>) =>
    api(token).call(op.create, { body }, headers ? { headers } : {});
  const patch = (token: string, id: string, body: OperationRequest<typeof op.update>['body']) =>
    api(token).call(op.update, { params: { id }, body });
  const archive = (token: string, id: string) => api(token).call(op.archive, { params: { id } });

  /** An organization with an operator of its own. */
  const tenant = async (name = unique('Tenant')) => {
    const organizationId = await createTestOrganization(context.server, name);
    return { organizationId, name, operator: await signInAs(context.server, { role: 'operator', organizationId }) };
  };

  /**
   * The tenant's operator as a use case's caller holding only `permissions`: the callers no role makes today, for the
   * use case called directly against the server's own services.
   */
  const operatorCaller = (a: Awaited<ReturnType<typeof tenant>>, permissions: Caller['permissions']): Caller => ({
    kind: 'user',
    userId: a.operator.userId,
    organizationId: a.organizationId,
    email: a.operator.email,
    firstName: '',
    lastName: '',
    role: 'operator',
    permissions,
    sessionId: newId(),
  });

  it('creates an organization that the list and GET show at once, in the documented shape', async () => {
    const name = unique('Acme');
    const created = await create(context.superAdmin.token, { name: `  ${name}  `, description: 'Rockets' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name,
      description: 'Rockets',
      kind: 'customer',
      status: 'active',
      metadata: { organization: {}, product: {}, custom: {} },
      operator_name: '',
      logo_image_id: null,
      session_retention_days: null,
      record_voice_sessions: false,
      leaderboards_enabled: false,
      user_count: 0,
      created_at: expect.any(String),
      updated_at: created.body.created_at,
      credit_wallet: 0,
      credit_posted: 0,
      credit_pending: 0,
    });
    const listed = await list(context.superAdmin.token, `q=${encodeURIComponent(name)}`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [created.body], total: 1, page: 1, page_size: 12 });
    expect((await get(context.superAdmin.token, created.body.id)).body).toEqual(created.body);
  });

  it('replays a create sent again with the same Idempotency-Key instead of creating twice', async () => {
    const name = unique('Retried');
    const key = { 'idempotency-key': newId() };
    const first = await create(context.superAdmin.token, { name }, key);
    const again = await create(context.superAdmin.token, { name }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await list(context.superAdmin.token, `q=${encodeURIComponent(name)}`)).body.total).toBe(1);
  });

  it('refuses malformed queries and bodies with a 400 naming the field', async () => {
    const cases: [Promise<ApiAnswer<Partial<ErrorBody>>>, string][] = [
      [api(context.superAdmin.token).send('GET', '/v1/organizations?page_size=13'), 'page_size'],
      [api(context.superAdmin.token).send('GET', '/v1/organizations?pagesize=12'), 'pagesize'],
      [api(context.superAdmin.token).send('GET', '/v1/organizations?sort=created_at'), 'sort'],
      [api(context.superAdmin.token).send('GET', '/v1/organizations?page=0'), 'page'],
      [api(context.superAdmin.token).send('POST', '/v1/organizations', { body: {} }), 'name'],
      [api(context.superAdmin.token).send('POST', '/v1/organizations', { body: { name: '   ' } }), 'name'],
      [api(context.superAdmin.token).send('POST', '/v1/organizations', { body: { name: 'x'.repeat(121) } }), 'name'],
      [
        api(context.superAdmin.token).send('POST', '/v1/organizations', { body: { name: 'Ok', kind: 'platform' } }),
        'kind',
      ],
      [
        api(context.superAdmin.token).send('PATCH', `/v1/organizations/${platformOrganizationId}`, {
          body: {
            metadata_custom: { k: { nested: 1 } },
          },
        }),
        'metadata_custom.k',
      ],
      [api(context.superAdmin.token).send('GET', '/v1/organizations/not%20an%20id'), 'id'],
    ];
    for (const [pending, field] of cases) {
      const { status, body } = await pending;
      expect(status, field).toBe(400);
      expect(body.code).toBe('invalid_request');
      expect(issuePaths(body)).toContain(field);
    }
    const empty = await api(context.superAdmin.token).send('PATCH', `/v1/organizations/${platformOrganizationId}`, {
      body: {},
    });
    expect(empty.status).toBe(400);
  });

  it('pages by 12, 24 or 48, sorts by name and -updated_at and filters by q', async () => {
    const prefix = unique('Paged');
    const numbers = [7, 1, 13, 4, 10, 2, 12, 5, 9, 3, 11, 6, 8];
    const ids = new Map<number, string>();
    for (const n of numbers)
      ids.set(n, await createTestOrganization(context.server, `${prefix} ${String(n).padStart(2, '0')}`));
    const names = (page: Page<Organization>) => page.items.map((item) => Number(item.name.slice(-2)));
    const q = `q=${encodeURIComponent(prefix)}`;

    const first = await list(context.superAdmin.token, `${q}&sort=name&page_size=12`);
    expect(first.body).toMatchObject({ total: 13, page: 1, page_size: 12 });
    expect(names(first.body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const second = await list(context.superAdmin.token, `${q}&sort=name&page_size=12&page=2`);
    expect(names(second.body)).toEqual([13]);
    expect((await list(context.superAdmin.token, `${q}&page_size=24`)).body.items).toHaveLength(13);
    expect((await list(context.superAdmin.token, `${q}&page_size=48&page=2`)).body).toMatchObject({
      items: [],
      total: 13,
    });
    expect((await list(context.superAdmin.token, `${q}%2005`)).body.items.map((item) => item.id)).toEqual([ids.get(5)]);

    const renamed = await patch(context.superAdmin.token, ids.get(7)!, { description: 'Touched last' });
    expect(renamed.status).toBe(200);
    const recent = await list(context.superAdmin.token, `${q}&sort=-updated_at`);
    expect(recent.body.items[0]?.id).toBe(ids.get(7));
    expect(recent.body.items[0]?.description).toBe('Touched last');
  });

  it('shows an operator their own organization only, as a page of one; another answers 404 like a missing one', async () => {
    const pair = unique('Pair');
    const a = await tenant(`${pair} A`);
    const b = await tenant(`${pair} B`);
    const own = await list(a.operator.token, '');
    expect(own.body).toMatchObject({ total: 1, page: 1, page_size: 12 });
    expect(own.body.items.map((item) => [item.id, item.user_count])).toEqual([[a.organizationId, 1]]);
    expect((await list(a.operator.token, `q=${encodeURIComponent(b.name)}`)).body.total).toBe(0);
    const archivedToo = await list(a.operator.token, 'include_archived=true');
    expect(archivedToo.status).toBe(403);

    expect((await get(a.operator.token, a.organizationId)).body.name).toBe(a.name);
    const other = await get(a.operator.token, b.organizationId);
    const missing = await get(a.operator.token, newId());
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('organization_not_found');
    expect(other.body).toEqual(missing.body);

    const learner = await signInAs(context.server, { role: 'user', organizationId: b.organizationId });
    expect((await list(learner.token, '')).body.items.map((item) => item.id)).toEqual([b.organizationId]);

    const everyone = await list(context.superAdmin.token, `q=${encodeURIComponent(pair)}&sort=name`);
    expect(everyone.body.items.map((item) => item.id)).toEqual([a.organizationId, b.organizationId]);
  });

  it('lets an operator rename their own organization (self-edit) but not another one (404, unchanged)', async () => {
    const a = await tenant();
    const b = await tenant();
    const renamed = await patch(a.operator.token, a.organizationId, { name: `${a.name} Ltd`, description: 'Ours' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: a.organizationId, name: `${a.name} Ltd`, description: 'Ours' });
    expect((await get(a.operator.token, a.organizationId)).body.name).toBe(`${a.name} Ltd`);

    const other = await patch(a.operator.token, b.organizationId, { name: 'Taken over' });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('organization_not_found');
    expect((await get(context.superAdmin.token, b.organizationId)).body.name).toBe(b.name);
  });

  it('needs the permission of each metadata kind: an editor is refused, an operator changes all three', async () => {
    const a = await tenant();
    const editor = await signInAs(context.server, { role: 'editor', organizationId: a.organizationId });
    for (const field of ['name', 'metadata_organization', 'metadata_product', 'metadata_custom']) {
      const refused = await patch(editor.token, a.organizationId, {
        [field]: field === 'name' ? 'Nope' : { plan: 'gold' },
      });
      expect(refused.status, field).toBe(403);
      expect(refused.body.code).toBe('forbidden');
    }
    const changed = await patch(a.operator.token, a.organizationId, {
      metadata_organization: { region: 'EU' },
      metadata_product: { plan: 'gold', seats: 40 },
      metadata_custom: { pilot: true, note: null },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.metadata).toEqual({
      organization: { region: 'EU' },
      product: { plan: 'gold', seats: 40 },
      custom: { pilot: true, note: null },
    });
    expect(changed.body.name).toBe(a.name);
  });

  it('lets exactly the roles that may set session retention turn voice recording on and off; the others get 403, naming the field once past the route', async () => {
    const a = await tenant();
    expect((await get(a.operator.token, a.organizationId)).body.record_voice_sessions).toBe(false);
    const mayChange: Record<Role, boolean> = {
      'super-admin': true,
      operator: true,
      editor: false,
      user: false,
      guest: false,
    };
    for (const role of ROLES) {
      const caller =
        role === 'super-admin'
          ? context.superAdmin
          : role === 'operator'
            ? a.operator
            : await signInAs(context.server, { role, organizationId: a.organizationId });
      const retention = await patch(caller.token, a.organizationId, { session_retention_days: 30 });
      const on = await patch(caller.token, a.organizationId, { record_voice_sessions: true });
      expect(on.status, role).toBe(retention.status);
      if (mayChange[role]) {
        expect(on.status, role).toBe(200);
        expect(on.body.record_voice_sessions, role).toBe(true);
        const off = await patch(caller.token, a.organizationId, { record_voice_sessions: false });
        expect(off.status, role).toBe(200);
        expect(off.body.record_voice_sessions, role).toBe(false);
      } else {
        // Refused at the route: these roles hold no permission to change any field of an organization.
        expect(on.status, role).toBe(403);
        expect(on.body.code, role).toBe('forbidden');
      }
    }
    // The refused callers changed nothing; the last allowed one left it off.
    expect((await get(a.operator.token, a.organizationId)).body.record_voice_sessions).toBe(false);

    const refused = await api(a.operator.token).send('PATCH', `/v1/organizations/${a.organizationId}`, {
      body: { record_voice_sessions: 'yes' },
    });
    expect(refused.status).toBe(400);
    expect(issuePaths(refused.body as Partial<ErrorBody>)).toContain('record_voice_sessions');

    // A caller let through the route by a metadata permission alone is refused the setting by name, before any
    // change: no role is like that today, so the use case is called directly.
    const metadataOnly = operatorCaller(a, ['organization-metadata-custom-update']);
    const body = op.update.body.parse({ record_voice_sessions: true, metadata_custom: { pilot: true } });
    await expect(
      updateOrganization(
        context.server.platform as unknown as AppServices,
        { caller: metadataOnly },
        a.organizationId,
        body,
      ),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden', details: { fields: ['record_voice_sessions'] } });
    expect((await get(a.operator.token, a.organizationId)).body).toMatchObject({
      record_voice_sessions: false,
      metadata: { custom: {} },
    });
  });

  it('keeps voice recording to its own organization: another one’s can be neither read nor changed', async () => {
    const a = await tenant();
    const b = await tenant();
    expect((await patch(a.operator.token, a.organizationId, { record_voice_sessions: true })).status).toBe(200);

    const read = await get(b.operator.token, a.organizationId);
    expect(read.status).toBe(404);
    expect(read.body.code).toBe('organization_not_found');
    const changed = await patch(b.operator.token, a.organizationId, { record_voice_sessions: false });
    expect(changed.status).toBe(404);
    expect(changed.body.code).toBe('organization_not_found');

    expect((await get(a.operator.token, a.organizationId)).body.record_voice_sessions).toBe(true);
    expect((await get(b.operator.token, b.organizationId)).body.record_voice_sessions).toBe(false);
    expect((await list(b.operator.token, '')).body.items.map((item) => item.id)).toEqual([b.organizationId]);
  });

  it('checks every field before changing any: one forbidden field leaves the organization untouched', async () => {
    // No role holds self-edit without every metadata permission today, so the use case is
    // called directly with such a caller, against the context.server's own services.
    const a = await tenant();
    const caller = operatorCaller(
      a,
      permissionsOf('operator').filter((p) => p !== 'organization-metadata-custom-update'),
    );
    const body = op.update.body.parse({
      name: 'Half applied',
      record_voice_sessions: true,
      metadata_product: { a: 1 },
      metadata_custom: { b: 2 },
    });
    await expect(
      updateOrganization(context.server.platform as unknown as AppServices, { caller }, a.organizationId, body),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden', details: { fields: ['metadata_custom'] } });
    const after = await get(a.operator.token, a.organizationId);
    expect(after.body).toMatchObject({
      name: a.name,
      record_voice_sessions: false,
      metadata: { organization: {}, product: {}, custom: {} },
    });
  });

  it('archives instead of deleting, idempotently, and protects the platform organization', async () => {
    const a = await tenant();
    expect((await archive(a.operator.token, a.organizationId)).status).toBe(403);
    expect((await archive(context.superAdmin.token, a.organizationId)).status).toBe(204);
    expect((await archive(context.superAdmin.token, a.organizationId)).status).toBe(204);

    const q = `q=${encodeURIComponent(a.name)}`;
    expect((await list(context.superAdmin.token, q)).body.total).toBe(0);
    const withArchived = await list(context.superAdmin.token, `${q}&include_archived=true`);
    expect(withArchived.body.items.map((item) => [item.id, item.status])).toEqual([[a.organizationId, 'archived']]);
    expect((await get(context.superAdmin.token, a.organizationId)).body.status).toBe('archived');

    const renamed = await patch(context.superAdmin.token, a.organizationId, { name: 'Revived' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('organization_archived');
    const recorded = await patch(context.superAdmin.token, a.organizationId, { record_voice_sessions: true });
    expect(recorded.status).toBe(409);
    expect(recorded.body.code).toBe('organization_archived');

    const platform = await archive(context.superAdmin.token, platformOrganizationId);
    expect(platform.status).toBe(403);
    expect(platform.body.code).toBe('platform_organization_protected');
    expect((await get(context.superAdmin.token, platformOrganizationId)).body.status).toBe('active');

    const missing = await archive(context.superAdmin.token, newId());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('organization_not_found');
  });
});
