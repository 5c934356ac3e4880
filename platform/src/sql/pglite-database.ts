import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { SqlDatabase, SqlExecutor, SqlParams, SqlResult } from './sql-database.js';

export type PgliteDatabaseOptions = {
  /** A directory for durable data; omitted means in memory (tests). */
  dataDir?: string;
};

const executor = (db: Pick<PGlite, 'query' | 'exec'>): SqlExecutor => ({
  async query<R>(sql: string, params: SqlParams = []): Promise<SqlResult<R>> {
    const result = await db.query<R>(sql, params as unknown[]);
    // PGlite reports affectedRows 0 for a SELECT; pg's rowCount counts the rows returned.
    return { rows: result.rows, rowCount: Math.max(result.rows.length, result.affectedRows ?? 0) };
  },
  async exec(sql: string): Promise<void> {
    await db.exec(sql);
  },
});

/**
 * PGlite runs PostgreSQL in WebAssembly inside this process: one session, so PGlite
 * serialises queries and transactions itself. That is why the event store needs no
 * advisory locks here.
 */
export const createPgliteDatabase = async (options: PgliteDatabaseOptions = {}): Promise<SqlDatabase> => {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const db = options.dataDir ? await PGlite.create(options.dataDir) : await PGlite.create();
  return {
    dialect: 'pglite',
    ...executor(db),
    transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(executor(tx)));
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
};
