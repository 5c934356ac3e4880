import { APPLICATIONS_INSTALLED_AT_CREATION, type ApplicationId } from '@ai-coaching/domain';
import type { SqlExecutor } from '@ai-coaching/platform';
import { defineProjection } from '../../runner/projection.js';

const TABLES = { installs: 'rm_organization_applications' } as const;

/**
 * The applications each organization has installed (docs/applications.md). An organization has the applications
 * installed at creation from its `OrganizationCreated`, so the organizations that existed before this read model get
 * them when it first catches up from the start, as new ones do: no migration, and a replay inserts nothing twice.
 */
export const organizationApplicationsProjection = defineProjection({
  name: 'organization-applications',
  version: 1,
  tables: TABLES,
  async setup(tx, t) {
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS ${t.installs} (
        organization_id text NOT NULL,
        application_id text NOT NULL,
        -- null: installed with the organization's creation.
        installed_by text,
        installed_at timestamptz NOT NULL,
        PRIMARY KEY (organization_id, application_id)
      );`);
  },
  on: {
    async OrganizationCreated(tx, { data }, t) {
      for (const applicationId of APPLICATIONS_INSTALLED_AT_CREATION) {
        await tx.query(
          `INSERT INTO ${t.installs} (organization_id, application_id, installed_by, installed_at)
           VALUES ($1, $2, NULL, $3) ON CONFLICT (organization_id, application_id) DO NOTHING`,
          [data.organizationId, applicationId, data.createdAt],
        );
      }
    },
    async ApplicationInstalled(tx, { data }, t) {
      await tx.query(
        `INSERT INTO ${t.installs} (organization_id, application_id, installed_by, installed_at)
         VALUES ($1, $2, $3, $4) ON CONFLICT (organization_id, application_id) DO NOTHING`,
        [data.organizationId, data.applicationId, data.installedBy, data.installedAt],
      );
    },
    async ApplicationRemoved(tx, { data }, t) {
      await tx.query(`DELETE FROM ${t.installs} WHERE organization_id = $1 AND application_id = $2`, [
        data.organizationId,
        data.applicationId,
      ]);
    },
  },
});

export type OrganizationApplicationView = {
  applicationId: ApplicationId;
  /** null: installed with the organization's creation. */
  installedBy: string | null;
  installedAt: string;
};

/** The organization's installed applications, by id. */
export const listOrganizationApplications = async (
  db: SqlExecutor,
  organizationId: string,
): Promise<OrganizationApplicationView[]> => {
  const { rows } = await db.query<{
    application_id: ApplicationId;
    installed_by: string | null;
    installed_at: Date | string;
  }>(
    `SELECT application_id, installed_by, installed_at FROM ${TABLES.installs}
     WHERE organization_id = $1 ORDER BY application_id`,
    [organizationId],
  );
  return rows.map((row) => ({
    applicationId: row.application_id,
    installedBy: row.installed_by,
    installedAt: new Date(row.installed_at).toISOString(),
  }));
};
