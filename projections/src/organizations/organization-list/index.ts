import type {
  ListPage,
  ListParams,
  OrganizationArchived,
  OrganizationCreated,
  OrganizationKind,
  OrganizationMetadata,
  OrganizationMetadataKind,
  OrganizationMetadataUpdated,
  OrganizationUpdated,
  SortKey,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineLegacyProjection } from '../../runner/projection.js';

/** Column per metadata kind: the kind never reaches the SQL text unchecked. */
const METADATA_COLUMNS: Readonly<Record<OrganizationMetadataKind, string>> = {
  organization: 'metadata_organization',
  product: 'metadata_product',
  custom: 'metadata_custom',
};

/** Organizations as the settings screens list them; archived ones stay, marked. */
export const organizationListProjection = defineLegacyProjection({
  name: 'organization-list',
  version: 2,
  tables: { organizations: 'rm_organizations' },
  handles: ['OrganizationCreated', 'OrganizationUpdated', 'OrganizationMetadataUpdated', 'OrganizationArchived'],
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
  async apply(tx, event, t) {
    switch (event.type) {
      case 'OrganizationCreated': {
        const data = event.data as OrganizationCreated['data'];
        await tx.query(
          `INSERT INTO ${t.organizations} (organization_id, name, description, kind, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, 'active', $5, $5) ON CONFLICT (organization_id) DO NOTHING`,
          [data.organizationId, data.name, data.description ?? '', data.kind, data.createdAt],
        );
        return;
      }
      case 'OrganizationUpdated': {
        const data = event.data as OrganizationUpdated['data'];
        await tx.query(
          `UPDATE ${t.organizations} SET name = $2, description = $3, updated_at = $4 WHERE organization_id = $1`,
          [data.organizationId, data.name, data.description, data.updatedAt],
        );
        return;
      }
      case 'OrganizationMetadataUpdated': {
        const data = event.data as OrganizationMetadataUpdated['data'];
        const column = METADATA_COLUMNS[data.kind];
        await tx.query(
          `UPDATE ${t.organizations} SET ${column} = $2::jsonb, updated_at = $3 WHERE organization_id = $1`,
          [data.organizationId, JSON.stringify(data.metadata), data.updatedAt],
        );
        return;
      }
      case 'OrganizationArchived': {
        const data = event.data as OrganizationArchived['data'];
        await tx.query(
          `UPDATE ${t.organizations} SET status = 'archived', updated_at = $2 WHERE organization_id = $1`,
          [data.organizationId, data.archivedAt],
        );
        return;
      }
    }
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

/** `q` is matched literally: `%` and `_` typed by a user are not wildcards. */
const containing = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const ORDER: Readonly<Record<SortKey, string>> = {
  name: 'lower(name), organization_id',
  updated_at: 'updated_at, organization_id',
  '-updated_at': 'updated_at DESC, organization_id DESC',
};

export const listOrganizations = async (
  db: SqlExecutor,
  params: OrganizationListParams,
): Promise<ListPage<OrganizationView>> => {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  if (!params.includeArchived) conditions.push(`status = 'active'`);
  if (params.organizationIds) conditions.push(`organization_id = ANY(${bind(params.organizationIds)}::text[])`);
  if (params.q) conditions.push(`name ILIKE ${bind(containing(params.q))}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';

  const { rows: counted } = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM rm_organizations ${where}`,
    [...values],
  );
  const { rows } = await db.query<OrganizationRecord>(
    `SELECT ${COLUMNS} FROM rm_organizations ${where} ORDER BY ${ORDER[params.sort]}
     LIMIT ${bind(params.page_size)} OFFSET ${bind((params.page - 1) * params.page_size)}`,
    values,
  );
  return { items: rows.map(toView), total: counted[0]?.total ?? 0, page: params.page, page_size: params.page_size };
};

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
