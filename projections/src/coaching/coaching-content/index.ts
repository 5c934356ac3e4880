import {
  coachingReferences,
  coachingStatusOf,
  COACHING_KIND_RULES,
  type CoachingFields,
  type CoachingKind,
  type CoachingOrigin,
  type CoachingReferenceKind,
  type CoachingShares,
  type CoachingStatus,
  type ListPage,
  type ListParams,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { pagedList, sortOrder, sqlFilter } from '../../shared/paged-list.js';
import { auditTimes, findOne, isoTime } from '../../shared/rows.js';

const TABLES = {
  items: 'rm_coaching_items',
  versions: 'rm_coaching_item_versions',
  references: 'rm_coaching_item_references',
} as const;

/**
 * The coaching content of every kind (personas, missions, observers, scenarios, playlists) in one read model: the
 * items with their working copy, every published version as it was published, and what each item refers to, so
 * "who uses this?" is one query whatever the kinds involved.
 */
export const coachingContentProjection = defineProjection({
  name: 'coaching-content',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.items} (
        item_id text PRIMARY KEY,
        kind text NOT NULL,
        organization_id text,
        title text NOT NULL,
        fields jsonb NOT NULL,
        version integer NOT NULL,
        published_version integer,
        -- The published version's fields: what those who do not edit the item see.
        published_fields jsonb,
        archived boolean NOT NULL DEFAULT false,
        origin jsonb,
        shares jsonb NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.items}_kind_org_idx ON ${t.items} (kind, organization_id, updated_at);
      CREATE TABLE IF NOT EXISTS ${t.versions} (
        item_id text NOT NULL,
        version integer NOT NULL,
        fields jsonb NOT NULL,
        published_by text,
        published_at timestamptz NOT NULL,
        PRIMARY KEY (item_id, version)
      );
      CREATE TABLE IF NOT EXISTS ${t.references} (
        item_id text NOT NULL,
        -- 0: the working copy; n: published version n.
        version integer NOT NULL,
        ref_kind text NOT NULL,
        ref_id text NOT NULL,
        PRIMARY KEY (item_id, version, ref_kind, ref_id)
      );
      CREATE INDEX IF NOT EXISTS ${t.references}_ref_idx ON ${t.references} (ref_id);`);
  },
  on: {
    async CoachingItemCreated(tx, { data }, t) {
      const inserted = await tx.query(
        `INSERT INTO ${t.items} (item_id, kind, organization_id, title, fields, version, origin, shares, created_by,
           created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $9) ON CONFLICT (item_id) DO NOTHING`,
        [
          data.itemId,
          data.kind,
          data.organizationId,
          titleOf(data.kind, data.fields),
          JSON.stringify(data.fields),
          data.origin === null ? null : JSON.stringify(data.origin),
          JSON.stringify({ userGroupIds: [], userIds: [], organizationIds: [] }),
          data.createdBy,
          data.createdAt,
        ],
      );
      if (inserted.rowCount > 0) await setReferences(tx, t.references, data.itemId, 0, data.kind, data.fields);
    },
    async CoachingItemEdited(tx, { data }, t) {
      const { rows } = await tx.query<{ kind: CoachingKind }>(`SELECT kind FROM ${t.items} WHERE item_id = $1`, [
        data.itemId,
      ]);
      const kind = rows[0]?.kind;
      if (!kind) return;
      await tx.query(
        `UPDATE ${t.items} SET fields = $2, title = $3, version = $4, updated_at = $5 WHERE item_id = $1`,
        [data.itemId, JSON.stringify(data.fields), titleOf(kind, data.fields), data.version, data.editedAt],
      );
      await setReferences(tx, t.references, data.itemId, 0, kind, data.fields);
    },
    async CoachingItemPublished(tx, { data }, t) {
      const { rows } = await tx.query<{ kind: CoachingKind }>(
        `UPDATE ${t.items} SET published_version = $2, published_fields = $4, updated_at = $3 WHERE item_id = $1
         RETURNING kind`,
        [data.itemId, data.version, data.publishedAt, JSON.stringify(data.fields)],
      );
      const kind = rows[0]?.kind;
      if (!kind) return;
      await tx.query(
        `INSERT INTO ${t.versions} (item_id, version, fields, published_by, published_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (item_id, version) DO NOTHING`,
        [data.itemId, data.version, JSON.stringify(data.fields), data.publishedBy, data.publishedAt],
      );
      await setReferences(tx, t.references, data.itemId, data.version, kind, data.fields);
    },
    async CoachingItemArchived(tx, { data }, t) {
      await tx.query(`UPDATE ${t.items} SET archived = true, updated_at = $2 WHERE item_id = $1`, [
        data.itemId,
        data.archivedAt,
      ]);
    },
    async CoachingItemRestored(tx, { data }, t) {
      await tx.query(`UPDATE ${t.items} SET archived = false, updated_at = $2 WHERE item_id = $1`, [
        data.itemId,
        data.restoredAt,
      ]);
    },
    async CoachingItemSharesSet(tx, { data }, t) {
      await tx.query(`UPDATE ${t.items} SET shares = $2, updated_at = $3 WHERE item_id = $1`, [
        data.itemId,
        JSON.stringify(data.shares),
        data.sharedAt,
      ]);
    },
    async CoachingItemDeleted(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.items} WHERE item_id = $1`, [data.itemId]);
      await tx.query(`DELETE FROM ${t.versions} WHERE item_id = $1`, [data.itemId]);
      await tx.query(`DELETE FROM ${t.references} WHERE item_id = $1`, [data.itemId]);
    },
  },
});

const titleOf = (kind: CoachingKind, fields: CoachingFields): string => {
  const title = fields[COACHING_KIND_RULES[kind].titleField];
  return typeof title === 'string' ? title : '';
};

/** Replaces the references of one version of an item (0: the working copy). */
const setReferences = async (
  tx: SqlExecutor,
  table: string,
  itemId: string,
  version: number,
  kind: CoachingKind,
  fields: CoachingFields,
) => {
  await tx.query(`DELETE FROM ${table} WHERE item_id = $1 AND version = $2`, [itemId, version]);
  for (const reference of coachingReferences(kind, fields)) {
    await tx.query(
      `INSERT INTO ${table} (item_id, version, ref_kind, ref_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [itemId, version, reference.kind, reference.id],
    );
  }
};

export type CoachingItemView = {
  itemId: string;
  kind: CoachingKind;
  organizationId: string | null;
  title: string;
  fields: CoachingFields;
  version: number;
  publishedVersion: number | null;
  /** The published version's fields (null before the first publication). */
  publishedFields: CoachingFields | null;
  status: CoachingStatus;
  origin: CoachingOrigin | null;
  shares: CoachingShares;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
};

type ItemRecord = {
  item_id: string;
  kind: CoachingKind;
  organization_id: string | null;
  title: string;
  fields: CoachingFields;
  version: number;
  published_version: number | null;
  published_fields: CoachingFields | null;
  archived: boolean;
  origin: CoachingOrigin | null;
  shares: CoachingShares;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const ITEM_COLUMNS = `i.item_id, i.kind, i.organization_id, i.title, i.fields, i.version, i.published_version,
  i.published_fields, i.archived, i.origin, i.shares, i.created_by, i.created_at, i.updated_at`;

const toItem = (row: ItemRecord): CoachingItemView => ({
  itemId: row.item_id,
  kind: row.kind,
  organizationId: row.organization_id,
  title: row.title,
  fields: row.fields,
  version: row.version,
  publishedVersion: row.published_version,
  publishedFields: row.published_fields,
  status: coachingStatusOf({ archived: row.archived, publishedVersion: row.published_version }),
  origin: row.origin,
  shares: row.shares,
  createdBy: row.created_by,
  ...auditTimes(row),
});

/**
 * Who sees an item, for lists: the caller's organization (its drafts only for those who edit this kind), the
 * platform library once published, and what is shared with the caller, a group of theirs or their organization.
 * Super-admins (`everything`) see every item.
 */
export type CoachingMemberAudience = {
  organizationId: string;
  userId: string;
  userGroupIds: readonly string[];
  seesDrafts: boolean;
};
export type CoachingAudience =
  { everything: true; organizationId?: string | null } | ({ everything?: false } & CoachingMemberAudience);

export type CoachingListParams = ListParams & {
  kind: CoachingKind;
  audience: CoachingAudience;
  status?: CoachingStatus;
  /** Within what the audience sees: its own organization's, the library's, or what another organization shares. */
  source?: 'own' | 'library' | 'shared';
};

export const listCoachingItems = (db: SqlExecutor, params: CoachingListParams): Promise<ListPage<CoachingItemView>> => {
  const filter = sqlFilter().equals('i.kind', params.kind).search(['i.title'], params.q);
  const audience = params.audience;
  if (audience.everything) {
    if (audience.organizationId === null) filter.where('i.organization_id IS NULL');
    else filter.equals('i.organization_id', audience.organizationId);
  } else {
    const org = filter.bind(audience.organizationId);
    const published = 'i.published_version IS NOT NULL AND NOT i.archived';
    filter.where(
      `((i.organization_id = ${org}${audience.seesDrafts ? '' : ` AND ${published}`})
        OR (${published} AND (i.organization_id IS NULL
          OR i.shares->'organizationIds' ? ${org}
          OR i.shares->'userIds' ? ${filter.bind(audience.userId)}
          OR i.shares->'userGroupIds' ?| ${filter.bind(audience.userGroupIds)}::text[])))`,
    );
  }
  const own = audience.everything ? undefined : audience.organizationId;
  if (params.source === 'library') filter.where('i.organization_id IS NULL');
  else if (params.source === 'own') {
    if (own === undefined) filter.where('i.organization_id IS NULL');
    else filter.equals('i.organization_id', own);
  } else if (params.source === 'shared') {
    filter.where('i.organization_id IS NOT NULL');
    if (own !== undefined) filter.where(`i.organization_id <> ${filter.bind(own)}`);
  }
  if (params.status === 'archived') filter.where('i.archived');
  else if (params.status === 'published') filter.where('NOT i.archived AND i.published_version IS NOT NULL');
  else if (params.status === 'draft') filter.where('NOT i.archived AND i.published_version IS NULL');
  return pagedList(db, {
    readModel: 'coaching-content',
    from: `${TABLES.items} i`,
    columns: ITEM_COLUMNS,
    filter,
    order: sortOrder({ name: 'lower(i.title)', updatedAt: 'i.updated_at', id: 'i.item_id' }),
    params,
    toItem,
  });
};

export const findCoachingItem = (db: SqlExecutor, itemId: string): Promise<CoachingItemView | undefined> =>
  findOne(db, `SELECT ${ITEM_COLUMNS} FROM ${TABLES.items} i WHERE i.item_id = $1`, [itemId], toItem);

export type CoachingVersionView = { itemId: string; version: number; fields: CoachingFields; publishedAt: string };

/** A published version as it was published: what a session plays. */
export const findCoachingItemVersion = (
  db: SqlExecutor,
  itemId: string,
  version: number,
): Promise<CoachingVersionView | undefined> =>
  findOne(
    db,
    `SELECT fields, published_at FROM ${TABLES.versions} WHERE item_id = $1 AND version = $2`,
    [itemId, version],
    (row: { fields: CoachingFields; published_at: Date | string }) => ({
      itemId,
      version,
      fields: row.fields,
      publishedAt: isoTime(row.published_at),
    }),
  );

/** The versions published so far, newest first. */
export const listCoachingItemVersions = async (
  db: SqlExecutor,
  itemId: string,
): Promise<{ version: number; publishedAt: string; publishedBy: string | null }[]> => {
  const { rows } = await db.query<{ version: number; published_at: Date | string; published_by: string | null }>(
    `SELECT version, published_at, published_by FROM ${TABLES.versions} WHERE item_id = $1 ORDER BY version DESC`,
    [itemId],
  );
  return rows.map((row) => ({
    version: row.version,
    publishedAt: isoTime(row.published_at),
    publishedBy: row.published_by,
  }));
};

/** The items whose working copy or a published version refers to this one, named for a person (oldest first). */
export const coachingItemsReferring = async (
  db: SqlExecutor,
  refKind: CoachingReferenceKind,
  refId: string,
): Promise<{ kind: CoachingKind; id: string; title: string }[]> => {
  const { rows } = await db.query<{ kind: CoachingKind; item_id: string; title: string }>(
    `SELECT DISTINCT i.kind, i.item_id, i.title, i.created_at FROM ${TABLES.references} r
       JOIN ${TABLES.items} i ON i.item_id = r.item_id
      WHERE r.ref_id = $1 AND r.ref_kind = $2
      ORDER BY i.created_at, i.item_id`,
    [refId, refKind],
  );
  return rows.map((row) => ({ kind: row.kind, id: row.item_id, title: row.title }));
};
