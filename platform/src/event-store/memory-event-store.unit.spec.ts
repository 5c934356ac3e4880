import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../testing/event-store-contract.js';
import { EventIdConflictError } from './errors.js';
import { encodePosition } from './global-position.js';
import { createMemoryEventStore, resolveStoredEventIds, validateAppend } from './memory-event-store.js';

describeEventStoreContract('memory', async () => ({ store: createMemoryEventStore(), cleanup: async () => {} }));

describe('memory event store', () => {
  it('refuses an id already used in another stream', async () => {
    const store = createMemoryEventStore();
    const id = randomUUID();
    await store.appendToStream('a', [{ id, type: 'Created', data: {} }]);

    await expect(store.appendToStream('b', [{ id, type: 'Created', data: {} }])).rejects.toBeInstanceOf(
      EventIdConflictError,
    );
    expect(await store.readStream('b')).toEqual([]);
  });

  it('numbers positions (0, n) from 1', async () => {
    const store = createMemoryEventStore();
    const result = await store.appendToStream('a', [
      { id: randomUUID(), type: 'One', data: 1 },
      { id: randomUUID(), type: 'Two', data: 2 },
    ]);

    expect(result.position).toBe(encodePosition(0n, 2n));
    expect(await store.headPosition()).toBe(encodePosition(0n, 2n));
  });
});

describe('validateAppend', () => {
  const valid = { id: randomUUID(), type: 'Typed', data: {} };

  it('defaults metadata and lower-cases ids', () => {
    expect(validateAppend([{ ...valid, id: valid.id.toUpperCase() }], 'any')).toEqual([{ ...valid, metadata: {} }]);
  });

  it.each([
    ['an empty type', [{ ...valid, type: '' }]],
    ['undefined data', [{ ...valid, data: undefined }]],
    ['the same id twice, in different case', [valid, { ...valid, id: valid.id.toUpperCase() }]],
  ])('rejects %s', (_, events) => {
    expect(() => validateAppend(events, 'any')).toThrow(RangeError);
  });
});

describe('resolveStoredEventIds', () => {
  const events = [randomUUID(), randomUUID()].map((id) => ({ id, type: 'T', data: {}, metadata: {} }));
  const ref = (index: number, streamId: string, revision: bigint) => ({
    id: events[index]!.id,
    streamId,
    revision,
    position: encodePosition(1n, revision + 10n),
  });

  it('means a new append when no id is stored', () => {
    expect(resolveStoredEventIds('s', events, [])).toBeUndefined();
  });

  it('answers a retry with the revision and position of its last event', () => {
    expect(resolveStoredEventIds('s', events, [ref(1, 's', 5n), ref(0, 's', 4n)])).toEqual({
      nextExpectedRevision: 5n,
      position: encodePosition(1n, 15n),
    });
  });

  it.each([
    ['only some ids are stored', [ref(0, 's', 4n)]],
    ['they are stored in another stream', [ref(0, 'other', 4n), ref(1, 'other', 5n)]],
    ['they are stored apart', [ref(0, 's', 4n), ref(1, 's', 6n)]],
    ['they are stored in another order', [ref(0, 's', 5n), ref(1, 's', 4n)]],
  ])('is a conflict when %s', (_, stored) => {
    expect(() => resolveStoredEventIds('s', events, stored)).toThrow(EventIdConflictError);
  });
});
