/**
 * In-memory event store for unit tests, and the reference for the rules every adapter shares:
 * argument validation and the meaning of already-stored event ids. The SQL and EventStoreDB
 * adapters import those rules from here so that all four adapters reject and accept exactly the
 * same appends.
 */
import { EventIdConflictError, WrongExpectedRevisionError } from './errors.js';
import type {
  AppendOptions,
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from './event-store.js';
import { encodePosition } from './global-position.js';
import type { GlobalPosition } from './global-position.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An event ready to store: id in canonical lower case, metadata defaulted. */
export type ValidatedEvent = { id: string; type: string; data: unknown; metadata: EventMetadata };

/**
 * Rejects appends no adapter could store faithfully. Ids are lower-cased because PostgreSQL's
 * uuid type and EventStoreDB both hand them back that way; doing it everywhere keeps the ids a
 * caller reads identical across adapters.
 */
export const validateAppend = (events: readonly NewEvent[], expectedRevision: ExpectedRevision): ValidatedEvent[] => {
  if (events.length === 0) throw new RangeError('An append needs at least one event');
  if (typeof expectedRevision === 'bigint' && expectedRevision < 0n) {
    throw new RangeError(`Expected revision must be >= 0n, got ${expectedRevision}`);
  }
  const seen = new Set<string>();
  return events.map((event) => {
    if (!UUID.test(event.id)) throw new RangeError(`Event id ${event.id} is not a UUID`);
    const id = event.id.toLowerCase();
    if (seen.has(id)) throw new RangeError(`Event id ${id} appears twice in one append`);
    seen.add(id);
    if (event.type.length === 0) throw new RangeError('Event type must not be empty');
    // JSON.stringify drops undefined; every store keeps JSON, so undefined data cannot round-trip.
    if (event.data === undefined) throw new RangeError(`Event ${id} has no data`);
    return { id, type: event.type, data: event.data, metadata: event.metadata ?? {} };
  });
};

export const validateReadStream = (options: ReadStreamOptions): void => {
  if (options.fromRevision !== undefined && options.fromRevision < 0n) {
    throw new RangeError(`fromRevision must be >= 0n, got ${options.fromRevision}`);
  }
  if (options.maxCount !== undefined) assertPositiveCount(options.maxCount);
};

export const validateReadAll = (options: ReadAllOptions): void => assertPositiveCount(options.maxCount);

// A zero count would make a catch-up loop spin without progress, so it is a caller bug.
const assertPositiveCount = (maxCount: number): void => {
  if (!Number.isSafeInteger(maxCount) || maxCount < 1)
    throw new RangeError(`maxCount must be a positive integer, got ${maxCount}`);
};

/** Where an already-stored event with one of the appended ids lives. */
export type StoredEventRef = { id: string; streamId: string; revision: bigint; position: GlobalPosition };

/**
 * Decides what an append means when some of its ids are already stored. None stored: a new append
 * (undefined). All stored in this stream, contiguous and in the same order: a retry of an append
 * that succeeded, answered with its original result. Anything else cannot be a retry, so it is an
 * `EventIdConflictError`.
 */
export const resolveStoredEventIds = (
  streamId: string,
  events: readonly ValidatedEvent[],
  stored: readonly StoredEventRef[],
): AppendResult | undefined => {
  if (stored.length === 0) return undefined;
  const byId = new Map(stored.map((ref) => [ref.id, ref]));
  const refs = events.map((event) => byId.get(event.id));
  const first = refs[0];
  const isRetry =
    first !== undefined &&
    refs.every(
      (ref, index) => ref !== undefined && ref.streamId === streamId && ref.revision === first.revision + BigInt(index),
    );
  const last = refs.at(-1);
  if (isRetry && last !== undefined) return { nextExpectedRevision: last.revision, position: last.position };
  throw new EventIdConflictError(
    streamId,
    events.filter((event) => byId.has(event.id)).map((event) => event.id),
  );
};

type StoredEvent = {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  position: GlobalPosition;
  // Kept as JSON text so callers can neither mutate stored events nor store what JSON cannot hold.
  data: string;
  metadata: string;
  recordedAt: number;
};

const toRecorded = (event: StoredEvent): RecordedEvent => ({
  id: event.id,
  type: event.type,
  streamId: event.streamId,
  revision: event.revision,
  position: event.position,
  data: JSON.parse(event.data) as unknown,
  metadata: JSON.parse(event.metadata) as EventMetadata,
  recordedAt: new Date(event.recordedAt),
});

const toRef = (event: StoredEvent): StoredEventRef => ({
  id: event.id,
  streamId: event.streamId,
  revision: event.revision,
  position: event.position,
});

/** Positions are (0, sequence): one process, so the append order is already final. */
export const createMemoryEventStore = (): EventStore => {
  const all: StoredEvent[] = [];
  const streams = new Map<string, StoredEvent[]>();
  const byId = new Map<string, StoredEvent>();

  const actualRevision = (streamId: string): bigint => BigInt(streams.get(streamId)?.length ?? 0) - 1n;

  const revisionMatches = (expected: ExpectedRevision, actual: bigint): boolean => {
    switch (expected) {
      case 'any':
        return true;
      case 'no_stream':
        return actual === -1n;
      case 'stream_exists':
        return actual >= 0n;
      default:
        return actual === expected;
    }
  };

  return {
    kind: 'memory',

    // Everything after validation is synchronous, so each append is atomic without a lock.
    async appendToStream(
      streamId: string,
      events: readonly NewEvent[],
      options: AppendOptions = {},
    ): Promise<AppendResult> {
      const expected = options.expectedRevision ?? 'any';
      const validated = validateAppend(events, expected);
      const stored = validated.flatMap((event) => {
        const found = byId.get(event.id);
        return found ? [toRef(found)] : [];
      });
      const retried = resolveStoredEventIds(streamId, validated, stored);
      if (retried) return retried;

      const actual = actualRevision(streamId);
      if (!revisionMatches(expected, actual)) throw new WrongExpectedRevisionError(streamId, expected, actual);

      const stream = streams.get(streamId) ?? [];
      const recordedAt = Date.now();
      const written = validated.map((event, index): StoredEvent => ({
        id: event.id,
        type: event.type,
        streamId,
        revision: actual + 1n + BigInt(index),
        position: encodePosition(0n, BigInt(all.length + index + 1)),
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata),
        recordedAt,
      }));
      for (const event of written) {
        all.push(event);
        stream.push(event);
        byId.set(event.id, event);
      }
      streams.set(streamId, stream);
      const last = written.at(-1)!;
      return { nextExpectedRevision: last.revision, position: last.position };
    },

    async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      validateReadStream(options);
      const from = Number(options.fromRevision ?? 0n);
      const stream = streams.get(streamId) ?? [];
      const end = options.maxCount === undefined ? undefined : from + options.maxCount;
      return stream.slice(from, end).map(toRecorded);
    },

    async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
      validateReadAll(options);
      const { after } = options;
      const start = after === undefined ? 0 : all.findIndex((event) => event.position > after);
      if (start === -1) return [];
      return all.slice(start, start + options.maxCount).map(toRecorded);
    },

    async headPosition(): Promise<GlobalPosition | undefined> {
      return all.at(-1)?.position;
    },

    async ping(): Promise<void> {},

    async close(): Promise<void> {},
  };
};
