import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * What an identity provider knows of the users and groups it provisions over SCIM, beside what the product knows:
 * its own key for each (`externalId`) and whether it deleted one. A plain table, not events: it is the provider's
 * bookkeeping, nothing of the product is decided from it (docs/api/integrations.md, "SCIM").
 */
export const scimResourceMigrations: Migration[] = [
  {
    id: '0246_scim_resources',
    sql: `CREATE TABLE scim_resources (
      resource_type text NOT NULL,
      resource_id text NOT NULL,
      organization_id text NOT NULL,
      external_id text,
      deleted_at timestamptz,
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (resource_type, resource_id)
    );
    CREATE INDEX scim_resources_external_idx ON scim_resources (organization_id, resource_type, external_id);`,
  },
];

export type ScimResourceType = 'User' | 'Group';

export type ScimResourceMark = { resourceId: string; externalId: string | null; deleted: boolean };

type MarkRow = { resource_id: string; external_id: string | null; deleted_at: Date | string | null };

/** The marks of an organization's resources of one type (all of them, or those of `resourceIds`). */
export const scimResourceMarks = async (
  db: SqlExecutor,
  organizationId: string,
  type: ScimResourceType,
  resourceIds?: readonly string[],
): Promise<Map<string, ScimResourceMark>> => {
  const { rows } = await db.query<MarkRow>(
    `SELECT resource_id, external_id, deleted_at FROM scim_resources
     WHERE organization_id = $1 AND resource_type = $2 AND ($3::text[] IS NULL OR resource_id = ANY($3::text[]))`,
    [organizationId, type, resourceIds ?? null],
  );
  return new Map(
    rows.map((row) => [
      row.resource_id,
      { resourceId: row.resource_id, externalId: row.external_id, deleted: row.deleted_at !== null },
    ]),
  );
};

/** Keeps the provider's key of a resource (null forgets it). */
export const setScimExternalId = async (
  db: SqlExecutor,
  mark: { organizationId: string; type: ScimResourceType; resourceId: string; externalId: string | null; at: Date },
): Promise<void> => {
  await db.query(
    `INSERT INTO scim_resources (resource_type, resource_id, organization_id, external_id, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (resource_type, resource_id) DO UPDATE SET external_id = EXCLUDED.external_id,
       updated_at = EXCLUDED.updated_at`,
    [mark.type, mark.resourceId, mark.organizationId, mark.externalId, mark.at.toISOString()],
  );
};

/**
 * Marks a resource deleted by the provider: the product keeps the account (disabled, with its history), the provider
 * sees it gone (RFC 7644 §3.6: 404 for every later operation on it).
 */
export const markScimResourceDeleted = async (
  db: SqlExecutor,
  mark: { organizationId: string; type: ScimResourceType; resourceId: string; at: Date },
): Promise<void> => {
  await db.query(
    `INSERT INTO scim_resources (resource_type, resource_id, organization_id, deleted_at, updated_at)
     VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (resource_type, resource_id) DO UPDATE SET deleted_at = EXCLUDED.deleted_at,
       updated_at = EXCLUDED.updated_at`,
    [mark.type, mark.resourceId, mark.organizationId, mark.at.toISOString()],
  );
};
