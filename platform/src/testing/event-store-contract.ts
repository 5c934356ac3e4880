/**
 * The executable definition of the `EventStore` port: every adapter runs this suite.
 *
 * Each test gets a store from `makeStore` and uses stream names no other test uses, so the suite
 * also runs against a store that already holds events (a shared EventStoreDB). On such a store
 * `$all` assertions look only at this test's streams and at positions after the test started.
 * Adapters whose `$all` waits for concurrent transactions (PostgreSQL) may make events readable a
 * little after their append returns, so reads of `$all` first wait for the head to reach them.
 */
import { describe, expect, it } from 'vitest';
import { describeAtomicAppends, describeExpectedRevisions } from './event-store-contract-appends.js';
import {
  describeAllReads,
  describeEventContent,
  describeHeadPosition,
  describeStreamReads,
} from './event-store-contract-reads.js';
import { contractScope, type EventStoreContractOptions, type EventStoreFixture } from './event-store-contract-scope.js';

export type { EventStoreContractOptions, EventStoreFixture };

export const describeEventStoreContract = (
  name: string,
  makeStore: () => Promise<EventStoreFixture>,
  options: EventStoreContractOptions = {},
): void => {
  describe(`EventStore contract: ${name}`, () => {
    const scope = contractScope(makeStore, options);
    describeExpectedRevisions(scope);
    describeAtomicAppends(scope);
    describeStreamReads(scope);
    describeAllReads(scope);
    describeHeadPosition(scope);
    describeEventContent(scope);

    it('answers ping', async () => {
      await expect(scope.store.ping()).resolves.toBeUndefined();
    });
  });
};
