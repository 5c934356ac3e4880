import pg from 'pg';
import type { SqlDatabase, SqlExecutor, SqlParams, SqlResult } from './sql-database.js';

// bigint and numeric columns come back as strings by default; int8 is parsed by callers
// that need bigint precision (positions, revisions), so keep the default string parsing.

const executor = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
  async query<R>(sql: string, params: SqlParams = []): Promise<SqlResult<R>> {
    const result = await client.query(sql, params as unknown[]);
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  },
  async exec(sql: string): Promise<void> {
    await client.query(sql);
  },
});

export type PostgresDatabaseOptions = {
  connectionString: string;
  /** Schema put first on every connection's search_path (tests use one schema per file). */
  schema?: string;
  max?: number;
  applicationName?: string;
};

export const createPostgresDatabase = async (options: PostgresDatabaseOptions): Promise<SqlDatabase> => {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'ai-coaching',
    // A transaction left idle holds back pg_snapshot_xmin and so every $all reader.
    idle_in_transaction_session_timeout: 60_000,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)},public` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  if (options.schema) {
    // IF NOT EXISTS still races between sessions: the loser hits a unique violation, which means "exists".
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(options.schema)}`).catch((error: { code?: string }) => {
      if (error.code !== '23505' && error.code !== '42P06') throw error;
    });
  }
  const base = executor(pool);
  return {
    dialect: 'postgres',
    ...base,
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
};

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;
