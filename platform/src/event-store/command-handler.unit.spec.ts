import type { Decider } from '@ai-coaching/domain';
import { describe, expect, it } from 'vitest';
import { createCommandHandler, handleCommand } from './command-handler.js';
import { WrongExpectedRevisionError } from './errors.js';
import type { EventStore } from './event-store.js';
import { createMemoryEventStore } from './memory-event-store.js';

type Added = { type: 'Added'; data: { amount: number } };
type Add = { type: 'Add'; amount: number };

// A counter that refuses to go above 3: enough to see a decision made on fresh state after a conflict.
const counter: Decider<Add, Added, number> = {
  decide: (command, total) => {
    if (total + command.amount > 3) throw new Error('limit reached');
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
  evolve: (total, event) => total + event.data.amount,
  initialState: () => 0,
};

describe('handleCommand', () => {
  it('appends what the decider decides and returns the new state and position', async () => {
    const store = createMemoryEventStore();
    const result = await handleCommand(store, 'counter-1', counter, { type: 'Add', amount: 2 }, { commandId: 'c1' });
    expect(result.state).toBe(2);
    expect(result.append?.nextExpectedRevision).toBe(0n);
    expect((await store.readStream('counter-1')).map((e) => e.data)).toEqual([{ amount: 2 }]);
  });

  it('re-decides on fresh state when a concurrent writer wins, so rules hold under races', async () => {
    const store = createMemoryEventStore();
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) =>
        handleCommand(store, 'counter-1', counter, { type: 'Add', amount: 1 }, { commandId: `c${n}` }),
      ),
    );
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const more = await Promise.allSettled(
      [4, 5].map((n) => handleCommand(store, 'counter-1', counter, { type: 'Add', amount: 1 }, { commandId: `c${n}` })),
    );
    expect(more.every((r) => r.status === 'rejected')).toBe(true);
    expect(await store.readStream('counter-1')).toHaveLength(3);
  });

  it('derives event ids from the command id, so a retried command writes nothing new', async () => {
    const store = createMemoryEventStore();
    const first = await handleCommand(store, 'counter-1', counter, { type: 'Add', amount: 1 }, { commandId: 'same' });
    const retry = await handleCommand(store, 'counter-1', counter, { type: 'Add', amount: 1 }, { commandId: 'same' });
    expect(retry.append?.position).toBe(first.append?.position);
    expect(await store.readStream('counter-1')).toHaveLength(1);
  });

  it('gives up after the allowed number of conflicts', async () => {
    const memory = createMemoryEventStore();
    let attempts = 0;
    const alwaysConflicting: EventStore = {
      ...memory,
      appendToStream: async (streamId) => {
        attempts++;
        throw new WrongExpectedRevisionError(streamId, 'no_stream', 0n);
      },
    };
    await expect(
      handleCommand(alwaysConflicting, 's', counter, { type: 'Add', amount: 1 }, { commandId: 'c', maxRetries: 2 }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(attempts).toBe(3);
  });
});

describe('createCommandHandler', () => {
  it('reads a cached stream only from where it left off, and keeps deciding on the latest state', async () => {
    const store = createMemoryEventStore();
    const reads: (bigint | undefined)[] = [];
    const spying: EventStore = {
      ...store,
      readStream: (streamId, options) => {
        reads.push(options?.fromRevision);
        return store.readStream(streamId, options);
      },
    };
    const handler = createCommandHandler(spying, counter);
    await handler.handle('counter-1', { type: 'Add', amount: 1 }, { commandId: 'a' });
    await handler.handle('counter-1', { type: 'Add', amount: 1 }, { commandId: 'b' });
    // Another writer appends behind the cache's back: the next read picks it up.
    await handleCommand(store, 'counter-1', counter, { type: 'Add', amount: 1 }, { commandId: 'c' });
    await expect(handler.handle('counter-1', { type: 'Add', amount: 1 }, { commandId: 'd' })).rejects.toThrow(
      'limit reached',
    );
    expect(reads).toEqual([undefined, 1n, 2n]);
  });

  it('runs the commands of one stream one at a time, so none of them meets a conflict', async () => {
    const store = createMemoryEventStore();
    let conflicts = 0;
    const counting: EventStore = {
      ...store,
      appendToStream: async (...args) => {
        try {
          return await store.appendToStream(...args);
        } catch (error) {
          conflicts++;
          throw error;
        }
      },
    };
    const handler = createCommandHandler(counting, counter);
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((n) => handler.handle('counter-1', { type: 'Add', amount: 1 }, { commandId: `c${n}` })),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect(conflicts).toBe(0);
  });
});
