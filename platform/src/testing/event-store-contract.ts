/**
 * The executable definition of the `EventStore` port: every adapter runs this suite.
 *
 * Each test gets a store from `makeStore` and uses stream names no other test uses, so the suite
 * also runs against a store that already holds events (a shared EventStoreDB). On such a store
 * `$all` assertions look only at this test's streams and at positions after the test started.
 * Adapters whose `$all` waits for concurrent transactions (PostgreSQL) may make events readable a
 * little after their append returns, so reads of `$all` first wait for the head to reach them.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EventIdConflictError, WrongExpectedRevisionError } from '../event-store/errors.js';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
} from '../event-store/event-store.js';
import { hasReached, isGlobalPosition } from '../event-store/global-position.js';
import type { GlobalPosition } from '../event-store/global-position.js';

export type EventStoreFixture = { store: EventStore; cleanup(): Promise<void> };

export type EventStoreContractOptions = {
  /** Each `makeStore` call returns a store holding no events (default true); false for a shared server. */
  startsEmpty?: boolean;
  /** How long `$all` may take to show a committed append (default 10 s). */
  visibilityTimeoutMs?: number;
};

const event = (type: string, data: unknown = { n: 1 }, metadata?: NewEvent['metadata']): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  ...(metadata ? { metadata } : {}),
});

const events = (count: number, type = 'Counted'): NewEvent[] =>
  Array.from({ length: count }, (_, index) => event(type, { index }));

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the promise to reject');
};

const expectWrongRevision = async (
  promise: Promise<unknown>,
  streamId: string,
  expected: ExpectedRevision,
  actual: bigint,
): Promise<void> => {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(WrongExpectedRevisionError);
  expect(error).toMatchObject({ streamId, expected, actual });
};

const summary = (recorded: readonly RecordedEvent[]) =>
  recorded.map(({ id, type, streamId, revision, data }) => ({ id, type, streamId, revision, data }));

export const describeEventStoreContract = (
  name: string,
  makeStore: () => Promise<EventStoreFixture>,
  options: EventStoreContractOptions = {},
): void => {
  const startsEmpty = options.startsEmpty ?? true;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 10_000;

  describe(`EventStore contract: ${name}`, () => {
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

    const ours = (recorded: readonly RecordedEvent[]) => recorded.filter((e) => e.streamId.startsWith(prefix));

    describe('expected revision', () => {
      it('no_stream creates a stream and returns the revision and position of its last event', async () => {
        const appended = events(2);
        const result = await store.appendToStream(stream('a'), appended, { expectedRevision: 'no_stream' });

        const read = await store.readStream(stream('a'));
        expect(result.nextExpectedRevision).toBe(1n);
        expect(isGlobalPosition(result.position)).toBe(true);
        expect(read.map((e) => e.id)).toEqual(appended.map((e) => e.id));
        expect(read.map((e) => e.revision)).toEqual([0n, 1n]);
        expect(read.at(-1)!.position).toBe(result.position);
      });

      it('no_stream fails on an existing stream, reporting its actual revision', async () => {
        await store.appendToStream(stream('a'), events(2), { expectedRevision: 'no_stream' });

        await expectWrongRevision(
          store.appendToStream(stream('a'), events(1), { expectedRevision: 'no_stream' }),
          stream('a'),
          'no_stream',
          1n,
        );
        expect(await store.readStream(stream('a'))).toHaveLength(2);
      });

      it('an exact revision succeeds when the stream is at it', async () => {
        const first = await store.appendToStream(stream('a'), events(1), { expectedRevision: 'no_stream' });
        const second = await store.appendToStream(stream('a'), events(2), {
          expectedRevision: first.nextExpectedRevision,
        });

        expect(second.nextExpectedRevision).toBe(2n);
        expect(second.position > first.position).toBe(true);
      });

      it('an exact revision fails when the stream moved on, reporting the actual revision', async () => {
        await store.appendToStream(stream('a'), events(3), { expectedRevision: 'no_stream' });

        await expectWrongRevision(
          store.appendToStream(stream('a'), events(1), { expectedRevision: 1n }),
          stream('a'),
          1n,
          2n,
        );
        await expectWrongRevision(
          store.appendToStream(stream('a'), events(1), { expectedRevision: 5n }),
          stream('a'),
          5n,
          2n,
        );
        expect(await store.readStream(stream('a'))).toHaveLength(3);
      });

      it('an exact revision against a missing stream reports -1n', async () => {
        await expectWrongRevision(
          store.appendToStream(stream('missing'), events(1), { expectedRevision: 0n }),
          stream('missing'),
          0n,
          -1n,
        );
        expect(await store.readStream(stream('missing'))).toEqual([]);
      });

      it('stream_exists fails on a missing stream with -1n and succeeds on an existing one', async () => {
        await expectWrongRevision(
          store.appendToStream(stream('a'), events(1), { expectedRevision: 'stream_exists' }),
          stream('a'),
          'stream_exists',
          -1n,
        );
        await store.appendToStream(stream('a'), events(1), { expectedRevision: 'no_stream' });

        const result = await store.appendToStream(stream('a'), events(1), { expectedRevision: 'stream_exists' });
        expect(result.nextExpectedRevision).toBe(1n);
      });

      it('any appends whether or not the stream exists, and is the default', async () => {
        const created = await store.appendToStream(stream('a'), events(1), { expectedRevision: 'any' });
        const extended = await store.appendToStream(stream('a'), events(2));

        expect(created.nextExpectedRevision).toBe(0n);
        expect(extended.nextExpectedRevision).toBe(2n);
      });
    });

    describe('atomicity and idempotency', () => {
      it('a conflicting multi-event append writes none of its events, and its ids stay usable', async () => {
        const [first] = events(1);
        await store.appendToStream(stream('a'), [first!], { expectedRevision: 'no_stream' });
        const rejected = events(3);

        await expectWrongRevision(
          store.appendToStream(stream('a'), rejected, { expectedRevision: 'no_stream' }),
          stream('a'),
          'no_stream',
          0n,
        );
        expect((await store.readStream(stream('a'))).map((e) => e.id)).toEqual([first!.id]);

        const retried = await store.appendToStream(stream('a'), rejected, { expectedRevision: 0n });
        expect(retried.nextExpectedRevision).toBe(3n);
        expect((await store.readStream(stream('a'))).map((e) => e.id)).toEqual([
          first!.id,
          ...rejected.map((e) => e.id),
        ]);
      });

      it('re-appending the same ids returns the original result and writes nothing', async () => {
        const batch = events(3);
        const original = await store.appendToStream(stream('a'), batch, { expectedRevision: 'no_stream' });

        expect(await store.appendToStream(stream('a'), batch, { expectedRevision: 'no_stream' })).toEqual(original);
        expect(await store.appendToStream(stream('a'), batch, { expectedRevision: 'any' })).toEqual(original);
        expect(await store.appendToStream(stream('a'), batch)).toEqual(original);
        expect(await store.readStream(stream('a'))).toHaveLength(3);
      });

      it('a retry is recognised after the stream moved on, whatever revision it expected', async () => {
        const batch = events(2);
        const original = await store.appendToStream(stream('a'), batch, { expectedRevision: 'no_stream' });
        const later = await store.appendToStream(stream('a'), events(1), { expectedRevision: 1n });

        expect(await store.appendToStream(stream('a'), batch, { expectedRevision: 'no_stream' })).toEqual(original);
        expect(await store.appendToStream(stream('a'), batch, { expectedRevision: 'stream_exists' })).toEqual(original);
        expect(await store.appendToStream(stream('a'), batch, { expectedRevision: 0n })).toEqual(original);
        expect(await store.readStream(stream('a'))).toHaveLength(3);
        await waitUntilReadable(later.position);
        const all = ours((await readAllPages(start, later.position, 100)).flat());
        expect(all.map((e) => e.id)).toEqual((await store.readStream(stream('a'))).map((e) => e.id));
      });

      it('ids that are only partly stored are a conflict, not a retry, and write nothing', async () => {
        const [a, b, c] = events(3);
        await store.appendToStream(stream('a'), [a!, b!], { expectedRevision: 'no_stream' });

        const overlapping = await rejection(store.appendToStream(stream('a'), [b!, c!], { expectedRevision: 1n }));
        expect(overlapping).toBeInstanceOf(EventIdConflictError);
        expect(overlapping).toMatchObject({ streamId: stream('a'), eventIds: [b!.id] });

        const reordered = await rejection(store.appendToStream(stream('a'), [b!, a!]));
        expect(reordered).toBeInstanceOf(EventIdConflictError);
        expect((await store.readStream(stream('a'))).map((e) => e.id)).toEqual([a!.id, b!.id]);
      });

      it('rejects appends no adapter can store, before writing anything', async () => {
        const [one] = events(1);
        await expect(store.appendToStream(stream('a'), [])).rejects.toThrow(RangeError);
        await expect(store.appendToStream(stream('a'), [one!, one!])).rejects.toThrow(RangeError);
        await expect(store.appendToStream(stream('a'), [{ ...one!, id: 'not-a-uuid' }])).rejects.toThrow(RangeError);
        await expect(store.appendToStream(stream('a'), [one!], { expectedRevision: -1n })).rejects.toThrow(RangeError);
        expect(await store.readStream(stream('a'))).toEqual([]);
      });

      it('stores ids in lower case', async () => {
        const id = randomUUID();
        await store.appendToStream(stream('a'), [{ id: id.toUpperCase(), type: 'Cased', data: {} }]);

        expect((await store.readStream(stream('a')))[0]!.id).toBe(id);
      });
    });

    describe('readStream', () => {
      it('reads from an inclusive revision, up to maxCount', async () => {
        const appended = events(5);
        await store.appendToStream(stream('a'), appended);

        const ids = appended.map((e) => e.id);
        const fromTwo = await store.readStream(stream('a'), { fromRevision: 2n });
        const twoFromOne = await store.readStream(stream('a'), { fromRevision: 1n, maxCount: 2 });
        expect(fromTwo.map((e) => e.id)).toEqual(ids.slice(2));
        expect(twoFromOne.map((e) => e.revision)).toEqual([1n, 2n]);
        expect(await store.readStream(stream('a'), { maxCount: 1 })).toHaveLength(1);
        expect(await store.readStream(stream('a'), { fromRevision: 5n })).toEqual([]);
      });

      it('returns [] for a missing stream', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
        expect(await store.readStream(stream('missing'), { fromRevision: 3n, maxCount: 2 })).toEqual([]);
      });

      it('keeps revisions contiguous from 0 across appends, and streams apart', async () => {
        const sizes = [1, 3, 2, 1, 4];
        for (const [index, size] of sizes.entries()) {
          await store.appendToStream(stream('a'), events(size));
          await store.appendToStream(stream('b'), events(index + 1));
        }

        const a = await store.readStream(stream('a'));
        const b = await store.readStream(stream('b'));
        expect(a.map((e) => e.revision)).toEqual(Array.from({ length: 11 }, (_, i) => BigInt(i)));
        expect(b.map((e) => e.revision)).toEqual(Array.from({ length: 15 }, (_, i) => BigInt(i)));
        expect(new Set([...a, ...b].map((e) => e.streamId))).toEqual(new Set([stream('a'), stream('b')]));
        expect(a.every((e, i) => i === 0 || e.position > a[i - 1]!.position)).toBe(true);
      });

      it('rejects a negative revision or a non-positive maxCount', async () => {
        await expect(store.readStream(stream('a'), { fromRevision: -1n })).rejects.toThrow(RangeError);
        await expect(store.readStream(stream('a'), { maxCount: 0 })).rejects.toThrow(RangeError);
      });
    });

    describe('readAll', () => {
      /** Appends 13 events to three interleaved streams in sequence; returns them in append order. */
      const appendInterleaved = async (): Promise<{ appended: NewEvent[]; streams: string[]; last: AppendResult }> => {
        const appended: NewEvent[] = [];
        const streams: string[] = [];
        let last: AppendResult | undefined;
        for (const [suffix, count] of [
          ['x', 2],
          ['y', 1],
          ['x', 1],
          ['z', 3],
          ['y', 2],
          ['x', 4],
        ] as const) {
          const batch = events(count, `Event${suffix.toUpperCase()}`);
          last = await store.appendToStream(stream(suffix), batch);
          appended.push(...batch);
          streams.push(...batch.map(() => stream(suffix)));
        }
        return { appended, streams, last: last! };
      };

      it('reads from the start in append order across streams', async () => {
        const { appended, streams, last } = await appendInterleaved();

        const all = (await readAllPages(undefined, last.position, 1000)).flat();
        const mine = ours(all);
        expect(mine.map((e) => e.id)).toEqual(appended.map((e) => e.id));
        expect(mine.map((e) => e.streamId)).toEqual(streams);
        expect(mine.at(-1)!.position).toBe(last.position);
        if (startsEmpty) expect(all).toHaveLength(appended.length);
      });

      it('orders positions as the appends happened, and agrees with stream reads', async () => {
        const { last } = await appendInterleaved();

        const mine = ours((await readAllPages(start, last.position, 1000)).flat());
        expect(mine.every((e, i) => i === 0 || e.position > mine[i - 1]!.position)).toBe(true);
        for (const streamId of new Set(mine.map((e) => e.streamId))) {
          const fromStream = await store.readStream(streamId);
          expect(summary(mine.filter((e) => e.streamId === streamId))).toEqual(summary(fromStream));
          expect(mine.filter((e) => e.streamId === streamId).map((e) => e.position)).toEqual(
            fromStream.map((e) => e.position),
          );
        }
      });

      it('treats `after` as exclusive', async () => {
        const { appended, last } = await appendInterleaved();
        const mine = ours((await readAllPages(start, last.position, 1000)).flat());

        const afterThird = await store.readAll({ after: mine[2]!.position, maxCount: 2 });
        expect(ours(afterThird).map((e) => e.id)).toEqual(appended.slice(3, 5).map((e) => e.id));
        expect(await store.readAll({ after: last.position, maxCount: 10 })).toEqual([]);
      });

      it('pages by maxCount from a checkpoint without skipping or repeating', async () => {
        const { appended, last } = await appendInterleaved();

        const pages = await readAllPages(start, last.position, 3);
        const paged = pages.flat();
        const whole = (await readAllPages(start, last.position, 1000)).flat();
        expect(paged.map((e) => e.position)).toEqual(whole.map((e) => e.position));
        expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
        expect(ours(paged).map((e) => e.id)).toEqual(appended.map((e) => e.id));
        if (startsEmpty) expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 3, 1]);
      });

      it('rejects a non-positive maxCount', async () => {
        await expect(store.readAll({ maxCount: 0 })).rejects.toThrow(RangeError);
      });
    });

    describe('headPosition', () => {
      // Only meaningful on a store that starts empty; a shared server (startsEmpty: false) has a head already.
      it.runIf(startsEmpty)('is undefined, and $all empty, before the first append', async () => {
        expect(await store.headPosition()).toBeUndefined();
        expect(await store.readAll({ maxCount: 10 })).toEqual([]);
      });

      it('reaches the last appended position once it is readable, and no further', async () => {
        // Past ten events, so a store that compared positions as numbers-in-text would be caught.
        await store.appendToStream(stream('a'), events(11));
        const last = await store.appendToStream(stream('b'), events(1));

        await waitUntilReadable(last.position);
        expect(await store.headPosition()).toBe(last.position);
      });
    });

    describe('event content', () => {
      it('round-trips data and metadata, unicode and nesting included', async () => {
        const data = {
          title: 'Ünïcödé ✓ — 日本語 — emoji 🧑‍🏫',
          nested: { list: [1, 2.5, -3, { deep: [true, false, null] }], empty: {}, none: null },
          quote: 'a "quoted" \\ back\\slash\nnew line',
          big: Number.MAX_SAFE_INTEGER,
        };
        const metadata = {
          occurredAt: '2026-11-21T10:00:00.000Z',
          correlationId: randomUUID(),
          causationId: randomUUID(),
          actor: { userId: 'user-é', role: 'coach' },
          idempotencyKey: 'key-1',
          schemaVersion: 2,
          custom: { nested: ['x', 1] },
        };
        const withMetadata = event('Described', data, metadata);
        const withoutMetadata = event('Bare', ['array', 'data']);
        const last = await store.appendToStream(stream('a'), [withMetadata, withoutMetadata]);

        await waitUntilReadable(last.position);
        const viaAll = ours((await readAllPages(start, last.position, 1000)).flat());
        for (const read of [await store.readStream(stream('a')), viaAll]) {
          expect(read[0]).toMatchObject({
            id: withMetadata.id,
            type: 'Described',
            streamId: stream('a'),
            data,
            metadata,
          });
          expect(read[1]).toMatchObject({
            id: withoutMetadata.id,
            type: 'Bare',
            data: ['array', 'data'],
            metadata: {},
          });
        }
      });

      it('records recordedAt as a Date at append time', async () => {
        const before = Date.now();
        await store.appendToStream(stream('a'), events(1));

        const [recorded] = await store.readStream(stream('a'));
        expect(recorded!.recordedAt).toBeInstanceOf(Date);
        // Allows for clock skew between this process and a database server.
        expect(Math.abs(recorded!.recordedAt.getTime() - before)).toBeLessThan(60_000);
      });

      it('hands out copies: mutating a read or appended event changes nothing stored', async () => {
        const appended = event('Mutable', { list: [1] });
        await store.appendToStream(stream('a'), [appended]);
        (appended.data as { list: number[] }).list.push(2);
        const [first] = await store.readStream(stream('a'));
        (first!.data as { list: number[] }).list.push(3);

        const [again] = await store.readStream(stream('a'));
        expect(again!.data).toEqual({ list: [1] });
      });
    });

    it('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
};
