import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
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

let initialDataFile: string | undefined;
let initialData: Promise<Blob> | undefined;

/**
 * Specs only: new databases (in memory, or in a directory that holds none yet) start from the files of this dump of a
 * freshly initialised one (`dumpDataDir`) instead of running initdb, which takes seconds of WebAssembly each time and
 * was a large part of the integration suite's time. What a runtime does at its first start (its migrations, its seed)
 * runs all the same; `undefined` goes back to initdb.
 */
export const startPgliteDatabasesFrom = (dumpFile: string | undefined): void => {
  initialDataFile = dumpFile;
  initialData = undefined;
};

const initialDataFor = (dataDir: string | undefined): Promise<Blob> | undefined => {
  if (!initialDataFile || (dataDir && existsSync(path.join(dataDir, 'PG_VERSION')))) return undefined;
  initialData ??= readFile(initialDataFile).then((bytes) => new Blob([bytes]));
  return initialData;
};

/**
 * PGlite runs PostgreSQL in WebAssembly inside this process: one session, so PGlite
 * serialises queries and transactions itself. That is why the event store needs no
 * advisory locks here.
 */
export const createPgliteDatabase = async (options: PgliteDatabaseOptions = {}): Promise<SqlDatabase> => {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const loadDataDir = await initialDataFor(options.dataDir);
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
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
