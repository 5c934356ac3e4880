import type { UserGroupEvent } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { at, listParams as params, seededReadModel } from '../../testing/read-model-spec.js';
import { findUserGroup, listGroupsOfUser, listUserGroups, userGroupsProjection } from './index.js';

const created = (userGroupId: string, name: string, day: number, organizationId = 'acme'): UserGroupEvent => ({
  type: 'UserGroupCreated',
  data: { userGroupId, organizationId, name, description: '', createdAt: at(day) },
});
const added = (userGroupId: string, userId: string, day: number): UserGroupEvent => ({
  type: 'UserGroupMemberAdded',
  data: { userGroupId, userId, addedAt: at(day) },
});
const removed = (userGroupId: string, userId: string, day: number): UserGroupEvent => ({
  type: 'UserGroupMemberRemoved',
  data: { userGroupId, userId, removedAt: at(day) },
});

const names = (groups: { name: string }[]) => groups.map((group) => group.name);

describe('user-groups read model', () => {
  const { db, reapplyTwice } = seededReadModel<UserGroupEvent>(userGroupsProjection, async ({ append }) => {
    await append(
      'user-group-sales',
      created('sales', 'Sales', 1),
      {
        type: 'UserGroupUpdated',
        data: { userGroupId: 'sales', name: 'Sales EMEA', description: 'Europe', updatedAt: at(2) },
      },
      added('sales', 'ada', 3),
      added('sales', 'bob', 4),
      added('sales', 'cy', 5),
      { type: 'UserGroupImageChanged', data: { userGroupId: 'sales', imageId: 'img-sales', changedAt: at(6) } },
      removed('sales', 'bob', 6),
    );
    await append('user-group-design', created('design', 'design', 7), added('design', 'ada', 8));
    await append(
      'user-group-old',
      created('old', 'Alumni', 9),
      added('old', 'ada', 10),
      { type: 'UserGroupImageChanged', data: { userGroupId: 'old', imageId: 'img-old', changedAt: at(10) } },
      { type: 'UserGroupImageChanged', data: { userGroupId: 'old', imageId: null, changedAt: at(10) } },
      { type: 'UserGroupArchived', data: { userGroupId: 'old', archivedAt: at(11) } },
    );
    await append('user-group-beta', created('beta', 'Beta_Testers', 12, 'beta'));
  });

  it('holds each group with its member count, its picture, and its members', async () => {
    const { rows } = await db.query(`SELECT * FROM rm_user_groups WHERE user_group_id IN ('old', 'sales') ORDER BY 1`);
    expect(rows).toEqual([
      {
        user_group_id: 'old',
        organization_id: 'acme',
        name: 'Alumni',
        description: '',
        status: 'archived',
        member_count: 1,
        image_id: null,
        created_at: new Date(at(9)),
        updated_at: new Date(at(11)),
      },
      {
        user_group_id: 'sales',
        organization_id: 'acme',
        name: 'Sales EMEA',
        description: 'Europe',
        status: 'active',
        member_count: 2,
        image_id: 'img-sales',
        created_at: new Date(at(1)),
        updated_at: new Date(at(6)),
      },
    ]);
    const members = await db.query('SELECT * FROM rm_user_group_members ORDER BY user_group_id, user_id');
    expect(members.rows).toEqual([
      { user_group_id: 'design', user_id: 'ada' },
      { user_group_id: 'old', user_id: 'ada' },
      { user_group_id: 'sales', user_id: 'ada' },
      { user_group_id: 'sales', user_id: 'cy' },
    ]);
  });

  it('finds one group with its member ids', async () => {
    expect(await findUserGroup(db, 'sales')).toEqual({
      userGroupId: 'sales',
      organizationId: 'acme',
      name: 'Sales EMEA',
      description: 'Europe',
      status: 'active',
      memberCount: 2,
      imageId: 'img-sales',
      createdAt: at(1),
      updatedAt: at(6),
      memberIds: ['ada', 'cy'],
    });
    expect(await findUserGroup(db, 'beta')).toMatchObject({ memberCount: 0, memberIds: [] });
    expect(await findUserGroup(db, 'nobody')).toBeUndefined();
  });

  it('lists active groups, most recently updated first by default', async () => {
    const page = await listUserGroups(db, params());
    expect(names(page.items)).toEqual(['Beta_Testers', 'design', 'Sales EMEA']);
    expect(page).toMatchObject({ total: 3, page: 1, page_size: 12 });
  });

  it('filters by organization, includes archived groups on request and sorts by name', async () => {
    expect(names((await listUserGroups(db, { ...params({ sort: 'name' }), organizationId: 'acme' })).items)).toEqual([
      'design',
      'Sales EMEA',
    ]);
    const withArchived = await listUserGroups(db, {
      ...params({ sort: 'updated_at' }),
      organizationId: 'acme',
      includeArchived: true,
    });
    expect(names(withArchived.items)).toEqual(['Sales EMEA', 'design', 'Alumni']);
  });

  it('matches q in the name, case-insensitively and literally', async () => {
    expect(names((await listUserGroups(db, params({ q: 'SALES' }))).items)).toEqual(['Sales EMEA']);
    expect(names((await listUserGroups(db, params({ q: '_' }))).items)).toEqual(['Beta_Testers']);
    expect((await listUserGroups(db, params({ q: 'alumni' }))).total).toBe(0);
  });

  it('pages with the total of all matches', async () => {
    const page = await listUserGroups(db, { ...params({ sort: 'name', page: 2 }), page_size: 2 });
    expect(names(page.items)).toEqual(['Sales EMEA']);
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
  });

  it("lists a user's active groups by name", async () => {
    expect(names(await listGroupsOfUser(db, 'ada'))).toEqual(['design', 'Sales EMEA']);
    expect(await listGroupsOfUser(db, 'bob')).toEqual([]);
  });

  it('is unchanged when the same events are applied again, each twice', async () => {
    const snapshot = async () => ({
      groups: (await db.query('SELECT * FROM rm_user_groups ORDER BY user_group_id')).rows,
      members: (await db.query('SELECT * FROM rm_user_group_members ORDER BY user_group_id, user_id')).rows,
    });
    const before = await snapshot();
    await reapplyTwice();
    expect(await snapshot()).toEqual(before);
  });
});
