// What every part of the event-store contract shares: the events it appends, the assertions on rejections, and the
// scope of one test (a fresh store, stream names of its own, the head it started at, reads of `$all`).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import { WrongExpectedRevisionError } from '../event-store/errors.js';
import type { EventStore, ExpectedRevision, NewEvent, RecordedEvent } from '../event-store/event-store.js';
import { hasReached } from '../event-store/global-position.js';
import type { GlobalPosition } from '../event-store/global-position.js';

export type EventStoreFixture = { store: EventStore; cleanup(): Promise<void> };

export type EventStoreContractOptions = {
  /** Each `makeStore` call returns a store holding no events (default true); false for a shared server. */
  startsEmpty?: boolean;
  /** How long `$all` may take to show a committed append (default 10 s). */
  visibilityTimeoutMs?: number;
};

export const event = (type: string, data: unknown = { n: 1 }, metadata?: NewEvent['metadata']): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  ...(metadata ? { metadata } : {}),
});

export const events = (count: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: count }, (_, index) => event(type, { index }));

export const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject');
};

export const expectWrongRevision = async (
  promise: Promise<unknown>,
  streamId: string,
  expected: ExpectedRevision,
  actual: bigint,
): Promise<void> => {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ streamId, expected, actual });
};

export const summary = (recorded: readonly RecordedEvent[]) =>
  recorded.map(({ id, type, streamId, revision, data }) => ({ id, type, streamId, revision, data }));

export type ContractScope = {
  /** The store of the test under way. */
  readonly store: EventStore;
  /** The head of `$all` when the test started (undefined on an empty store). */
  readonly start: GlobalPosition | undefined;
  readonly startsEmpty: boolean;
  /** A stream name no other test uses. */
  stream(suffix: string): string;
  /** The events of this test's streams, from a read of `$all`. */
  ours(recorded: readonly RecordedEvent[]): RecordedEvent[];
  waitUntilReadable(position: GlobalPosition): Promise<void>;
  /** Pages through $all after `after` up to `until`, returning every event read (all streams). */
  readAllPages(after: GlobalPosition | undefined, until: GlobalPosition, pageSize: number): Promise<RecordedEvent[][]>;
};

/** Gives each test of the describe it is called in a fresh store from `makeStore`, closed after it. */
export const contractScope = (
  makeStore: () => Promise<EventStoreFixture>,
  options: EventStoreContractOptions,
): ContractScope => {
  const startsEmpty = options.startsEmpty ?? true;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 10_000;
  let store: EventStore;
  let cleanup: () => Promise<void>;
  let prefix: string;
  let start: GlobalPosition | undefined;
  const stream = (suffix: string) => `${prefix}-${suffix}`;

  beforeEach(async () => {
    ({ store, cleanup } = await makeStore());
    prefix = `contract_${randomUUID().replaceAll('-', '')}`;
    start = await store.headPosition();
  });

  afterEach(async () => {
    await store.close();
    await cleanup();
  });

  const waitUntilReadable = async (position: GlobalPosition): Promise<void> => {
    const deadline = Date.now() + visibilityTimeoutMs;
    while (!hasReached(await store.headPosition(), position)) {
      if (Date.now() > deadline) throw new Error(`$all did not reach ${position} within ${visibilityTimeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  /** Pages through $all after `after` up to `until`, returning every event read (all streams). */
  const readAllPages = async (after: GlobalPosition | undefined, until: GlobalPosition, pageSize: number) => {
    await waitUntilReadable(until);
    const pages: RecordedEvent[][] = [];
    let checkpoint = after;
    for (;;) {
      const page = await store.readAll({ maxCount: pageSize, ...(checkpoint ? { after: checkpoint } : {}) });
      expect(page.length).toBeLessThanOrEqual(pageSize);
      if (page.length === 0) break;
      pages.push(page);
      checkpoint = page.at(-1)!.position;
      if (hasReached(checkpoint, until)) break;
    }
    return pages;
  };

  return {
    get store() {
      return store;
    },
    get start() {
      return start;
    },
    startsEmpty,
    stream,
    ours: (recorded) => recorded.filter((e) => e.streamId.startsWith(prefix)),
    waitUntilReadable,
    readAllPages,
  };
};
