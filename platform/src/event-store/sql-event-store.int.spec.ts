import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger.js';
import { eventAppendedTopic, listenForChanges, onChange } from '../sql/change-feed.js';
import { migrate } from '../sql/migrations.js';
import { createPgliteDatabase } from '../sql/pglite-database.js';
import { createPostgresDatabase, quoteIdent } from '../sql/postgres-database.js';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';
import { describeEventStoreContract } from '../testing/event-store-contract.js';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '../testing/services.js';
import { EventIdConflictError, WrongExpectedRevisionError } from './errors.js';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './event-store.js';
import { createSqlEventStore, eventStoreMigrations } from './sql-event-store.js';

const pg = await postgresAvailability();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `$all` shows what committed below the oldest transaction still open anywhere on the server (xids are the cluster's,
// not one database's): another test file's transaction on the shared PostgreSQL can hold it back for a while, so a
// wait here is bounded generously (a CI run once needed more than 60 s while the whole suite ran beside it); what is
// waited for stays exact.
const waitFor = async (check: () => Promise<boolean>, timeoutMs = 150_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
};

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

const newEvents = (count: number, type = 'Raced'): NewEvent[] =>
  Array.from({ length: count }, (_, index) => ({ id: randomUUID(), type, data: { index } }));

/** The same database, with `beforeCommit` run inside every transaction just before it commits. */
const holdingCommits = (db: SqlDatabase, beforeCommit: (tx: SqlExecutor) => Promise<void>): SqlDatabase => ({
  ...db,
  transaction: <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      const result = await fn(tx);
      await beforeCommit(tx);
      return result;
    }),
});

const describeImmutability = (getDb: () => SqlDatabase) =>
  describe('es_events is append-only', () => {
    let store: EventStore;
    const streamId = `immutable-${randomUUID()}`;

    beforeAll(async () => {
      store = createSqlEventStore(getDb());
      await store.appendToStream(streamId, newEvents(2, 'Fact'));
    });

    it.each([
      ['UPDATE', `UPDATE es_events SET event_type = 'Rewritten'`],
      ['DELETE', 'DELETE FROM es_events'],
      ['a DELETE matching no row', 'DELETE FROM es_events WHERE false'],
      ['TRUNCATE', 'TRUNCATE es_events'],
    ])('refuses %s', async (_, statement) => {
      await expect(getDb().query(statement)).rejects.toMatchObject({
        code: 'P0001',
        message: expect.stringContaining('es_events is append-only') as unknown,
      });
      const events = await store.readStream(streamId);
      expect(events.map((e) => e.type)).toEqual(['Fact', 'Fact']);
    });
  });

describe('sql event store on PGlite', () => {
  let db: SqlDatabase;

  // Starting PGlite takes seconds, so the file shares one instance and each test gets a schema.
  beforeAll(async () => {
    db = await createPgliteDatabase();
    await db.exec(`CREATE SCHEMA extra; SET search_path TO extra`);
    await migrate(db, eventStoreMigrations);
  });
  afterAll(async () => {
    await db.close();
  });

  describeEventStoreContract('pglite', async () => {
    const schema = quoteIdent(uniqueTestName('es'));
    // PGlite has one session, so search_path set here is what the store's queries use.
    await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
    await migrate(db, eventStoreMigrations);
    return {
      store: createSqlEventStore(db),
      cleanup: async () => {
        await db.exec(`DROP SCHEMA ${schema} CASCADE; SET search_path TO extra`);
      },
    };
  });

  describeImmutability(() => db);

  it('leaves the database open on close', async () => {
    await createSqlEventStore(db).close();
    await expect(db.query('SELECT 1 AS one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  it('refuses an id already used in another stream', async () => {
    const store = createSqlEventStore(db);
    const [event] = newEvents(1);
    await store.appendToStream(`first-${randomUUID()}`, [event!]);

    await expect(store.appendToStream(`second-${randomUUID()}`, [event!])).rejects.toBeInstanceOf(EventIdConflictError);
  });
});

describe.skipIf(!pg.available)(`sql event store on PostgreSQL${pg.available ? '' : ` (skipped: ${pg.reason})`}`, () => {
  const schema = uniqueTestName('es');
  let db: SqlDatabase;

  beforeAll(async () => {
    db = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema, max: 16 });
    await migrate(db, eventStoreMigrations);
  });
  afterAll(async () => {
    await db?.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
    await db?.close();
  });

  describeEventStoreContract('postgres', async () => {
    const testSchema = uniqueTestName('es');
    const testDb = await createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema: testSchema, max: 2 });
    await migrate(testDb, eventStoreMigrations);
    return {
      store: createSqlEventStore(testDb),
      cleanup: async () => {
        await testDb.query(`DROP SCHEMA ${quoteIdent(testSchema)} CASCADE`);
        await testDb.close();
      },
    };
  });

  describeImmutability(() => db);

  it('tells the other processes of each append when it commits, once a type, and of no append it refused', async () => {
    // A database of its own: NOTIFY reaches every session of a database, and other files append to the shared one.
    const name = uniqueTestName('es_notify');
    await db.query(`CREATE DATABASE ${quoteIdent(name)}`);
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const writer = await createPostgresDatabase({ connectionString: url.toString(), max: 2 });
    // The projections runtime's side: another process listening on the same database.
    const reader = await createPostgresDatabase({ connectionString: url.toString(), max: 1 });
    const listening = await listenForChanges(reader, {
      connectionString: url.toString(),
      logger: createLogger({ level: 'silent' }),
    });
    try {
      await migrate(writer, eventStoreMigrations);
      let heard = 0;
      let others = 0;
      onChange(reader, [eventAppendedTopic('Raced')], () => (heard += 1));
      onChange(reader, [eventAppendedTopic('Other')], () => (others += 1));
      const store = createSqlEventStore(writer);
      const stream = `woken-${randomUUID()}`;
      await store.appendToStream(stream, newEvents(3));
      await waitFor(async () => heard > 0, 5000);
      await sleep(200);
      // Three events of one type in one transaction: one notification, for that type only.
      expect(heard).toBe(1);
      expect(others).toBe(0);
      await expect(store.appendToStream(stream, newEvents(1), { expectedRevision: 0n })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await sleep(200);
      expect(heard).toBe(1);
    } finally {
      await listening.close();
      await reader.close();
      await writer.close();
      await db.query(`DROP DATABASE ${quoteIdent(name)} WITH (FORCE)`);
    }
  });

  it('refuses an id already used in another stream', async () => {
    const store = createSqlEventStore(db);
    const [event] = newEvents(1);
    await store.appendToStream(`first-${randomUUID()}`, [event!]);

    await expect(store.appendToStream(`second-${randomUUID()}`, [event!])).rejects.toBeInstanceOf(EventIdConflictError);
  });

  describe('concurrent appends', () => {
    it.each<[string, ExpectedRevision, number]>([
      ['no_stream', 'no_stream', 0],
      ['any, new stream', 'any', 0],
      ['any, existing stream', 'any', 2],
      ['stream_exists', 'stream_exists', 2],
      ['an exact revision', 1n, 2],
    ])('the same append sent 8 times at once is written once (%s)', async (_, expectedRevision, existing) => {
      const store = createSqlEventStore(db);
      const streamId = `retry-${randomUUID()}`;
      if (existing > 0) await store.appendToStream(streamId, newEvents(existing));
      const batch = newEvents(3);

      const results = await Promise.all(
        Array.from({ length: 8 }, () => store.appendToStream(streamId, batch, { expectedRevision })),
      );

      expect(new Set(results.map((r) => `${r.nextExpectedRevision}@${r.position}`)).size).toBe(1);
      expect(results[0]!.nextExpectedRevision).toBe(BigInt(existing + 2));
      const stored = await store.readStream(streamId);
      expect(stored.map((e) => e.id)).toEqual([
        ...stored.slice(0, existing).map((e) => e.id),
        ...batch.map((e) => e.id),
      ]);
    });

    it('lets exactly one of several writers expecting the same revision win', async () => {
      const store = createSqlEventStore(db);
      const streamId = `contended-${randomUUID()}`;
      await store.appendToStream(streamId, newEvents(1));

      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, () => store.appendToStream(streamId, newEvents(2), { expectedRevision: 0n })),
      );

      const won = outcomes.filter((o): o is PromiseFulfilledResult<AppendResult> => o.status === 'fulfilled');
      const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(won[0]!.value.nextExpectedRevision).toBe(2n);
      expect(lost).toHaveLength(7);
      for (const error of lost) {
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ actual: 2n });
      }
      expect(await store.readStream(streamId)).toHaveLength(3);
    });
  });

  describe('$all under concurrent transactions', () => {
    it('hides a later commit while an earlier transaction is still open', async () => {
      const store = createSqlEventStore(db);
      const atCommit = deferred();
      const release = deferred();
      const holding = createSqlEventStore(
        holdingCommits(db, async () => {
          atCommit.resolve();
          await release.promise;
        }),
      );
      const head = await store.headPosition();
      const [early] = newEvents(1, 'Early');
      const [late] = newEvents(1, 'Late');

      const held = holding.appendToStream(`held-${randomUUID()}`, [early!]);
      await atCommit.promise;
      const quickStream = `quick-${randomUUID()}`;
      let committed: AppendResult;
      try {
        committed = await store.appendToStream(quickStream, [late!]);

        // A stream read needs no wait: appends to one stream are serialised by its row lock.
        expect((await store.readStream(quickStream)).map((e) => e.id)).toEqual([late!.id]);
        expect(await store.readAll({ maxCount: 10, ...(head ? { after: head } : {}) })).toEqual([]);
        expect(await store.headPosition()).toBe(head);
      } finally {
        // Released even when an assertion fails: an open transaction would stall every later $all read.
        release.resolve();
      }

      const heldResult = await held;
      expect(heldResult.position < committed.position).toBe(true);
      // Only these two: an event another test of this database appends meanwhile is no concern of this one.
      const ours = new Set([early!.id, late!.id]);
      let seen: RecordedEvent[] = [];
      await waitFor(async () => {
        seen = (await store.readAll({ maxCount: 500, ...(head ? { after: head } : {}) })).filter((e) => ours.has(e.id));
        return seen.length === 2;
      });
      expect(seen.map((e) => e.id)).toEqual([early!.id, late!.id]);
    }, 180_000);

    it('a reader polling from its checkpoint sees every committed event once, in order, while 8 writers race', async () => {
      const streams = Array.from({ length: 6 }, (_, i) => `race-${i}-${randomUUID()}`);
      const slowDb = holdingCommits(db, async (tx) => {
        await tx.query('SELECT pg_sleep($1)', [0.05 + Math.random() * 0.2]);
      });
      const reader = createSqlEventStore(db);
      const start = await reader.headPosition();
      const committed = new Set<string>();
      let conflicts = 0;
      let writing = true;

      const writer = async (index: number, until: number) => {
        // Three writers hold their transactions open after inserting, so others commit past them.
        const store = createSqlEventStore(index < 3 ? slowDb : db);
        const known = new Map<string, bigint>();
        while (Date.now() < until) {
          const streamId = streams[Math.floor(Math.random() * streams.length)]!;
          const batch = newEvents(1 + Math.floor(Math.random() * 3));
          const expectedRevision = Math.random() < 0.5 ? 'any' : (known.get(streamId) ?? 'no_stream');
          try {
            const result = await store.appendToStream(streamId, batch, { expectedRevision });
            known.set(streamId, result.nextExpectedRevision);
            for (const event of batch) committed.add(event.id);
          } catch (error) {
            if (!(error instanceof WrongExpectedRevisionError)) throw error;
            conflicts += 1;
            known.set(streamId, error.actual);
          }
        }
      };

      const received: RecordedEvent[] = [];
      const poll = async () => {
        let checkpoint = start;
        let drainUntil: number | undefined;
        while (writing || received.length < committed.size) {
          if (!writing) {
            drainUntil ??= Date.now() + 15_000;
            if (Date.now() > drainUntil) throw new Error(`reader saw ${received.length} of ${committed.size} events`);
          }
          const page = await reader.readAll({ maxCount: 25, ...(checkpoint ? { after: checkpoint } : {}) });
          received.push(...page);
          checkpoint = page.at(-1)?.position ?? checkpoint;
          if (page.length === 0) await sleep(5);
        }
      };

      // What a reader ordering by global_position alone would see: it skips late commits.
      const naiveSeen = new Set<string>();
      const pollNaively = async () => {
        let last = '0';
        while (writing) {
          const { rows } = await db.query<{ position: string; id: string }>(
            `SELECT global_position::text AS position, event_id::text AS id FROM es_events
             WHERE global_position > $1::bigint ORDER BY global_position LIMIT 100`,
            [last],
          );
          for (const row of rows) naiveSeen.add(row.id);
          last = rows.at(-1)?.position ?? last;
          if (rows.length === 0) await sleep(5);
        }
      };

      const until = Date.now() + 2_500;
      const reading = Promise.all([poll(), pollNaively()]);
      await Promise.all(Array.from({ length: 8 }, (_, i) => writer(i, until))).finally(() => {
        writing = false;
      });
      await reading;

      const ids = received.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(committed);
      expect(committed.size).toBeGreaterThan(100);
      expect(conflicts).toBeGreaterThan(0);

      // Positions only ever grew, so the checkpoint never passed an event that arrived later, and
      // the order is the table's (transaction_id, global_position) order.
      const positions = received.map((e) => e.position);
      expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
      const { rows } = await db.query<{ id: string }>(
        `SELECT event_id::text AS id FROM es_events WHERE stream_id = ANY($1) ORDER BY transaction_id, global_position`,
        [streams],
      );
      expect(ids).toEqual(rows.map((row) => row.id));
      for (const streamId of streams) {
        const revisions = received.filter((e) => e.streamId === streamId).map((e) => e.revision);
        expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
      }

      // Proves the run produced late commits, i.e. that the check above was not vacuous.
      expect([...committed].filter((id) => !naiveSeen.has(id)).length).toBeGreaterThan(0);
    });
  });
});
