import type {
  ListPage,
  ListParams,
  OrganizationKind,
  OrganizationMetadata,
  OrganizationMetadataKind,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { pagedList, sortOrder, sqlFilter } from '../../shared/paged-list.js';

/** Column per metadata kind: the kind never reaches the SQL text unchecked. */
const METADATA_COLUMNS: Readonly<Record<OrganizationMetadataKind, string>> = {
  organization: 'metadata_organization',
  product: 'metadata_product',
  custom: 'metadata_custom',
};

/** Organizations as the settings screens list them; archived ones stay, marked. */
export const organizationListProjection = defineProjection({
  name: 'organization-list',
  version: 2,
  tables: { organizations: 'rm_organizations' },
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.organizations} (
        organization_id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        kind text NOT NULL,
        status text NOT NULL,
        metadata_organization jsonb NOT NULL DEFAULT '{}',
        metadata_product jsonb NOT NULL DEFAULT '{}',
        metadata_custom jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${t.organizations}_updated_idx ON ${t.organizations} (updated_at, organization_id);
      CREATE INDEX IF NOT EXISTS ${t.organizations}_name_idx ON ${t.organizations} (lower(name), organization_id);`);
  },
  on: {
    async OrganizationCreated(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.organizations} (organization_id, name, description, kind, status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'active', $5, $5) ON CONFLICT (organization_id) DO NOTHING`,
        [data.organizationId, data.name, data.description ?? '', data.kind, data.createdAt],
      );
    },
    async OrganizationUpdated(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.organizations} SET name = $2, description = $3, updated_at = $4 WHERE organization_id = $1`,
        [data.organizationId, data.name, data.description, data.updatedAt],
      );
    },
    async OrganizationMetadataUpdated(tx, { data }, t) {
      const column = METADATA_COLUMNS[data.kind];
      await tx.query(
        `UPDATE ${t.organizations} SET ${column} = $2::jsonb, updated_at = $3 WHERE organization_id = $1`,
        [data.organizationId, JSON.stringify(data.metadata), data.updatedAt],
      );
    },
    async OrganizationArchived(tx, { data }, t) {
      await tx.query(`UPDATE ${t.organizations} SET status = 'archived', updated_at = $2 WHERE organization_id = $1`, [
        data.organizationId,
        data.archivedAt,
      ]);
    },
  },
});

export type OrganizationStatus = 'active' | 'archived';

export type OrganizationView = {
  organizationId: string;
  name: string;
  description: string;
  kind: OrganizationKind;
  status: OrganizationStatus;
  metadata: Record<OrganizationMetadataKind, OrganizationMetadata>;
  createdAt: string;
  updatedAt: string;
};

export type OrganizationListParams = ListParams & {
  /** Only these organizations (an operator sees their own); omitted means all. */
  organizationIds?: readonly string[];
  includeArchived?: boolean;
};

type OrganizationRecord = {
  organization_id: string;
  name: string;
  description: string;
  kind: OrganizationKind;
  status: OrganizationStatus;
  metadata_organization: OrganizationMetadata;
  metadata_product: OrganizationMetadata;
  metadata_custom: OrganizationMetadata;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = `organization_id, name, description, kind, status, metadata_organization, metadata_product,
  metadata_custom, created_at, updated_at`;

const toView = (row: OrganizationRecord): OrganizationView => ({
  organizationId: row.organization_id,
  name: row.name,
  description: row.description,
  kind: row.kind,
  status: row.status,
  metadata: { organization: row.metadata_organization, product: row.metadata_product, custom: row.metadata_custom },
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

const ORDER = sortOrder({ name: 'lower(name)', updatedAt: 'updated_at', id: 'organization_id' });

export const listOrganizations = (
  db: SqlExecutor,
  params: OrganizationListParams,
): Promise<ListPage<OrganizationView>> =>
  pagedList(db, {
    from: 'rm_organizations',
    columns: COLUMNS,
    filter: sqlFilter()
      .where(params.includeArchived ? undefined : `status = 'active'`)
      .anyOf('organization_id', params.organizationIds)
      .search(['name'], params.q),
    order: ORDER,
    params,
    toItem: toView,
  });

export const findOrganization = async (
  db: SqlExecutor,
  organizationId: string,
): Promise<OrganizationView | undefined> => {
  const { rows } = await db.query<OrganizationRecord>(
    `SELECT ${COLUMNS} FROM rm_organizations WHERE organization_id = $1`,
    [organizationId],
  );
  return rows[0] && toView(rows[0]);
};
