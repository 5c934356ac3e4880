import type { SqlDatabase } from './sql-database.js';

export type Migration = {
  /** Sortable and never renamed once released: `0001_event_store`. */
  id: string;
  sql: string;
};

// One fixed key so concurrent starts of several runtimes migrate once, in turn.
const MIGRATION_LOCK_KEY = 7_246_001;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, in id order, each in
 * its own transaction. On PostgreSQL an advisory lock serialises runtimes starting together;
 * PGlite has one session, so there is nothing to race.
 */
export const migrate = async (db: SqlDatabase, migrations: readonly Migration[]): Promise<string[]> => {
  // Under the lock too: two sessions racing CREATE TABLE IF NOT EXISTS can both miss the
  // table and the loser fails on pg_type's unique index.
  await db.transaction(async (tx) => {
    if (db.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const sorted = [...migrations].sort((a, b) => a.id.localeCompare(b.id));
  const applied: string[] = [];
  for (const migration of sorted) {
    const done = await db.transaction(async (tx) => {
      if (db.dialect === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const { rowCount } = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (rowCount > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
};
