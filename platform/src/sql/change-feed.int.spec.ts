import { createLogger } from '../logging/logger.js';
import { postgresAvailability, TEST_DATABASE_URL } from '../testing/services.js';
import { afterAll, describe, expect, it } from 'vitest';
import {
  announceChange,
  createChangeAwareCache,
  forgetLocally,
  listenForChanges,
  onChange,
  transactionAnnouncing,
} from './change-feed.js';
import { createPgliteDatabase } from './pglite-database.js';
import { createPostgresDatabase } from './postgres-database.js';
import type { SqlDatabase } from './sql-database.js';

const postgres = await postgresAvailability();

/** Runs `test` with a cache of its own (entries kept a minute), on a PGlite database of its own, closed afterwards. */
const withCache = async (
  options: { topics: string[]; max: number },
  test: (cache: ReturnType<typeof createChangeAwareCache<string, number>>, db: SqlDatabase) => Promise<void>,
): Promise<void> => {
  const db = await createPgliteDatabase();
  try {
    await test(createChangeAwareCache<string, number>(db, { ...options, ttlMs: 60_000 }), db);
  } finally {
    await db.close();
  }
};

describe('[PLATFORM]: caches that forget what changed', () => {
  it('forgets at once what this process announces, and keeps nothing loaded while a change was announced', () =>
    withCache({ topics: ['read-model:things'], max: 10 }, async (cache, db) => {
      let stored = 1;
      const load = async () => stored;
      expect(await cache.get('a', load)).toBe(1);
      stored = 2;
      expect(await cache.get('a', load)).toBe(1);
      await announceChange(db, ['read-model:other']);
      expect(await cache.get('a', load)).toBe(1);
      await announceChange(db, ['read-model:things']);
      expect(await cache.get('a', load)).toBe(2);

      // A load that a change overtakes answers its value but does not keep it: it may be older than the change.
      stored = 3;
      await announceChange(db, ['read-model:things']);
      const overtaken = cache.get('b', async () => {
        const value = stored;
        forgetLocally(db, ['read-model:things']);
        stored = 4;
        return value;
      });
      expect(await overtaken).toBe(3);
      expect(await cache.get('b', load)).toBe(4);
    }));

  it('stands aside while a transaction writes what it caches, and forgets it when the transaction ends', () =>
    withCache({ topics: ['read-model:things'], max: 10 }, async (cache, db) => {
      let stored = 1;
      const load = async () => stored;
      expect(await cache.get('a', load)).toBe(1);
      await transactionAnnouncing(db, async (_tx, announce) => {
        await announce(['read-model:things']);
        // A reader in the middle of the write reads the store, and what it read is not kept: it is
        // the state the commit is about to replace.
        expect(await cache.get('a', load)).toBe(1);
        stored = 2;
      });
      expect(await cache.get('a', load)).toBe(2);
      stored = 3;
      expect(await cache.get('a', load)).toBe(2);

      // A transaction that fails ends the write all the same: the cache answers again afterwards.
      await expect(
        transactionAnnouncing(db, async (_tx, announce) => {
          await announce(['read-model:things']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await cache.get('a', load)).toBe(3);
      stored = 4;
      expect(await cache.get('a', load)).toBe(3);
    }));

  it('reads the store when asked for a fresh value, and keeps what it read', () =>
    withCache({ topics: ['t'], max: 10 }, async (cache) => {
      let stored = 1;
      const load = async () => stored;
      const loadMany = async (missing: string[]) => new Map(missing.map((key) => [key, stored]));
      expect(await cache.get('a', load)).toBe(1);
      expect(await cache.getMany(['b'], loadMany)).toEqual(new Map([['b', 1]]));
      // Changed where no announcement reaches this process (yet).
      stored = 2;
      expect(await cache.get('a', load)).toBe(1);
      expect(await cache.get('a', load, undefined, { fresh: true })).toBe(2);
      expect(await cache.getMany(['a', 'b'], loadMany)).toEqual(
        new Map([
          ['a', 2],
          ['b', 1],
        ]),
      );
      expect(await cache.getMany(['b'], loadMany, { fresh: true })).toEqual(new Map([['b', 2]]));
      stored = 3;
      expect(await cache.get('b', load)).toBe(2);
    }));

  it('keeps an entry no longer than it may live, and evicts the oldest beyond its size', () =>
    withCache({ topics: ['t'], max: 2 }, async (cache) => {
      let loads = 0;
      const load = async () => ++loads;
      await cache.get('expired', load, () => Date.now() - 1);
      await cache.get('expired', load, () => Date.now() - 1);
      expect(loads).toBe(2);
      const many = await cache.getMany(['x', 'y', 'z'], async (missing) => new Map(missing.map((key) => [key, 9])));
      expect([...many.values()]).toEqual([9, 9, 9]);
      let asked: string[] = [];
      await cache.getMany(['x', 'y', 'z'], async (missing) => {
        asked = missing;
        return new Map(missing.map((key) => [key, 1]));
      });
      expect(asked).toEqual(['x']);
    }));

  describe.skipIf(!postgres.available)(
    `between processes on PostgreSQL${postgres.reason ? ` (skipped: ${postgres.reason})` : ''}`,
    () => {
      const opened: SqlDatabase[] = [];
      afterAll(async () => {
        for (const db of opened) await db.close();
      });

      it('hears, through NOTIFY when it commits, what another process announced in a transaction', async () => {
        const writer = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, max: 2 });
        const reader = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, max: 2 });
        opened.push(writer, reader);
        const listening = await listenForChanges(reader, {
          connectionString: TEST_DATABASE_URL,
          logger: createLogger({ level: 'silent' }),
        });
        try {
          const heard: string[] = [];
          onChange(reader, ['read-model:user-directory'], () => heard.push('user-directory'));
          await transactionAnnouncing(writer, async (_tx, announce) => {
            await announce(['read-model:user-directory']);
            await new Promise((resolve) => setTimeout(resolve, 100));
            // Not before the commit: a reader must not reload what is still being written.
            expect(heard).toEqual([]);
          });
          const deadline = Date.now() + 5000;
          while (heard.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
          expect(heard).toEqual(['user-directory']);
        } finally {
          await listening.close();
        }
      });
    },
  );
});
