import type { DomainEvent, ListParams } from '@ai-coaching/domain';
import { createLogger, type AppendResult, type EventStore, type SqlDatabase } from '@ai-coaching/platform';
import { afterAll, beforeAll, expect } from 'vitest';
import { createProjectionRunner, waitForProjections, type ProjectionRunner } from '../runner/projection-runner.js';
import type { Projection } from '../runner/projection.js';
import { openEventDatabase, openReadModelHarness, type ReadModelHarness } from './read-model-harness.js';

/** Day `n` of February 2026 at 09:00 UTC: the calendar of the read-model specs. */
export const at = (day: number): string => `2026-02-${String(day).padStart(2, '0')}T09:00:00.000Z`;

/** The first page of twelve, newest first, unless overridden. */
export const listParams = (overrides: Partial<ListParams> = {}): ListParams => ({
  page: 1,
  page_size: 12,
  sort: '-updated_at',
  ...overrides,
});

export type ReadModelSeeding<Event extends DomainEvent> = {
  append(stream: string, ...events: readonly Event[]): Promise<AppendResult>;
  /** For events the domain would not write (foreign types, missing fields). */
  store: EventStore;
};

export type SeededReadModel = {
  /** The harness's database, reachable from the tests on (it forwards once the harness is open). */
  db: SqlDatabase;
  /** Applies every event the read model handles twice more (idempotency checks). */
  reapplyTwice(): Promise<void>;
};

/**
 * The read model of one `describe`: a harness opened before its tests, seeded by `seed`, then
 * brought up to date by the real runner, and closed after the tests. Call it in the `describe`
 * body; what it answers can be taken apart at once, since it forwards to the harness opened later.
 */
export const seededReadModel = <Event extends DomainEvent>(
  projection: Projection,
  seed: (seeding: ReadModelSeeding<Event>) => Promise<void>,
): SeededReadModel => {
  let harness: ReadModelHarness | undefined;
  const opened = (): ReadModelHarness => {
    if (!harness) throw new Error(`The ${projection.name} read model is used before its beforeAll hook ran.`);
    return harness;
  };

  beforeAll(async () => {
    harness = await openReadModelHarness();
    const { store } = harness;
    await seed({ append: (stream, ...events) => opened().append(stream, ...events), store });
    await harness.project(projection);
  });
  afterAll(() => harness?.close());

  return {
    db: forwardingDb(() => opened().db),
    reapplyTwice: () => opened().reapplyTwice(projection),
  };
};

/** A database that forwards to the one `current` answers, so a `describe` can take it apart before its hooks ran. */
const forwardingDb = (current: () => SqlDatabase): SqlDatabase => ({
  get dialect() {
    return current().dialect;
  },
  query: (sql, params) => current().query(sql, params),
  exec: (sql) => current().exec(sql),
  transaction: (fn) => current().transaction(fn),
  close: () => current().close(),
});

export type RunningReadModel<Event extends DomainEvent> = {
  /** The event database, reachable from the tests on (it forwards once the runner has started). */
  db: SqlDatabase;
  /** Appends to `stream`, then waits until the read model has projected it. */
  append(stream: string, ...events: readonly Event[]): Promise<void>;
  /** Rebuilds the read model from the events, as the runner does when its version changes. */
  rebuild(): Promise<void>;
};

/**
 * The read model of one `describe`, kept by the real runner while the tests append: started before the `describe`'s
 * own `beforeAll` (which seeds through `append`), stopped after its tests. `alongside`: the read models its queries
 * join, run too. For specs that append between tests or rebuild; `seededReadModel` for the others.
 */
export const runningReadModel = <Event extends DomainEvent>(
  projection: Projection,
  { alongside = [] }: { alongside?: readonly Projection[] } = {},
): RunningReadModel<Event> => {
  let running: { db: SqlDatabase; store: EventStore; runner: ProjectionRunner } | undefined;
  const started = () => {
    if (!running) throw new Error(`The ${projection.name} read model is used before its beforeAll hook ran.`);
    return running;
  };

  beforeAll(async () => {
    const { db, store } = await openEventDatabase();
    const runner = createProjectionRunner({
      store,
      db,
      projections: [projection, ...alongside],
      logger: createLogger({ level: 'silent' }),
      pollIntervalMs: 10,
    });
    running = { db, store, runner };
    await runner.start();
  });
  afterAll(async () => {
    await running?.runner.stop();
    await running?.db.close();
  });

  return {
    db: forwardingDb(() => started().db),
    async append(stream, ...events) {
      const { db, store, runner } = started();
      const { position } = await store.appendToStream(
        stream,
        events.map((event) => ({ id: crypto.randomUUID(), ...event })),
      );
      runner.wake();
      const names = [projection.name];
      expect((await waitForProjections(db, position, { timeoutMs: 10_000, names })).reached).toBe(true);
    },
    rebuild: () => started().runner.rebuild(projection.name),
  };
};
