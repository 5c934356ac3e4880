/**
 * EventStoreDB adapter over `@eventstore/db-client` 6.2.1.
 *
 * Status: contract-verified against a typed fake client; server-verified: no. Only a real server
 * proves the server-side idempotency window and `$all` positions; run
 * `esdb-event-store.int.spec.ts` with ESDB_CONNECTION_STRING set to change that.
 *
 * Differences from the SQL adapter that callers may notice:
 * - Idempotency is checked by reading the target stream before each append, because the server
 *   guarantees it only for exact expected revisions and never spots ids from another stream.
 *   An append therefore costs one stream read more, proportional to the stream's length: keep
 *   streams short (close the books per period). An id already used in another stream goes
 *   undetected, as ESDB has no global id index.
 * - System events (types starting with `$`) are left out of every read.
 */
import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  isCommandError,
  jsonEvent,
} from '@eventstore/db-client';
import type {
  AllStreamRecordedEvent,
  AppendExpectedRevision,
  JSONType,
  ReadPosition,
  ResolvedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError } from './errors.js';
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
import { decodePosition, encodePosition } from './global-position.js';
import type { GlobalPosition } from './global-position.js';
import { resolveStoredEventIds, validateAppend, validateReadAll, validateReadStream } from './memory-event-store.js';
import type { StoredEventRef, ValidatedEvent } from './memory-event-store.js';

/** The part of the client this adapter uses, so tests can pass a typed fake. */
export type EsdbClientLike = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'dispose'>;

export type EsdbEventStoreOptions = {
  /** Dispose the client on `close()`; leave false when the caller shares the client. Default false. */
  disposeClientOnClose?: boolean;
};

type EsdbRecordedEvent = NonNullable<ResolvedEvent['event']>;

// Events read from $all come in pages of this size when system events have to be skipped.
const SCAN_BATCH = 100;

const isSystemEvent = (event: EsdbRecordedEvent): boolean => event.type.startsWith('$');

const toEsdbRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
};

const toPosition = (event: EsdbRecordedEvent): GlobalPosition => {
  // Servers before 22.6 return no position on stream reads; positions are part of the port.
  if (!event.position) throw new Error(`EventStoreDB returned no position for event ${event.id}; server 22.6+ needed`);
  return encodePosition(event.position.commit, event.position.prepare);
};

const toReadPosition = (position: GlobalPosition): ReadPosition => {
  const { high, low } = decodePosition(position);
  return { commit: high, prepare: low };
};

const toMetadata = (metadata: unknown): EventMetadata =>
  typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) && !(metadata instanceof Uint8Array)
    ? (metadata as EventMetadata)
    : {};

const toRecorded = (event: EsdbRecordedEvent): RecordedEvent => ({
  id: event.id,
  type: event.type,
  streamId: event.streamId,
  revision: event.revision,
  position: toPosition(event),
  data: event.data,
  metadata: toMetadata(event.metadata),
  recordedAt: event.created,
});

const isEsdbError = (error: unknown, type: ErrorType): boolean =>
  error instanceof Error && isCommandError(error) && error.type === type;

export const createEsdbEventStore = (client: EsdbClientLike, options: EsdbEventStoreOptions = {}): EventStore => {
  const readStreamEvents = async (
    streamId: string,
    fromRevision: bigint | typeof START,
    maxCount?: number,
  ): Promise<EsdbRecordedEvent[]> => {
    const events: EsdbRecordedEvent[] = [];
    try {
      const read = client.readStream(streamId, {
        fromRevision,
        direction: FORWARDS,
        ...(maxCount === undefined ? {} : { maxCount }),
      });
      for await (const resolved of read) {
        if (resolved.event && !isSystemEvent(resolved.event)) events.push(resolved.event);
      }
    } catch (error) {
      if (isEsdbError(error, ErrorType.STREAM_NOT_FOUND)) return [];
      throw error;
    }
    return events;
  };

  const findStoredEvents = async (streamId: string, events: readonly ValidatedEvent[]): Promise<StoredEventRef[]> => {
    const ids = new Set(events.map((event) => event.id));
    const stream = await readStreamEvents(streamId, START);
    return stream
      .filter((event) => ids.has(event.id))
      .map((event) => ({ id: event.id, streamId, revision: event.revision, position: toPosition(event) }));
  };

  /**
   * Pages through $all in `direction`, starting after `from` (exclusive), without system events.
   * Paging by hand, because the read has no server-side filter and a page may hold only system events.
   */
  async function* scanAll(
    direction: typeof FORWARDS | typeof BACKWARDS,
    from: GlobalPosition | undefined,
  ): AsyncGenerator<{ event: AllStreamRecordedEvent; position: GlobalPosition }> {
    let fromPosition: ReadPosition = from === undefined ? (direction === FORWARDS ? START : END) : toReadPosition(from);
    let boundary = from;
    for (;;) {
      let seen = 0;
      let last: GlobalPosition | undefined;
      for await (const resolved of client.readAll({
        fromPosition,
        direction,
        maxCount: SCAN_BATCH,
        resolveLinkTos: false,
      })) {
        seen += 1;
        const event = resolved.event;
        if (!event) continue;
        const position = encodePosition(event.position.commit, event.position.prepare);
        last = position;
        // ESDB reads $all from a position inclusively; the port's `after` is exclusive.
        const passed = boundary !== undefined && (direction === FORWARDS ? position <= boundary : position >= boundary);
        if (!passed && !isSystemEvent(event)) yield { event, position };
      }
      if (seen < SCAN_BATCH || last === undefined) return;
      fromPosition = toReadPosition(last);
      boundary = last;
    }
  }

  return {
    kind: 'esdb',

    async appendToStream(
      streamId: string,
      events: readonly NewEvent[],
      appendOptions: AppendOptions = {},
    ): Promise<AppendResult> {
      const expected = appendOptions.expectedRevision ?? 'any';
      const validated = validateAppend(events, expected);
      const retried = resolveStoredEventIds(streamId, validated, await findStoredEvents(streamId, validated));
      if (retried) return retried;
      try {
        const result = await client.appendToStream(
          streamId,
          validated.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              // The client JSON.stringifies data; its JSONType is narrower than what that accepts.
              data: event.data as JSONType,
              metadata: event.metadata,
            }),
          ),
          { expectedRevision: toEsdbRevision(expected) },
        );
        if (result.position) {
          return {
            nextExpectedRevision: result.nextExpectedRevision,
            position: encodePosition(result.position.commit, result.position.prepare),
          };
        }
        // A success reply may carry no position (`no_position` in the protocol); read it back.
        const [last] = await readStreamEvents(streamId, result.nextExpectedRevision, 1);
        if (!last) throw new Error(`Stream ${streamId} has no event at ${result.nextExpectedRevision} after an append`);
        return { nextExpectedRevision: result.nextExpectedRevision, position: toPosition(last) };
      } catch (error) {
        if (!(error instanceof Error && isCommandError(error) && error.type === ErrorType.WRONG_EXPECTED_VERSION)) {
          throw error;
        }
        // A concurrent writer may have appended these very ids since we looked.
        const raced = resolveStoredEventIds(streamId, validated, await findStoredEvents(streamId, validated));
        if (raced) return raced;
        const actual = error.actualVersion === NO_STREAM ? -1n : error.actualVersion;
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
    },

    async readStream(streamId: string, readOptions: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      validateReadStream(readOptions);
      const events = await readStreamEvents(streamId, readOptions.fromRevision ?? START, readOptions.maxCount);
      return events.map(toRecorded);
    },

    async readAll(readOptions: ReadAllOptions): Promise<RecordedEvent[]> {
      validateReadAll(readOptions);
      const events: RecordedEvent[] = [];
      for await (const { event } of scanAll(FORWARDS, readOptions.after)) {
        events.push(toRecorded(event));
        if (events.length === readOptions.maxCount) break;
      }
      return events;
    },

    async headPosition(): Promise<GlobalPosition | undefined> {
      for await (const { position } of scanAll(BACKWARDS, undefined)) return position;
      return undefined;
    },

    async ping(): Promise<void> {
      for await (const _ of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 })) break;
    },

    async close(): Promise<void> {
      if (options.disposeClientOnClose) await client.dispose();
    },
  };
};

/**
 * Opens a client and pings the server, so a wrong address fails at start-up rather than on the
 * first command. The store owns this client and disposes it on close.
 */
export const connectEsdbEventStore = async (connectionString: string): Promise<EventStore> => {
  const client = EventStoreDBClient.connectionString(connectionString);
  const store = createEsdbEventStore(client, { disposeClientOnClose: true });
  try {
    await store.ping();
  } catch (error) {
    await client.dispose();
    throw error;
  }
  return store;
};
