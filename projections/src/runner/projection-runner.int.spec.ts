import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { EventStore, GlobalPosition, SqlDatabase } from '@ai-coaching/platform';
import {
  createLogger,
  createPgliteDatabase,
  createPostgresDatabase,
  createSqlEventStore,
  eventStoreMigrations,
  migrate,
  quoteIdent,
} from '@ai-coaching/platform';
import { postgresAvailability, TEST_DATABASE_URL, uniqueTestName } from '@ai-coaching/platform/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allProjections } from '../all-projections.js';
import { findOrganization } from '../organizations/organization-list/index.js';
import { findUserByEmail } from '../users/user-directory/index.js';
import { projectionMigrations, readStatus, readStatuses, requestRebuild, requestResume } from './checkpoint-store.js';
import type { Projection } from './projection.js';
import { createProjectionRunner, waitForProjections, type ProjectionRunnerOptions } from './projection-runner.js';

const pg = await postgresAvailability();
const logger = createLogger({ level: 'silent' });

/** One database per backend and file; every test starts from an empty schema in it. */
type Backend = {
  label: string;
  open(): Promise<SqlDatabase>;
  reset(db: SqlDatabase): Promise<void>;
  /** A second handle on the same data, as a second runtime would have. */
  openAnother(db: SqlDatabase): Promise<{ db: SqlDatabase; close(): Promise<void> }>;
  dispose(db: SqlDatabase): Promise<void>;
};

const pgliteBackend = (): Backend => {
  const schema = 'runner_test';
  return {
    label: 'PGlite (in memory)',
    async open() {
      const db = await createPgliteDatabase();
      await db.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
      return db;
    },
    reset: (db) => db.exec(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`),
    // One session per PGlite: a second runtime is a second runner on the same database.
    openAnother: async (db) => ({ db, close: async () => undefined }),
    dispose: (db) => db.close(),
  };
};

const postgresBackend = (): Backend => {
  const schema = uniqueTestName('projection_runner');
  const open = () => createPostgresDatabase({ connectionString: TEST_DATABASE_URL, schema });
  return {
    label: 'PostgreSQL',
    open,
    reset: (db) => db.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE; CREATE SCHEMA ${quoteIdent(schema)}`),
    async openAnother() {
      const db = await open();
      return { db, close: () => db.close() };
    },
    async dispose(db) {
      await db.exec(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
      await db.close();
    },
  };
};

const waitUntil = async (
  condition: () => boolean | Promise<boolean>,
  what: string | (() => Promise<string>),
  timeoutMs = 10_000,
) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out waiting for ${typeof what === 'string' ? what : await what()}`);
    await delay(10);
  }
};

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

/** Knobs the test projection reads at apply time, so a test can break and then fix it. */
type Flags = {
  /** Events with `data.poison` fail while this is true. */
  poisonBroken: boolean;
  /** Version 2 fails on every event of these streams. */
  brokenInV2: Set<string>;
  /** The next this-many applies fail with a serialization failure. */
  transientFailures: number;
  /** When set, apply calls `applyReached` and then waits for it. */
  applyGate: Promise<void> | undefined;
  applyReached: () => void;
  /** Shadow-table setups, i.e. rebuild attempts. */
  rebuildSetups: number;
};
const initialFlags = (): Flags => ({
  poisonBroken: true,
  brokenInV2: new Set(),
  transientFailures: 0,
  applyGate: undefined,
  applyReached: () => undefined,
  rebuildSetups: 0,
});
const flags = initialFlags();

const COUNTER = 'stream-counter';
const COUNTS = 'rm_test_counts';

/**
 * Counts `Counted` events per stream. Version 2 adds a column and an index on it, and fills it
 * differently, so a rebuild is visible in the rows.
 */
const counterProjection = (version: 1 | 2 = 1): Projection => ({
  name: COUNTER,
  version,
  tables: { counts: COUNTS },
  handles: ['Counted'],
  async setup(tx, t) {
    if (t.counts !== COUNTS) flags.rebuildSetups += 1;
    const weight = version === 2 ? ', weight integer NOT NULL' : '';
    await tx.exec(`
        CREATE TABLE IF NOT EXISTS ${t.counts} (stream_id text PRIMARY KEY, count integer NOT NULL${weight});
        CREATE INDEX IF NOT EXISTS ${t.counts}_count_idx ON ${t.counts} (count, stream_id);`);
    if (version === 2) await tx.exec(`CREATE INDEX IF NOT EXISTS ${t.counts}_weight_idx ON ${t.counts} (weight)`);
  },
  async apply(tx, event, t) {
    if (flags.applyGate) {
      flags.applyReached();
      await flags.applyGate;
    }
    if (flags.transientFailures > 0) {
      flags.transientFailures -= 1;
      throw Object.assign(new Error('could not serialize access'), { code: '40001' });
    }
    if (version === 1) {
      await tx.query(
        `INSERT INTO ${t.counts} (stream_id, count) VALUES ($1, 1)
           ON CONFLICT (stream_id) DO UPDATE SET count = ${t.counts}.count + 1`,
        [event.streamId],
      );
    } else {
      await tx.query(
        `INSERT INTO ${t.counts} (stream_id, count, weight) VALUES ($1, 1, 10)
           ON CONFLICT (stream_id) DO UPDATE SET count = ${t.counts}.count + 1, weight = ${t.counts}.weight + 10`,
        [event.streamId],
      );
      if (flags.brokenInV2.has(event.streamId)) throw new Error(`v2 cannot count ${event.streamId}`);
    }
    // After the row is written, so a rollback has something to undo.
    if ((event.data as { poison?: boolean }).poison && flags.poisonBroken) throw new Error('poison: cannot apply');
  },
});

const REAL = allProjections.map((projection) => projection.name);

const suite = (backend: Backend) => {
  let db: SqlDatabase;
  let store: EventStore;
  /**
   * The end of `$all` as far as this test wrote it. Not `store.headPosition()`: that can lag
   * while a runner's transaction which began before the last append is still open.
   */
  let lastAppended: GlobalPosition | null = null;
  let organizations = 0;
  const cleanups: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(async () => {
    await backend.dispose(db);
  });
  beforeEach(async () => {
    await backend.reset(db);
    await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createSqlEventStore(db);
    Object.assign(flags, initialFlags());
    organizations = 0;
    lastAppended = null;
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const startRunner = async (options: Partial<ProjectionRunnerOptions> = {}) => {
    const runner = createProjectionRunner({
      store,
      db,
      projections: [counterProjection(), ...allProjections],
      logger,
      pollIntervalMs: 20,
      ...options,
    });
    cleanups.push(() => runner.stop());
    await runner.start();
    return runner;
  };

  const append = async (streamId: string, ...events: { type: string; data?: Record<string, unknown> }[]) => {
    const withIds = events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data ?? {} }));
    const { position } = await store.appendToStream(streamId, withIds);
    if (lastAppended === null || position > lastAppended) lastAppended = position;
    const recorded = await store.readStream(streamId);
    return withIds.map((event) => recorded.find((r) => r.id === event.id)!);
  };
  const counted = async (streamId: string, data: Record<string, unknown> = {}) =>
    (await append(streamId, { type: 'Counted', data }))[0]!;

  const organizationCreated = async () => {
    organizations += 1;
    const organizationId = `org-${organizations}`;
    const data = {
      organizationId,
      name: `Org ${organizations}`,
      kind: 'customer',
      createdBy: null,
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    return (await append(`organization-${organizationId}`, { type: 'OrganizationCreated', data }))[0]!;
  };
  const userCreated = async (organizationId: string, email: string) => {
    const userId = randomUUID();
    const data = {
      userId,
      organizationId,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'user',
      passwordHash: '$argon2id$fake',
      createdBy: null,
      createdAt: '2026-03-02T10:00:00.000Z',
    };
    return (await append(`user-${userId}`, { type: 'UserCreated', data }))[0]!;
  };

  const counts = async () => {
    const { rows } = await db.query<{ stream_id: string; count: number }>(
      `SELECT stream_id, count FROM ${COUNTS} ORDER BY stream_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.stream_id, Number(row.count)]));
  };
  const rows = async (table: string, key: string) => (await db.query(`SELECT * FROM ${table} ORDER BY ${key}`)).rows;
  const readModel = async () => ({
    counts: await rows(COUNTS, 'stream_id'),
    organizations: await rows('rm_organizations', 'organization_id'),
    users: await rows('rm_users', 'user_id'),
  });
  const indexes = async () =>
    (
      await db.query<{ indexname: string; indexdef: string }>(
        // The tables of the projections this suite rebuilds; other read models keep their own.
        `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
         AND tablename IN ('rm_test_counts', 'rm_organizations', 'rm_users') ORDER BY indexname`,
      )
    ).rows;
  const leftoverShadows = async () =>
    (
      await db.query(
        `SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relname LIKE '%\\_\\_rebuild%'`,
      )
    ).rows;

  const status = async (name: string) => (await readStatus(db, name))!;

  /** Every (named) projection running with its checkpoint at the head of `$all`. */
  const caughtUp = async (names?: readonly string[]) => {
    const target = lastAppended;
    await waitUntil(
      async () => {
        const statuses = (await readStatuses(db)).filter((s) => !names || names.includes(s.name));
        return statuses.length > 0 && statuses.every((s) => s.status === 'running' && s.position === target);
      },
      async () =>
        `projections ${names?.join(', ') ?? '(all)'} at ${target}; they are at ${JSON.stringify(await readStatuses(db))}`,
    );
  };

  it('applies the events a projection handles and moves its checkpoint past those it does not', async () => {
    // A small batch, so catching up takes several transactions.
    await startRunner({ batchSize: 2 });
    await counted('a');
    await counted('b');
    await counted('a');
    await organizationCreated();
    await userCreated('org-1', 'ada@example.com');
    const ignored = await append('other', { type: 'SomethingElse' }, { type: 'SomethingElse' });

    await caughtUp();
    expect(await counts()).toEqual({ a: 2, b: 1 });
    // The last events of `$all` are none of the counter's, yet its checkpoint is past them.
    expect((await status(COUNTER)).position).toBe(ignored[1]!.position);
    expect(await findOrganization(db, 'org-1')).toMatchObject({ name: 'Org 1', kind: 'customer' });
    expect(await findUserByEmail(db, 'ada@example.com')).toMatchObject({ organizationId: 'org-1', role: 'user' });
  });

  it('commits rows and checkpoint together: an apply that writes and then throws leaves neither', async () => {
    await startRunner();
    const first = await counted('a');
    await caughtUp([COUNTER]);
    const poison = await counted('p', { poison: true });

    await waitUntil(async () => (await status(COUNTER)).status === 'failed', 'the counter to fail');
    // The upsert of stream 'p' ran before the throw; it was rolled back with the checkpoint move.
    expect(await counts()).toEqual({ a: 1 });
    const { position, failure } = await status(COUNTER);
    expect(position).toBe(first.position);
    expect(failure).toMatchObject({ eventId: poison.id, position: poison.position });
  });

  it('stops only the projection a poison event breaks, just before that event, and resumes once fixed', async () => {
    // Appended before the start so that all of them come in one batch, which has to be split to
    // find the failing event.
    const [, beforePoison] = await append('s', { type: 'Counted' }, { type: 'Counted' });
    const poison = await counted('p', { poison: true });
    await counted('a');
    await organizationCreated();
    const runner = await startRunner();

    await waitUntil(async () => (await status(COUNTER)).status === 'failed', 'the counter to fail');
    await caughtUp(REAL);
    const failed = await status(COUNTER);
    expect(failed.position).toBe(beforePoison!.position);
    expect(failed.failure).toEqual({
      eventId: poison.id,
      eventType: 'Counted',
      position: poison.position,
      message: 'poison: cannot apply',
      failedAt: expect.any(String),
    });
    expect((await readStatuses(db)).find((s) => s.name === COUNTER)).toEqual(failed);
    expect(await counts()).toEqual({ s: 2 });
    // The other projections ran past the poison event.
    expect(await findOrganization(db, 'org-1')).toBeDefined();

    // Later events are never applied around the failed one, however often the loop comes by.
    await counted('a');
    runner.wake();
    await organizationCreated();
    await caughtUp(REAL);
    expect(await counts()).toEqual({ s: 2 });
    expect(await status(COUNTER)).toMatchObject({ status: 'failed', position: beforePoison!.position });

    flags.poisonBroken = false;
    expect(await requestResume(db, COUNTER)).toBe(true);
    await caughtUp();
    expect(await counts()).toEqual({ s: 2, p: 1, a: 2 });
    expect((await status(COUNTER)).failure).toBeNull();
    expect(await requestResume(db, COUNTER)).toBe(false);
  });

  it('retries transient database errors without recording a failure', async () => {
    await startRunner();
    flags.transientFailures = 1;
    await counted('a');
    await caughtUp([COUNTER]);
    expect(await counts()).toEqual({ a: 1 });
    expect(flags.transientFailures).toBe(0);
    expect((await status(COUNTER)).failure).toBeNull();
  });

  it('rebuilds to exactly the rows of the incremental run, keeping the indexes, twice in a row', async () => {
    const runner = await startRunner({ batchSize: 3 });
    for (const stream of ['a', 'b', 'a', 'c', 'a', 'b']) await counted(stream);
    await append('other', { type: 'SomethingElse' });
    await organizationCreated();
    await organizationCreated();
    await userCreated('org-1', 'ada@example.com');
    await userCreated('org-2', 'grace@example.com');
    await caughtUp();
    const incremental = await readModel();
    const indexesBefore = await indexes();
    expect(indexesBefore.map((index) => index.indexname)).toEqual([
      'rm_organizations_name_idx',
      'rm_organizations_pkey',
      'rm_organizations_updated_idx',
      'rm_test_counts_count_idx',
      'rm_test_counts_pkey',
      'rm_users_email_idx',
      'rm_users_org_idx',
      'rm_users_pkey',
    ]);
    const head = lastAppended;
    expect(await store.headPosition()).toBe(head);

    for (let round = 1; round <= 2; round += 1) {
      for (const projection of [COUNTER, ...REAL]) await runner.rebuild(projection);
      expect(await readModel()).toEqual(incremental);
      // Same names and definitions (so on the live tables, unique where they were).
      expect(await indexes()).toEqual(indexesBefore);
      expect(await leftoverShadows()).toEqual([]);
      for (const s of await readStatuses(db)) {
        const projection = [counterProjection(), ...allProjections].find((p) => p.name === s.name);
        expect(s).toMatchObject({
          status: 'running',
          position: head,
          failure: null,
          rebuildRequestedAt: null,
          version: projection?.version,
        });
      }
    }

    // The loop goes on from the checkpoint the rebuild left: nothing twice, nothing missed.
    await counted('a');
    await caughtUp();
    expect(await counts()).toEqual({ a: 4, b: 2, c: 1 });
  });

  it('rebuilds at start when the version changed, even when the new version adds a column', async () => {
    const v1 = await startRunner();
    for (const stream of ['a', 'b', 'a']) await counted(stream);
    await caughtUp();
    await v1.stop();

    await startRunner({ projections: [counterProjection(2), ...allProjections] });
    await waitUntil(async () => (await status(COUNTER)).version === 2, 'version 2');
    await caughtUp([COUNTER]);
    expect((await db.query(`SELECT stream_id, count, weight FROM ${COUNTS} ORDER BY stream_id`)).rows).toEqual([
      { stream_id: 'a', count: 2, weight: 20 },
      { stream_id: 'b', count: 1, weight: 10 },
    ]);
    expect((await indexes()).map((index) => index.indexname)).toContain('rm_test_counts_weight_idx');
  });

  it('records a failed rebuild once instead of replaying in a loop, and retries it on resume', async () => {
    await startRunner().then(async (v1) => {
      for (const stream of ['a', 'b', 'a']) await counted(stream);
      await caughtUp();
      await v1.stop();
    });
    const liveBefore = await readModel();
    flags.brokenInV2.add('b');

    const v2 = await startRunner({ projections: [counterProjection(2), ...allProjections] });
    await waitUntil(async () => (await status(COUNTER)).status === 'failed', 'the rebuild to fail');
    const failed = await status(COUNTER);
    expect(failed).toMatchObject({ version: 1, failure: { eventType: 'Counted', message: 'v2 cannot count b' } });
    expect(failed.rebuildRequestedAt).not.toBeNull();
    // The live tables were left as they were, and reads still work while the failure stands.
    expect(await readModel()).toEqual(liveBefore);
    const attempts = flags.rebuildSetups;
    await delay(200); // ten poll intervals: the loop must not start the same rebuild again
    expect(flags.rebuildSetups).toBe(attempts);

    // A direct rebuild says that it did not swap, rather than resolving as if it had.
    await expect(v2.rebuild(COUNTER)).rejects.toThrow(/stopped on Counted .*: v2 cannot count b/);

    flags.brokenInV2.clear();
    expect(await requestResume(db, COUNTER)).toBe(true);
    await waitUntil(async () => (await status(COUNTER)).version === 2, 'the retried rebuild');
    await caughtUp([COUNTER]);
    expect(await counts()).toEqual({ a: 2, b: 1 });
    expect((await status(COUNTER)).rebuildRequestedAt).toBeNull();
  });

  it('rebuilds a failed projection once when a new version is deployed', async () => {
    const v1 = await startRunner();
    await counted('a');
    await counted('p', { poison: true });
    await waitUntil(async () => (await status(COUNTER)).status === 'failed', 'the counter to fail');
    await v1.stop();

    flags.poisonBroken = false;
    await startRunner({ projections: [counterProjection(2), ...allProjections] });
    await waitUntil(async () => (await status(COUNTER)).version === 2, 'version 2');
    await caughtUp([COUNTER]);
    expect(await counts()).toEqual({ a: 1, p: 1 });
    expect((await status(COUNTER)).failure).toBeNull();
  });

  it('picks up a rebuild requested through the database', async () => {
    await startRunner();
    for (const stream of ['a', 'b', 'a']) await counted(stream);
    await caughtUp();
    await db.query(`UPDATE ${COUNTS} SET count = 999`);
    const attempts = flags.rebuildSetups;

    expect(await requestRebuild(db, COUNTER)).toBe(true);
    await waitUntil(async () => (await counts()).a === 2, 'the requested rebuild');
    await caughtUp([COUNTER]);
    expect(await counts()).toEqual({ a: 2, b: 1 });
    expect(flags.rebuildSetups).toBe(attempts + 1);
    expect((await status(COUNTER)).rebuildRequestedAt).toBeNull();
    expect(await requestRebuild(db, 'no-such-projection')).toBe(false);
  });

  it('applies an event at once after wake(), long before the poll interval', async () => {
    // One loop, reading through a store whose reads the test can see and hold before they return.
    let beforeReturn: (() => Promise<void>) | undefined;
    let idleAfter: GlobalPosition | undefined;
    const heldStore: EventStore = {
      ...store,
      async readAll(options) {
        const events = await store.readAll(options);
        if (events.length === 0) idleAfter = options.after;
        const hook = beforeReturn;
        beforeReturn = undefined;
        await hook?.();
        return events;
      },
    };
    const runner = await startRunner({ store: heldStore, projections: [counterProjection()], pollIntervalMs: 5_000 });
    // Before the 5 s interval, with room for a 2-core machine busy with another integration file (a lost wake would
    // apply it only once the interval is over).
    const WOKEN_WITHIN_MS = 4_500;
    const within = (ms: number, expected: Record<string, number>) =>
      waitUntil(async () => JSON.stringify(await counts()) === JSON.stringify(expected), JSON.stringify(expected), ms);

    const a = await counted('a');
    runner.wake();
    await within(WOKEN_WITHIN_MS, { a: 1 });
    // After applying, the loop reads once more; when that read finds nothing it goes to sleep.
    await waitUntil(() => idleAfter === a.position, 'the loop to go idle');

    // Without a wake the idle loop does not look before its interval is over...
    await counted('b');
    await delay(300);
    expect(await counts()).toEqual({ a: 1 });
    runner.wake();
    await within(WOKEN_WITHIN_MS, { a: 1, b: 1 });

    // ...and a wake that comes while a read is under way (and found nothing) is not lost.
    const appended = deferred();
    beforeReturn = async () => {
      await counted('c');
      runner.wake();
      appended.resolve();
    };
    runner.wake();
    await appended.promise;
    await within(WOKEN_WITHIN_MS, { a: 1, b: 1, c: 1 });
  });

  it('lets callers wait for their writes, and gives up at the timeout when a projection failed', async () => {
    await startRunner();
    const { position } = await counted('a');
    expect(await waitForProjections(db, position, { timeoutMs: 5_000 })).toMatchObject({ reached: true });
    expect(await counts()).toEqual({ a: 1 });

    const poison = await counted('p', { poison: true });
    await waitUntil(async () => (await status(COUNTER)).status === 'failed', 'the counter to fail');
    const late = await waitForProjections(db, poison.position, { timeoutMs: 200 });
    expect(late.reached).toBe(false);
    expect(late.waitedMs).toBeGreaterThanOrEqual(200);
    expect(await waitForProjections(db, poison.position, { timeoutMs: 5_000, names: REAL })).toMatchObject({
      reached: true,
    });
    // A name with no checkpoint has reached nothing.
    expect(await waitForProjections(db, position, { timeoutMs: 50, names: ['no-such-projection'] })).toMatchObject({
      reached: false,
    });
  });

  it('stops promptly when stopped in the middle of a read', async () => {
    const reading = deferred();
    const release = deferred();
    let hold = false;
    const heldStore: EventStore = {
      ...store,
      async readAll(options) {
        const events = await store.readAll(options);
        if (hold) {
          hold = false;
          reading.resolve();
          await release.promise;
        }
        return events;
      },
    };
    const runner = await startRunner({ store: heldStore, projections: [counterProjection()], pollIntervalMs: 5_000 });
    hold = true;
    runner.wake();
    await reading.promise;
    const stopped = runner.stop();
    release.resolve();
    const started = performance.now();
    await stopped;
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('lets a batch under way commit whole when stopped, and the next runner goes on from there', async () => {
    const gate = deferred();
    const reached = deferred();
    flags.applyGate = gate.promise;
    flags.applyReached = reached.resolve;
    const events = await append('s', { type: 'Counted' }, { type: 'Counted' }, { type: 'Counted' });
    const first = await startRunner({ projections: [counterProjection()], pollIntervalMs: 5_000 });
    await reached.promise;
    const stopped = first.stop();
    gate.resolve();
    flags.applyGate = undefined;
    await stopped;
    // Either the whole batch with its checkpoint, or nothing of it: here the whole batch.
    expect(await counts()).toEqual({ s: 3 });
    expect((await status(COUNTER)).position).toBe(events[2]!.position);

    await counted('s');
    await startRunner({ projections: [counterProjection()] });
    await caughtUp();
    expect(await counts()).toEqual({ s: 4 });
  });

  /**
   * A projection whose every event costs `costMs` of CPU, as PGlite's work does (it answers without real I/O, so
   * a batch holds the event loop for its whole length). Records how many events each transaction applied.
   */
  const costlyProjection = (costMs: number) => {
    const batches: number[] = [];
    let lastTx: unknown;
    const projection: Projection = {
      name: 'costly-counter',
      version: 1,
      tables: { rows: 'rm_test_costly' },
      handles: ['Costly'],
      async setup(tx, t) {
        await tx.exec(`CREATE TABLE IF NOT EXISTS ${t.rows} (event_id text PRIMARY KEY)`);
      },
      async apply(tx, event, t) {
        if (tx !== lastTx) batches.push(0);
        lastTx = tx;
        batches[batches.length - 1]! += 1;
        // CPU time, as the runner measures it: on a busy machine a loop on the clock could burn less.
        const start = process.cpuUsage();
        const burnt = () => {
          const { user, system } = process.cpuUsage(start);
          return (user + system) / 1000;
        };
        while (burnt() < costMs);
        await tx.query(`INSERT INTO ${t.rows} (event_id) VALUES ($1)`, [event.id]);
      },
    };
    return { projection, batches };
  };
  const appendMany = async (type: string, count: number) => {
    for (let done = 0; done < count; done += 100) {
      const events = Array.from({ length: Math.min(100, count - done) }, () => ({ type }));
      await append(`many-${type}-${done}`, ...events);
    }
  };
  const costlyRows = async () =>
    Number((await db.query<{ n: string }>('SELECT count(*)::text AS n FROM rm_test_costly')).rows[0]!.n);

  it('sizes catch-up and rebuild batches to the time budget, so a costly projection never holds the event loop long', async () => {
    // 2 ms an event and a 20 ms budget: 10 events a batch, where a fixed batch of 500 would hold the loop 1 s.
    const { projection, batches } = costlyProjection(2);
    await appendMany('Costly', 150);
    const runner = await startRunner({ projections: [projection], batchBudgetMs: 20 });
    await caughtUp();
    expect(await costlyRows()).toBe(150);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(150);
    // The first batch is read before the cost is known; every later one fits the budget.
    expect(batches[0]).toBeLessThanOrEqual(20);
    expect(Math.max(...batches.slice(1))).toBeLessThanOrEqual(10);

    batches.length = 0;
    await runner.rebuild(projection.name);
    expect(await costlyRows()).toBe(150);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBe(150);
    expect(batches[0]).toBeLessThanOrEqual(20);
    expect(Math.max(...batches.slice(1))).toBeLessThanOrEqual(10);
  });

  it('grows batches up to batchSize when events are cheap, so catch-up keeps its rate', async () => {
    const { projection, batches } = costlyProjection(0);
    await appendMany('Costly', 1200);
    await startRunner({ projections: [projection], batchSize: 300, batchBudgetMs: 60_000 });
    await caughtUp();
    expect(await costlyRows()).toBe(1200);
    // 20, 40, 80, 160, then 300 a batch: doubling from a small first batch, never above batchSize.
    expect(batches.slice(0, 5)).toEqual([20, 40, 80, 160, 300]);
    expect(Math.max(...batches)).toBe(300);
  });

  it('interrupts a rebuild on stop, keeping the live tables, and the next start rebuilds', async () => {
    const first = await startRunner({ projections: [counterProjection()], batchSize: 1 });
    for (const stream of ['a', 'b', 'a', 'c']) await counted(stream);
    await caughtUp();
    const checkpoint = (await status(COUNTER)).position;

    const gate = deferred();
    const reached = deferred();
    flags.applyGate = gate.promise;
    flags.applyReached = reached.resolve;
    const rebuilt = first.rebuild(COUNTER);
    rebuilt.catch(() => undefined);
    await reached.promise;
    const stopped = first.stop();
    gate.resolve();
    flags.applyGate = undefined;
    await stopped;
    await expect(rebuilt).rejects.toThrow(/interrupted/);
    expect(await status(COUNTER)).toMatchObject({ status: 'rebuilding', position: checkpoint });
    expect(await counts()).toEqual({ a: 2, b: 1, c: 1 });

    await startRunner({ projections: [counterProjection()] });
    await caughtUp();
    expect(await counts()).toEqual({ a: 2, b: 1, c: 1 });
    expect(await leftoverShadows()).toEqual([]);
  });

  it('applies each event once when two runners run the same projection', async () => {
    const other = await backend.openAnother(db);
    cleanups.push(() => other.close());
    const options = { projections: [counterProjection()], pollIntervalMs: 2, batchSize: 2 };
    await startRunner(options);
    const second = createProjectionRunner({ ...options, store: createSqlEventStore(other.db), db: other.db, logger });
    cleanups.push(() => second.stop());
    await second.start();

    for (let i = 0; i < 30; i += 1) await counted(`s${i % 3}`);
    await caughtUp();
    expect(await counts()).toEqual({ s0: 10, s1: 10, s2: 10 });
  });
};

describe(`projection runner on PGlite (in memory)`, () => suite(pgliteBackend()));

describe.skipIf(!pg.available)(`projection runner on PostgreSQL${pg.available ? '' : ` (skipped: ${pg.reason})`}`, () =>
  suite(postgresBackend()),
);
