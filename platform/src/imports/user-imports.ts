import type { PlannedImportRow } from '@ai-coaching/domain';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * Bulk imports of users (docs/api/integrations.md, "Bulk import"): the file's planned rows, kept between the dry run
 * and its confirmation, and read again for the result. A plain table, not events: the rows are the operator's
 * working copy of a file, while what the import changes (invitations, roles, memberships) is recorded by the
 * users' and groups' own events, and its progress by its background job.
 */
export const userImportMigrations: Migration[] = [
  {
    id: '0252_user_imports',
    sql: `CREATE TABLE user_imports (
      import_id text PRIMARY KEY,
      organization_id text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL,
      file_name text,
      delimiter text NOT NULL,
      locale text NOT NULL,
      rows jsonb NOT NULL,
      job_id text,
      confirmed_at timestamptz
    );
    CREATE INDEX user_imports_org_idx ON user_imports (organization_id, created_at);`,
  },
];

export type UserImportRecordView = {
  importId: string;
  organizationId: string;
  createdBy: string;
  createdAt: string;
  fileName: string | null;
  delimiter: string;
  /** The language of the operator who planned it: the invitations' when a row gives none. */
  locale: string;
  rows: PlannedImportRow[];
  jobId: string | null;
  confirmedAt: string | null;
};

type Row = {
  import_id: string;
  organization_id: string;
  created_by: string;
  created_at: Date | string;
  file_name: string | null;
  delimiter: string;
  locale: string;
  rows: PlannedImportRow[] | string;
  job_id: string | null;
  confirmed_at: Date | string | null;
};

const toView = (row: Row): UserImportRecordView => ({
  importId: row.import_id,
  organizationId: row.organization_id,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  fileName: row.file_name,
  delimiter: row.delimiter,
  locale: row.locale,
  rows: typeof row.rows === 'string' ? (JSON.parse(row.rows) as PlannedImportRow[]) : row.rows,
  jobId: row.job_id,
  confirmedAt: row.confirmed_at === null ? null : new Date(row.confirmed_at).toISOString(),
});

export const insertUserImport = async (
  db: SqlExecutor,
  plan: Omit<UserImportRecordView, 'jobId' | 'confirmedAt'>,
): Promise<void> => {
  await db.query(
    `INSERT INTO user_imports (import_id, organization_id, created_by, created_at, file_name, delimiter, locale, rows)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      plan.importId,
      plan.organizationId,
      plan.createdBy,
      plan.createdAt,
      plan.fileName,
      plan.delimiter,
      plan.locale,
      JSON.stringify(plan.rows),
    ],
  );
};

export const findUserImport = async (db: SqlExecutor, importId: string): Promise<UserImportRecordView | undefined> => {
  const { rows } = await db.query<Row>('SELECT * FROM user_imports WHERE import_id = $1', [importId]);
  return rows[0] ? toView(rows[0]) : undefined;
};

/** Marks the import confirmed with its job, once: answers false when it was confirmed already. */
export const confirmUserImportRow = async (
  db: SqlExecutor,
  importId: string,
  confirmation: { jobId: string; at: string },
): Promise<boolean> => {
  const { rows } = await db.query<{ import_id: string }>(
    `UPDATE user_imports SET job_id = $2, confirmed_at = $3 WHERE import_id = $1 AND job_id IS NULL
     RETURNING import_id`,
    [importId, confirmation.jobId, confirmation.at],
  );
  return rows.length > 0;
};
