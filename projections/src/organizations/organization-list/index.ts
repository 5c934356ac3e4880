import type {
  ListPage,
  ListParams,
  OrganizationKind,
  OrganizationMetadata,
  OrganizationMetadataKind,
} from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';
import { entityReads } from '../../shared/entity-reads.js';
import { sqlFilter } from '../../shared/paged-list.js';
import { auditTimes, findOne } from '../../shared/rows.js';

/** Column per metadata kind: the kind never reaches the SQL text unchecked. */
const METADATA_COLUMNS: Readonly<Record<OrganizationMetadataKind, string>> = {
  organization: 'metadata_organization',
  product: 'metadata_product',
  custom: 'metadata_custom',
};

const TABLES = { organizations: 'rm_organizations' } as const;

/**
 * Organizations as the settings screens list them; archived ones stay, marked. Version 3 added the
 * operator display name and the mail settings, version 4 the logo, version 5 how long coaching sessions are kept, version 6
 * whether voice sessions are recorded, version 7 whether leaderboards are shown (a rebuild fills them from the events).
 */
export const organizationListProjection = defineProjection({
  name: 'organization-list',
  version: 7,
  tables: TABLES,
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
        operator_name text NOT NULL DEFAULT '',
        mail_sender_name text NOT NULL DEFAULT '',
        mail_reply_to text NOT NULL DEFAULT '',
        logo_image_id text,
        session_retention_days integer,
        record_voice_sessions boolean NOT NULL DEFAULT false,
        leaderboards_enabled boolean NOT NULL DEFAULT false,
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
    async OperatorNameChanged(tx, { data }, t) {
      await tx.query(`UPDATE ${t.organizations} SET operator_name = $2, updated_at = $3 WHERE organization_id = $1`, [
        data.organizationId,
        data.operatorName,
        data.changedAt,
      ]);
    },
    async OrganizationMailSettingsChanged(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.organizations} SET mail_sender_name = $2, mail_reply_to = $3, updated_at = $4
         WHERE organization_id = $1`,
        [data.organizationId, data.senderName, data.replyTo, data.changedAt],
      );
    },
    async OrganizationLogoChanged(tx, { data }, t) {
      await tx.query(`UPDATE ${t.organizations} SET logo_image_id = $2, updated_at = $3 WHERE organization_id = $1`, [
        data.organizationId,
        data.logoImageId,
        data.changedAt,
      ]);
    },
    async OrganizationSessionRetentionChanged(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.organizations} SET session_retention_days = $2, updated_at = $3 WHERE organization_id = $1`,
        [data.organizationId, data.retentionDays, data.changedAt],
      );
    },
    async OrganizationVoiceRecordingChanged(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.organizations} SET record_voice_sessions = $2, updated_at = $3 WHERE organization_id = $1`,
        [data.organizationId, data.enabled, data.changedAt],
      );
    },
    async OrganizationLeaderboardsChanged(tx, { data }, t) {
      await tx.query(
        `UPDATE ${t.organizations} SET leaderboards_enabled = $2, updated_at = $3 WHERE organization_id = $1`,
        [data.organizationId, data.enabled, data.changedAt],
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
  /** '' when none is set. */
  operatorName: string;
  /** '' when none is set: the platform's default applies. */
  mailSenderName: string;
  mailReplyTo: string;
  /** An uploaded image's id; null when none is set. */
  logoImageId: string | null;
  /** Days ended coaching sessions are kept; null: until deleted by hand. */
  sessionRetentionDays: number | null;
  /** Whether both sides' audio of its voice sessions is kept for replay; false by default. */
  recordVoiceSessions: boolean;
  /** Whether its members see leaderboards; false by default. */
  leaderboardsEnabled: boolean;
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
  operator_name: string;
  mail_sender_name: string;
  mail_reply_to: string;
  logo_image_id: string | null;
  session_retention_days: number | null;
  record_voice_sessions: boolean;
  leaderboards_enabled: boolean;
  created_at: Date | string;
  updated_at: Date | string;
};

const COLUMNS = `organization_id, name, description, kind, status, metadata_organization, metadata_product,
  metadata_custom, operator_name, mail_sender_name, mail_reply_to, logo_image_id, session_retention_days,
  record_voice_sessions, leaderboards_enabled, created_at, updated_at`;

const toView = (row: OrganizationRecord): OrganizationView => ({
  organizationId: row.organization_id,
  name: row.name,
  description: row.description,
  kind: row.kind,
  status: row.status,
  metadata: { organization: row.metadata_organization, product: row.metadata_product, custom: row.metadata_custom },
  operatorName: row.operator_name,
  mailSenderName: row.mail_sender_name,
  mailReplyTo: row.mail_reply_to,
  logoImageId: row.logo_image_id,
  sessionRetentionDays: row.session_retention_days,
  recordVoiceSessions: row.record_voice_sessions,
  leaderboardsEnabled: row.leaderboards_enabled,
  ...auditTimes(row),
});

const organizations = entityReads({
  readModel: 'organization-list',
  from: TABLES.organizations,
  columns: COLUMNS,
  order: { name: 'lower(name)', updatedAt: 'updated_at', id: 'organization_id' },
  toView,
});

export const listOrganizations = (
  db: SqlExecutor,
  params: OrganizationListParams,
): Promise<ListPage<OrganizationView>> =>
  organizations.list(
    db,
    params,
    sqlFilter()
      .where(params.includeArchived ? undefined : `status = 'active'`)
      .anyOf('organization_id', params.organizationIds)
      .search(['name'], params.q),
  );

export const findOrganization = (db: SqlExecutor, organizationId: string): Promise<OrganizationView | undefined> =>
  organizations.find(db, organizationId);

/** The platform's own organization (kind `platform`, created at the first start); undefined before it. */
export const findPlatformOrganization = (db: SqlExecutor): Promise<OrganizationView | undefined> =>
  findOne(
    db,
    `SELECT ${COLUMNS} FROM ${TABLES.organizations} WHERE kind = 'platform' ORDER BY created_at, organization_id LIMIT 1`,
    [],
    toView,
  );

/**
 * The organizations that keep their coaching sessions for a number of days: what the retention job visits. Archived
 * ones too: archiving keeps the organization's data, and so its promise to delete it in time.
 */
export const listSessionRetentions = async (
  db: SqlExecutor,
): Promise<{ organizationId: string; retentionDays: number }[]> => {
  const { rows } = await db.query<{ organization_id: string; session_retention_days: number }>(
    `SELECT organization_id, session_retention_days FROM ${TABLES.organizations}
     WHERE session_retention_days IS NOT NULL ORDER BY organization_id`,
  );
  return rows.map((row) => ({ organizationId: row.organization_id, retentionDays: row.session_retention_days }));
};

/**
 * Whether a voice session started now in this organization is recorded; false for an unknown organization. Read at
 * each start, so turning it off stops recording the next session without touching the recordings already kept.
 */
export const organizationRecordsVoiceSessions = async (db: SqlExecutor, organizationId: string): Promise<boolean> => {
  const { rows } = await db.query<{ record_voice_sessions: boolean }>(
    `SELECT record_voice_sessions FROM ${TABLES.organizations} WHERE organization_id = $1`,
    [organizationId],
  );
  return rows[0]?.record_voice_sessions ?? false;
};

/** Whether any organization besides the platform's own exists (the setup checklist's first step). */
export const hasCustomerOrganization = async (db: SqlExecutor): Promise<boolean> =>
  (await db.query(`SELECT 1 FROM ${TABLES.organizations} WHERE kind = 'customer' LIMIT 1`)).rows.length > 0;
