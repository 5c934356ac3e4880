import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '../testing/services.js';
import { migrate } from './migrations.js';
import { createPgliteDatabase } from './pglite-database.js';
import { createPostgresDatabase } from './postgres-database.js';
import type { SqlDatabase } from './sql-database.js';

const postgres = await postgresAvailability();

const describeDatabase = (name: string, open: () => Promise<{ db: SqlDatabase; cleanup(): Promise<void> }>) =>
  describe(name, () => {
    let db: SqlDatabase;
    let cleanup: () => Promise<void>;
    beforeAll(async () => {
      ({ db, cleanup } = await open());
    });
    afterAll(() => cleanup());

    it('counts the rows a SELECT returns and the rows a write changes, as pg does', async () => {
      await db.exec('CREATE TABLE t (id int PRIMARY KEY, v text)');
      expect((await db.query('INSERT INTO t VALUES (1, $1), (2, $1)', ['a'])).rowCount).toBe(2);
      expect((await db.query('SELECT * FROM t WHERE v = $1', ['a'])).rowCount).toBe(2);
      expect((await db.query('SELECT * FROM t WHERE id = 3')).rowCount).toBe(0);
      expect((await db.query('UPDATE t SET v = $1', ['b'])).rowCount).toBe(2);
    });

    it('commits a transaction that resolves and rolls back one that throws', async () => {
      await db.transaction((tx) => tx.query('INSERT INTO t VALUES (10, $1)', ['kept']));
      await expect(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO t VALUES (11, $1)', ['lost']);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const { rows } = await db.query<{ id: number }>('SELECT id FROM t WHERE id >= 10 ORDER BY id');
      expect(rows).toEqual([{ id: 10 }]);
    });

    it('applies each migration once, across repeated runs', async () => {
      const migrations = [
        { id: '0002_second', sql: 'CREATE TABLE m2 (id int)' },
        { id: '0001_first', sql: 'CREATE TABLE m1 (id int)' },
      ];
      expect(await migrate(db, migrations)).toEqual(['0001_first', '0002_second']);
      expect(await migrate(db, migrations)).toEqual([]);
      expect(await migrate(db, [...migrations, { id: '0003_third', sql: 'CREATE TABLE m3 (id int)' }])).toEqual([
        '0003_third',
      ]);
    });

    it('leaves no trace of a migration that fails', async () => {
      await expect(
        migrate(db, [{ id: '0009_bad', sql: 'CREATE TABLE m9 (id int); SELECT no_such_function()' }]),
      ).rejects.toThrow();
      const { rowCount } = await db.query(
        "SELECT 1 FROM pg_tables WHERE tablename = 'm9' AND schemaname = current_schema()",
      );
      expect(rowCount).toBe(0);
      expect((await db.query("SELECT 1 FROM schema_migrations WHERE id = '0009_bad'")).rowCount).toBe(0);
    });
  });

describeDatabase('PGlite database', async () => {
  const db = await createPgliteDatabase();
  return { db, cleanup: () => db.close() };
});

describe.skipIf(!postgres.available)(
  `PostgreSQL database${postgres.available ? '' : ` (skipped: ${postgres.reason})`}`,
  () => {
    const schema = uniqueTestName('sql');
    describeDatabase('on its own schema', async () => {
      const db = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema });
      return {
        db,
        async cleanup() {
          await db.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
          await db.close();
        },
      };
    });

    it('migrates once when several runtimes start together on a fresh schema', async () => {
      const fresh = uniqueTestName('sql_race');
      const runtimes = await Promise.all(
        Array.from({ length: 4 }, () => createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema: fresh })),
      );
      try {
        const migrations = [{ id: '0001_race', sql: 'CREATE TABLE raced (id int)' }];
        const applied = await Promise.all(runtimes.map((db) => migrate(db, migrations)));
        expect(applied.flat()).toEqual(['0001_race']);
      } finally {
        await runtimes[0]!.exec(`DROP SCHEMA IF EXISTS "${fresh}" CASCADE`);
        await Promise.all(runtimes.map((db) => db.close()));
      }
    });
  },
);
