import type { ListPage, ListParams } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection, type TableNames } from '../../runner/projection.js';
import { entityReads } from '../../shared/entity-reads.js';
import { sqlFilter } from '../../shared/paged-list.js';
import { auditTimes } from '../../shared/rows.js';

/** Counted rather than incremented, so applying a membership event twice cannot skew it. */
const recountMembers = (tx: SqlExecutor, t: TableNames<'groups' | 'members'>, userGroupId: string, at: string) =>
  tx.query(
    `UPDATE ${t.groups} SET updated_at = $2,
       member_count = (SELECT count(*) FROM ${t.members} WHERE user_group_id = $1)
     WHERE user_group_id = $1`,
    [userGroupId, at],
  );

const TABLES = { groups: 'rm_user_groups', members: 'rm_user_group_members' } as const;

/**
 * User groups with their members; archived groups stay, marked, with the members they had. Version 2
 * added the group's picture (a rebuild fills it from the events).
 */
export const userGroupsProjection = defineProjection({
  name: 'user-groups',
  version: 2,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.groups} (
        user_group_id text PRIMARY KEY,
        organization_id text NOT NULL,
        name text NOT NULL,
        description text NOT NULL,
        status text NOT NULL,
        member_count integer NOT NULL DEFAULT 0,
        image_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.groups}_org_idx ON ${t.groups} (organization_id, updated_at);
      CREATE TABLE IF NOT EXISTS ${t.members} (
        user_group_id text NOT NULL,
        user_id text NOT NULL,
        PRIMARY KEY (user_group_id, user_id)
      );
      CREATE INDEX IF NOT EXISTS ${t.members}_user_idx ON ${t.members} (user_id);`);
  },
  on: {
    async UserGroupCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.groups} (user_group_id, organization_id, name, description, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'active', $5, $5) ON CONFLICT (user_group_id) DO NOTHING`,
        [data.userGroupId, data.organizationId, data.name, data.description, data.createdAt],
      );
    },
    async UserGroupUpdated(tx, { data }, t) {
      await tx.query(`UPDATE ${t.groups} SET name = $2, description = $3, updated_at = $4 WHERE user_group_id = $1`, [
        data.userGroupId,
        data.name,
        data.description,
        data.updatedAt,
      ]);
    },
    async UserGroupImageChanged(tx, { data }, t) {
      await tx.query(`UPDATE ${t.groups} SET image_id = $2, updated_at = $3 WHERE user_group_id = $1`, [
        data.userGroupId,
        data.imageId,
        data.changedAt,
      ]);
    },
    async UserGroupArchived(tx, { data }, t) {
      await tx.query(`UPDATE ${t.groups} SET status = 'archived', updated_at = $2 WHERE user_group_id = $1`, [
        data.userGroupId,
        data.archivedAt,
      ]);
    },
    async UserGroupMemberAdded(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.members} (user_group_id, user_id) VALUES ($1, $2) ON CONFLICT (user_group_id, user_id) DO NOTHING`,
        [data.userGroupId, data.userId],
      );
      await recountMembers(tx, t, data.userGroupId, data.addedAt);
    },
    async UserGroupMemberRemoved(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.members} WHERE user_group_id = $1 AND user_id = $2`, [
        data.userGroupId,
        data.userId,
      ]);
      await recountMembers(tx, t, data.userGroupId, data.removedAt);
    },
  },
});

export type UserGroupStatus = 'active' | 'archived';

export type UserGroupView = {
  userGroupId: string;
  organizationId: string;
  name: string;
  description: string;
  status: UserGroupStatus;
  memberCount: number;
  /** An uploaded image's id; null: the default picture. */
  imageId: string | null;
  createdAt: string;
  updatedAt: string;
};

export type UserGroupDetail = UserGroupView & { memberIds: string[] };

export type UserGroupListParams = ListParams & { organizationId?: string; includeArchived?: boolean };

type UserGroupRecord = {
  user_group_id: string;
  organization_id: string;
  name: string;
  description: string;
  status: UserGroupStatus;
  member_count: number;
  image_id: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = `g.user_group_id, g.organization_id, g.name, g.description, g.status, g.member_count, g.image_id,
  g.created_at, g.updated_at`;

const toView = (row: UserGroupRecord): UserGroupView => ({
  userGroupId: row.user_group_id,
  organizationId: row.organization_id,
  name: row.name,
  description: row.description,
  status: row.status,
  memberCount: row.member_count,
  imageId: row.image_id,
  ...auditTimes(row),
});

const groups = entityReads({
  readModel: 'user-groups',
  from: `${TABLES.groups} g`,
  columns: COLUMNS,
  order: { name: 'lower(g.name)', updatedAt: 'g.updated_at', id: 'g.user_group_id' },
  toView,
});

export const listUserGroups = (db: SqlExecutor, params: UserGroupListParams): Promise<ListPage<UserGroupView>> =>
  groups.list(
    db,
    params,
    sqlFilter()
      .where(params.includeArchived ? 'true' : `g.status = 'active'`)
      .equals('g.organization_id', params.organizationId)
      .search(['g.name'], params.q),
  );

export const findUserGroup = async (db: SqlExecutor, userGroupId: string): Promise<UserGroupDetail | undefined> => {
  const group = await groups.find(db, userGroupId);
  if (!group) return undefined;
  const { rows: members } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM ${TABLES.members} WHERE user_group_id = $1 ORDER BY user_id`,
    [userGroupId],
  );
  return { ...group, memberIds: members.map((member) => member.user_id) };
};

/** The active groups the user is a member of, by name. */
export const listGroupsOfUser = async (db: SqlExecutor, userId: string): Promise<UserGroupView[]> => {
  const { rows } = await db.query<UserGroupRecord>(
    `SELECT ${COLUMNS} FROM ${TABLES.groups} g JOIN ${TABLES.members} m ON m.user_group_id = g.user_group_id
     WHERE m.user_id = $1 AND g.status = 'active' ORDER BY ${groups.order.name}`,
    [userId],
  );
  return rows.map(toView);
};

/** Every active group of an organization, by name: what a bulk import's group names are looked up in. */
export const listActiveGroupsOfOrganization = async (
  db: SqlExecutor,
  organizationId: string,
): Promise<UserGroupView[]> => {
  const { rows } = await db.query<UserGroupRecord>(
    `SELECT ${COLUMNS} FROM ${TABLES.groups} g WHERE g.organization_id = $1 AND g.status = 'active' ORDER BY ${groups.order.name}`,
    [organizationId],
  );
  return rows.map(toView);
};

/** The groups each of these users is a member of (active or not), by user id. */
export const groupIdsOfUsers = async (db: SqlExecutor, userIds: readonly string[]): Promise<Map<string, string[]>> => {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const { rows } = await db.query<{ user_id: string; user_group_id: string }>(
    `SELECT user_id, user_group_id FROM ${TABLES.members} WHERE user_id = ANY($1::text[])`,
    [userIds],
  );
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.user_group_id]);
  return byUser;
};
