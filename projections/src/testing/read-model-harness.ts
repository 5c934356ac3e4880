import type { DomainEvent } from '@ai-coaching/domain';
import {
  createLogger,
  createPgliteDatabase,
  createSqlEventStore,
  eventStoreMigrations,
  migrate,
  type AppendResult,
  type EventStore,
  type SqlDatabase,
} from '@ai-coaching/platform';
import { projectionMigrations } from '../runner/checkpoint-store.js';
import { liveTableNames, type Projection } from '../runner/projection.js';
import { createProjectionRunner, waitForProjections } from '../runner/projection-runner.js';

export type ReadModelHarness = {
  db: SqlDatabase;
  store: EventStore;
  append(stream: string, ...events: readonly DomainEvent[]): Promise<AppendResult>;
  /** Runs the projection through the real runner until it has applied everything appended. */
  project(projection: Projection): Promise<void>;
  /** Applies every event the projection handles twice more, in one transaction (idempotency checks). */
  reapplyTwice(projection: Projection): Promise<void>;
  close(): Promise<void>;
};

/** An in-memory PGlite with the event store and the projection checkpoints. */
export const openEventDatabase = async (): Promise<{ db: SqlDatabase; store: EventStore }> => {
  const db = await createPgliteDatabase();
  await migrate(db, [...eventStoreMigrations, ...projectionMigrations]);
  return { db, store: createSqlEventStore(db) };
};

/** The event database each read-model spec needs, with the runner to project it. */
export const openReadModelHarness = async (): Promise<ReadModelHarness> => {
  const { db, store } = await openEventDatabase();
  return {
    db,
    store,
    append: (stream, ...events) =>
      store.appendToStream(
        stream,
        events.map((event) => ({ id: crypto.randomUUID(), type: event.type, data: event.data })),
      ),
    async project(projection) {
      const head = await store.headPosition();
      const runner = createProjectionRunner({
        store,
        db,
        projections: [projection],
        logger: createLogger({ level: 'silent' }),
      });
      await runner.start();
      const wait = head ? await waitForProjections(db, head, { timeoutMs: 10_000 }) : { reached: true };
      await runner.stop();
      if (!wait.reached) throw new Error(`${projection.name} did not catch up`);
    },
    async reapplyTwice(projection) {
      const events = await store.readAll({ maxCount: 10_000 });
      await db.transaction(async (tx) => {
        for (const event of events.filter((e) => projection.handles.includes(e.type))) {
          await projection.apply(tx, event, liveTableNames(projection));
          await projection.apply(tx, event, liveTableNames(projection));
        }
      });
    },
    close: () => db.close(),
  };
};
