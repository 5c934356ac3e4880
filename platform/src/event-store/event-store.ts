/**
 * The event store port. Four adapters implement it: in-memory (unit tests), PGlite (embedded
 * default), PostgreSQL and EventStoreDB. The contract suite in `testing/event-store-contract.ts`
 * is the executable definition of this interface.
 *
 * Revisions follow EventStoreDB: the zero-based index of an event in its stream, so a stream
 * holding one event is at revision 0n.
 */
import type { GlobalPosition } from './global-position.js';

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export type EventMetadata = {
  /** When the command that produced the event ran (ISO 8601). */
  occurredAt?: string;
  correlationId?: string;
  causationId?: string;
  actor?: { userId: string; role: string };
  idempotencyKey?: string;
  schemaVersion?: number;
  [key: string]: unknown;
};

export type NewEvent<Type extends string = string, Data = unknown> = {
  /** A UUID, deterministic per command so a retried command re-appends the same ids. */
  id: string;
  type: Type;
  data: Data;
  metadata?: EventMetadata;
};

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  id: string;
  type: Type;
  streamId: string;
  revision: bigint;
  position: GlobalPosition;
  data: Data;
  metadata: EventMetadata;
  recordedAt: Date;
};

export type AppendResult = {
  /** Revision of the last event written; pass it as `expectedRevision` for the next append. */
  nextExpectedRevision: bigint;
  /** Position of the last event written, for read-your-writes waits. */
  position: GlobalPosition;
};

export type AppendOptions = { expectedRevision?: ExpectedRevision };

export type ReadStreamOptions = {
  /** Inclusive. */
  fromRevision?: bigint;
  maxCount?: number;
};

export type ReadAllOptions = {
  /** Exclusive: only events after this position are returned. Omitted means from the start. */
  after?: GlobalPosition;
  maxCount: number;
  /**
   * The event types whose content the reader looks at. Events of other types still come back, in order (a projection
   * moves its checkpoint past them), but a layer that transforms what it reads may leave them as stored: the
   * personal-data layer opens only these, which spares a projection decrypting the many events it skips.
   */
  openOnly?: readonly string[];
};

export type EventStoreKind = 'memory' | 'pglite' | 'postgres' | 'esdb';

export type EventStore = {
  readonly kind: EventStoreKind;
  /**
   * Appends all events atomically. Throws `WrongExpectedRevisionError` when the stream is not at
   * the expected revision. Re-appending events whose ids are already in the stream returns the
   * original result and writes nothing (idempotent retry).
   */
  appendToStream(streamId: string, events: readonly NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in revision order; empty when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events of every stream in global order. Never skips an event that a concurrent writer
   * commits later with a lower position: events appear only once their order is final.
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last event readable through `readAll`, or undefined when there is none. */
  headPosition(): Promise<GlobalPosition | undefined>;
  /** Is the backing store reachable? For readiness probes. */
  ping(): Promise<void>;
  close(): Promise<void>;
};
