import { describeApi, unique } from '@ai-coaching/api/testing';
import {
  imageUploadSchema,
  organizationOperations,
  userGroupOperations,
  userOperations,
  type ImageUploadCategory,
} from '@ai-coaching/contracts';
import {} from '@ai-coaching/platform';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

// The three entity images of issue 11 item 5: a user's avatar, an organization's logo and a user
// group's picture. Each is an uploaded image's id, set, replaced and cleared through the entity's own
// create and update operations, with the entity's own permissions and tenancy (docs/image-uploads.md).

await describeApi('[UPLOADS]: avatar, logo and group picture', (context) => {
  const { api } = context;

  /** An image stored the way the client stores one: its id, as the entity keeps it. */
  const uploaded = async (token: string, category: ImageUploadCategory): Promise<string> => {
    const form = new FormData();
    form.set('category', category);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([Uint8Array.from(png)], { type: 'image/png' }), 'picture.png');
    const response = await fetch(`${context.server.url}/api/image/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    return imageUploadSchema.parse(await response.json()).id;
  };

  /** An organization with an operator, a learner and an editor of its own. */
  const tenant = () =>
    context.tenant({
      members: { operator: { role: 'operator' }, learner: { role: 'user' }, editor: { role: 'editor' } },
    });

  describe('a user’s avatar (avatar_image_id)', () => {
    const patch = (token: string, id: string, body: { avatar_image_id?: string | null; first_name?: string }) =>
      api(token).call(userOperations.update, { params: { id }, body });
    const read = (token: string, id: string) => api(token).call(userOperations.read, { params: { id } });

    it('is null until set; users set, replace and clear their own, and the list, the read and the update show it', async () => {
      const a = await tenant();
      const me = a.learner;
      expect((await read(me.token, me.userId)).body.avatar_image_id).toBeNull();

      const first = await uploaded(me.token, 'avatars');
      const set = await patch(me.token, me.userId, { avatar_image_id: first });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ id: me.userId, avatar_image_id: first, first_name: 'Test' });
      expect((await read(me.token, me.userId)).body.avatar_image_id).toBe(first);
      const listed = await api(a.operator.token).call(userOperations.list, {
        query: { q: me.email, organization_id: a.organizationId },
      });
      expect(listed.body.items).toEqual([expect.objectContaining({ id: me.userId, avatar_image_id: first })]);

      const second = await uploaded(me.token, 'avatars');
      expect((await patch(me.token, me.userId, { avatar_image_id: second })).body.avatar_image_id).toBe(second);
      // Other fields leave the avatar as it is.
      expect((await patch(me.token, me.userId, { first_name: 'Ada' })).body).toMatchObject({
        first_name: 'Ada',
        avatar_image_id: second,
      });

      const cleared = await patch(me.token, me.userId, { avatar_image_id: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.avatar_image_id).toBeNull();
      expect((await read(me.token, me.userId)).body.avatar_image_id).toBeNull();
    });

    it('is set on others by whoever may update users, in their organization only (another’s: 404)', async () => {
      const a = await tenant();
      const b = await tenant();
      const image = await uploaded(a.operator.token, 'avatars');

      const byOperator = await patch(a.operator.token, a.learner.userId, { avatar_image_id: image });
      expect(byOperator.status).toBe(200);
      expect(byOperator.body.avatar_image_id).toBe(image);

      const byOtherTenant = await patch(b.operator.token, a.learner.userId, { avatar_image_id: null });
      expect(byOtherTenant.status).toBe(404);
      expect(byOtherTenant.body.code).toBe('user_not_found');
      const byColleague = await patch(a.learner.token, a.operator.userId, { avatar_image_id: image });
      expect(byColleague.status).toBe(403);
      expect((await read(a.operator.token, a.learner.userId)).body.avatar_image_id).toBe(image);
      expect((await read(a.operator.token, a.operator.userId)).body.avatar_image_id).toBeNull();
    });

    it('refuses an id that is not one, naming the field', async () => {
      const a = await tenant();
      const answer = await api(a.learner.token).send('PATCH', `/v1/users/${a.learner.userId}`, {
        body: { avatar_image_id: '../etc/passwd' },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.details?.['issues']).toEqual([expect.objectContaining({ path: 'avatar_image_id' })]);
    });
  });

  describe('an organization’s logo (logo_image_id)', () => {
    const patch = (token: string, id: string, body: { logo_image_id?: string | null; name?: string }) =>
      api(token).call(organizationOperations.update, { params: { id }, body });
    const read = (token: string, id: string) => api(token).call(organizationOperations.read, { params: { id } });

    it('is given at creation by a super-admin, or left out (null)', async () => {
      const image = await uploaded(context.superAdmin.token, 'organizations');
      const withLogo = await api(context.superAdmin.token).call(organizationOperations.create, {
        body: { name: unique('Logo Corp'), logo_image_id: image },
      });
      expect(withLogo.status).toBe(201);
      expect(withLogo.body.logo_image_id).toBe(image);
      expect((await read(context.superAdmin.token, withLogo.body.id)).body.logo_image_id).toBe(image);

      const without = await api(context.superAdmin.token).call(organizationOperations.create, {
        body: { name: unique('Plain Corp') },
      });
      expect(without.body.logo_image_id).toBeNull();
    });

    it('is set, replaced and cleared by the organization’s operator; another organization’s answers 404', async () => {
      const a = await tenant();
      const b = await tenant();
      const first = await uploaded(a.operator.token, 'organizations');
      const set = await patch(a.operator.token, a.organizationId, { logo_image_id: first });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ id: a.organizationId, logo_image_id: first });
      const listed = await api(a.operator.token).call(organizationOperations.list, { query: {} });
      expect(listed.body.items).toEqual([expect.objectContaining({ id: a.organizationId, logo_image_id: first })]);

      const second = await uploaded(a.operator.token, 'organizations');
      const renamedToo = await patch(a.operator.token, a.organizationId, {
        logo_image_id: second,
        name: unique('Renamed'),
      });
      expect(renamedToo.body.logo_image_id).toBe(second);

      const byOtherTenant = await patch(b.operator.token, a.organizationId, { logo_image_id: null });
      expect(byOtherTenant.status).toBe(404);
      expect(byOtherTenant.body.code).toBe('organization_not_found');
      expect((await read(a.operator.token, a.organizationId)).body.logo_image_id).toBe(second);

      const cleared = await patch(a.operator.token, a.organizationId, { logo_image_id: null });
      expect(cleared.body.logo_image_id).toBeNull();
      expect((await read(context.superAdmin.token, a.organizationId)).body.logo_image_id).toBeNull();
    });

    it('needs the permission to change the organization’s details (an editor: 403)', async () => {
      const a = await tenant();
      const image = await uploaded(a.editor.token, 'organizations');
      const refused = await patch(a.editor.token, a.organizationId, { logo_image_id: image });
      expect(refused.status).toBe(403);
      expect((await read(a.operator.token, a.organizationId)).body.logo_image_id).toBeNull();
    });
  });

  describe('a user group’s picture (image_id)', () => {
    const patch = (token: string, id: string, body: { image_id?: string | null; name?: string }) =>
      api(token).call(userGroupOperations.update, { params: { id }, body });
    const read = (token: string, id: string) => api(token).call(userGroupOperations.read, { params: { id } });

    it('is given at creation, replaced, cleared, and shown by the list and the read', async () => {
      const a = await tenant();
      const first = await uploaded(a.operator.token, 'usergroups');
      const name = unique('Pictured');
      const created = await api(a.operator.token).call(userGroupOperations.create, {
        body: { name, organization_id: a.organizationId, image_id: first },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name, image_id: first, member_ids: [] });
      const listed = await api(a.operator.token).call(userGroupOperations.list, { query: { q: name } });
      expect(listed.body.items).toEqual([expect.objectContaining({ id: created.body.id, image_id: first })]);

      const second = await uploaded(a.operator.token, 'usergroups');
      const replaced = await patch(a.operator.token, created.body.id, { image_id: second });
      expect(replaced.status).toBe(200);
      expect(replaced.body).toMatchObject({ name, image_id: second });
      // The name alone leaves the picture as it is, and the picture alone the name.
      expect((await patch(a.operator.token, created.body.id, { name: `${name} 2` })).body.image_id).toBe(second);

      const cleared = await patch(a.operator.token, created.body.id, { image_id: null });
      expect(cleared.body).toMatchObject({ name: `${name} 2`, image_id: null });
      expect((await read(a.operator.token, created.body.id)).body.image_id).toBeNull();

      const plain = await api(a.operator.token).call(userGroupOperations.create, {
        body: { name: unique('Plain'), organization_id: a.organizationId },
      });
      expect(plain.body.image_id).toBeNull();
    });

    it('is another organization’s to change: 404, and nothing changes', async () => {
      const a = await tenant();
      const b = await tenant();
      const image = await uploaded(a.operator.token, 'usergroups');
      const group = await api(a.operator.token).call(userGroupOperations.create, {
        body: { name: unique('Mine'), organization_id: a.organizationId, image_id: image },
      });
      const refused = await patch(b.operator.token, group.body.id, { image_id: null });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('user_group_not_found');
      expect((await read(a.operator.token, group.body.id)).body.image_id).toBe(image);
    });

    it('refuses a change on an archived group (409)', async () => {
      const a = await tenant();
      const group = await api(a.operator.token).call(userGroupOperations.create, {
        body: { name: unique('Old'), organization_id: a.organizationId },
      });
      await api(a.operator.token).call(userGroupOperations.archive, { params: { id: group.body.id } });
      const late = await patch(a.operator.token, group.body.id, {
        image_id: await uploaded(a.operator.token, 'usergroups'),
      });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('user_group_archived');
    });
  });
});
