import type { ExpectedRevision } from './event-store.js';

/** The stream was not at the revision the caller expected: re-read, re-decide, retry. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual revision; -1n when it does not exist. */
    readonly actual: bigint,
  ) {
    super(`Stream ${streamId} expected at ${String(expected)} but is at ${actual}`);
  }
}

/** Some, not all, of the appended event ids already exist: not a retry of the same append. */
export class EventIdConflictError extends Error {
  override readonly name = 'EventIdConflictError';
  constructor(
    readonly streamId: string,
    readonly eventIds: readonly string[],
  ) {
    super(`Events ${eventIds.join(', ')} already exist but do not match this append to ${streamId}`);
  }
}
