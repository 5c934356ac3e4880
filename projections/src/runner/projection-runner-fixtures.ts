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
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { allProjections } from '../all-projections.js';
import { projectionMigrations, readStatus, readStatuses } from './checkpoint-store.js';
import type { Projection } from './projection.js';
import { createProjectionRunner, type ProjectionRunnerOptions } from './projection-runner.js';

// The specs of the projection runner share this: the backends they run on, the test projection they break and fix
// through `flags`, and a harness that gives each test an empty schema, a store and a runner to start.

const pg = await postgresAvailability();
export const logger = createLogger({ level: 'silent' });

/** One database per backend and file; every test starts from an empty schema in it. */
export type Backend = {
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

export const waitUntil = async (
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

export const deferred = () => {
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
export const flags = initialFlags();

export const COUNTER = 'stream-counter';
export const COUNTS = 'rm_test_counts';

/**
 * Counts `Counted` events per stream. Version 2 adds a column and an index on it, and fills it
 * differently, so a rebuild is visible in the rows.
 */
export const counterProjection = (version: 1 | 2 = 1): Projection => ({
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

export const REAL = allProjections.map((projection) => projection.name);

/** Every spec runs on both, as `describe.each` cases: PGlite always, PostgreSQL when it is there. */
export const RUNNER_BACKENDS: [label: string, backend: () => Backend, skipped: boolean][] = [
  ['PGlite (in memory)', pgliteBackend, false],
  [`PostgreSQL${pg.available ? '' : ` (skipped: ${pg.reason})`}`, postgresBackend, !pg.available],
];

/** An empty schema, a store and runners to start for each test of the describe it is called in. */
export const runnerHarness = (backend: Backend) => {
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

  return {
    backend,
    get db() {
      return db;
    },
    get store() {
      return store;
    },
    /** The end of `$all` as far as this test wrote it. */
    get lastAppended() {
      return lastAppended;
    },
    cleanups,
    startRunner,
    append,
    counted,
    organizationCreated,
    userCreated,
    counts,
    readModel,
    indexes,
    leftoverShadows,
    status,
    caughtUp,
  };
};

export type RunnerHarness = ReturnType<typeof runnerHarness>;

/** A part of the runner's specs, once per backend (`RUNNER_BACKENDS`), its tests given a fresh harness each. */
export const describeRunner = (title: string, body: (h: RunnerHarness) => void): void =>
  describe.each(RUNNER_BACKENDS)('projection runner on %s', (_label, backend, skipped) => {
    describe.skipIf(skipped)(title, () => body(runnerHarness(backend())));
  });
