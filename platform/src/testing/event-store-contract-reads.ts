// The event-store contract on reads: one stream, `$all` across streams, the head, and what an event holds.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AppendResult, EventStore, NewEvent } from '../event-store/event-store.js';
import type { GlobalPosition } from '../event-store/global-position.js';
import { event, events, summary, type ContractScope } from './event-store-contract-scope.js';

export const describeStreamReads = (scope: ContractScope) => {
  describe('readStream', () => {
    const { stream } = scope;
    let store: EventStore;
    // The scope's beforeEach runs first: it has opened this test's store.
    beforeEach(() => ({ store } = scope));

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
};

export const describeAllReads = (scope: ContractScope) => {
  describe('readAll', () => {
    const { stream, ours, readAllPages, startsEmpty } = scope;
    let store: EventStore;
    let start: GlobalPosition | undefined;
    // The scope's beforeEach runs first: it has opened this test's store.
    beforeEach(() => ({ store, start } = scope));

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
};

export const describeHeadPosition = (scope: ContractScope) => {
  describe('headPosition', () => {
    const { stream, waitUntilReadable, startsEmpty } = scope;
    let store: EventStore;
    // The scope's beforeEach runs first: it has opened this test's store.
    beforeEach(() => ({ store } = scope));

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
};

export const describeEventContent = (scope: ContractScope) => {
  describe('event content', () => {
    const { stream, ours, readAllPages, waitUntilReadable } = scope;
    let store: EventStore;
    let start: GlobalPosition | undefined;
    // The scope's beforeEach runs first: it has opened this test's store.
    beforeEach(() => ({ store, start } = scope));

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
};
