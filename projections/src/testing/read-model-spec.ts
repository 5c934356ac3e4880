import type { DomainEvent, ListParams } from '@ai-coaching/domain';
import type { AppendResult, EventStore, SqlDatabase } from '@ai-coaching/platform';
import { afterAll, beforeAll } from 'vitest';
import type { Projection } from '../runner/projection.js';
import { openReadModelHarness, type ReadModelHarness } from './read-model-harness.js';

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
    db: {
      get dialect() {
        return opened().db.dialect;
      },
      query: (sql, params) => opened().db.query(sql, params),
      exec: (sql) => opened().db.exec(sql),
      transaction: (fn) => opened().db.transaction(fn),
      close: () => opened().db.close(),
    },
    reapplyTwice: () => opened().reapplyTwice(projection),
  };
};
