import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

/**
 * Server-defined redirects of client paths (spec §4, navigation step 7). Operational configuration a
 * super-admin manages, so a table rather than a stream (docs/adr/0009).
 */
export const pathRedirectMigrations: Migration[] = [
  {
    id: '0090_path_redirects',
    sql: `
      CREATE TABLE path_redirects (
        source_path text PRIMARY KEY,
        target text NOT NULL,
        created_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );`,
  },
];

export type PathRedirect = { sourcePath: string; target: string; createdAt: string; updatedAt: string };

type Row = { source_path: string; target: string; created_at: Date | string; updated_at: Date | string };

const iso = (value: Date | string) => new Date(value).toISOString();
const toRedirect = (row: Row): PathRedirect => ({
  sourcePath: row.source_path,
  target: row.target,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
});

export const resolvePathRedirect = async (db: SqlExecutor, path: string): Promise<string | null> => {
  const { rows } = await db.query<{ target: string }>('SELECT target FROM path_redirects WHERE source_path = $1', [
    path,
  ]);
  return rows[0]?.target ?? null;
};

export const listPathRedirects = async (db: SqlExecutor): Promise<PathRedirect[]> => {
  const { rows } = await db.query<Row>(
    'SELECT source_path, target, created_at, updated_at FROM path_redirects ORDER BY source_path COLLATE "C"',
  );
  return rows.map(toRedirect);
};

export const upsertPathRedirect = async (
  db: SqlExecutor,
  input: { sourcePath: string; target: string; by: string | null },
): Promise<PathRedirect> => {
  const { rows } = await db.query<Row>(
    `INSERT INTO path_redirects (source_path, target, created_by) VALUES ($1, $2, $3)
     ON CONFLICT (source_path) DO UPDATE SET target = EXCLUDED.target, updated_at = now()
     RETURNING source_path, target, created_at, updated_at`,
    [input.sourcePath, input.target, input.by],
  );
  return toRedirect(rows[0]!);
};

/** False when there was nothing to delete. */
export const deletePathRedirect = async (db: SqlExecutor, sourcePath: string): Promise<boolean> =>
  (await db.query('DELETE FROM path_redirects WHERE source_path = $1', [sourcePath])).rowCount > 0;
