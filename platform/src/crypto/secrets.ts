import { randomBytes } from 'node:crypto';
import type { Migration } from '../sql/migrations.js';
import type { SqlExecutor } from '../sql/sql-database.js';

export const secretMigrations: Migration[] = [
  {
    id: '0050_platform_secrets',
    sql: `CREATE TABLE platform_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );`,
  },
];

/**
 * Returns the named secret, generating it on first use. Used for the embedded default when
 * AUTH_SECRET is not set: every runtime sharing the database then signs with the same key,
 * and a restart keeps sessions valid.
 */
export const ensureSecret = async (db: SqlExecutor, name: string): Promise<string> => {
  await db.query('INSERT INTO platform_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(48).toString('base64url'),
  ]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM platform_secrets WHERE name = $1', [name]);
  return rows[0]!.value;
};
