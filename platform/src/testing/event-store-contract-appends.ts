// The event-store contract on appends: expected revisions, all-or-nothing batches, retries recognised by event id.
import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventIdConflictError } from '../event-store/errors.js';
import type { EventStore } from '../event-store/event-store.js';
import { isGlobalPosition } from '../event-store/global-position.js';
import type { GlobalPosition } from '../event-store/global-position.js';
import { events, expectWrongRevision, rejection, type ContractScope } from './event-store-contract-scope.js';

export const describeExpectedRevisions = (scope: ContractScope) => {
  describe('expected revision', () => {
    const { stream } = scope;
    let store: EventStore;
    // The scope's beforeEach runs first: it has opened this test's store.
    beforeEach(() => ({ store } = scope));

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
};

export const describeAtomicAppends = (scope: ContractScope) => {
  describe('atomicity and idempotency', () => {
    const { stream, ours, readAllPages, waitUntilReadable } = scope;
    let store: EventStore;
    let start: GlobalPosition | undefined;
    // The scope's beforeEach runs first: it has opened this test's store.
    beforeEach(() => ({ store, start } = scope));

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
      expect((await store.readStream(stream('a'))).map((e) => e.id)).toEqual([first!.id, ...rejected.map((e) => e.id)]);
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
};
