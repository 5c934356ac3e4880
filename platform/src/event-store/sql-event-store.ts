/**
 * The event store on SQL: one module for PGlite (embedded) and PostgreSQL, which share the
 * dialect. Design: ADR 0001 and 0002.
 *
 * Global order is (transaction_id, global_position), and `readAll` only returns rows whose
 * transaction is older than the oldest transaction still running. A sequence value is taken at
 * insert time but transactions commit in any order, so a reader filtering on the sequence alone
 * could move past a row that commits later and never see it. Every transaction that can still
 * commit has an id at or above `pg_snapshot_xmin`, so rows below it are final.
 *
 * Every xid8 and bigint column is selected as text: pg returns int8 as a string and PGlite as a
 * number, which loses precision above 2^53.
 */
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
import type { Migration } from '../sql/migrations.js';
import { eventAppendedTopic, notifyOnCommit } from '../sql/change-feed.js';
import { PgErrorCode, pgErrorCode } from '../sql/sql-database.js';
import type { SqlDatabase, SqlExecutor } from '../sql/sql-database.js';

export const eventStoreMigrations: Migration[] = [
  {
    id: '0001_event_store',
    sql: `
CREATE TABLE es_streams (
  stream_id text PRIMARY KEY,
  -- Revision of the stream's last event; the row is the lock appends to one stream queue on.
  version bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE es_events (
  global_position bigint GENERATED ALWAYS AS IDENTITY,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  event_type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, stream_version)
);

CREATE INDEX es_events_all ON es_events (transaction_id, global_position);

-- Events are facts: corrections are new events, never edits. Statement-level, so even a
-- DELETE or UPDATE matching no row is refused, and TRUNCATE, which skips row triggers, too.
CREATE FUNCTION es_events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'es_events is append-only: % refused', TG_OP USING ERRCODE = 'P0001';
END
$$;

CREATE TRIGGER es_events_immutable
  BEFORE UPDATE OR DELETE OR TRUNCATE ON es_events
  FOR EACH STATEMENT EXECUTE FUNCTION es_events_refuse_change();
`,
  },
];

type EventRow = {
  transaction_id: string;
  global_position: string;
  stream_id: string;
  stream_version: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date | string;
};

type RefRow = Pick<EventRow, 'transaction_id' | 'global_position' | 'stream_id' | 'stream_version' | 'event_id'>;

const EVENT_COLUMNS = `transaction_id::text AS transaction_id, global_position::text AS global_position,
  stream_id, stream_version::text AS stream_version, event_id::text AS event_id,
  event_type, data, metadata, created_at`;

const READABLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

// ORDER BY names the table: a bare name would pick the ::text output alias and sort as text.
const GLOBAL_ORDER = 'es_events.transaction_id, es_events.global_position';
const GLOBAL_ORDER_DESC = 'es_events.transaction_id DESC, es_events.global_position DESC';

const rowPosition = (row: Pick<EventRow, 'transaction_id' | 'global_position'>): GlobalPosition =>
  encodePosition(BigInt(row.transaction_id), BigInt(row.global_position));

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.event_type,
  streamId: row.stream_id,
  revision: BigInt(row.stream_version),
  position: rowPosition(row),
  data: row.data,
  metadata: row.metadata,
  recordedAt: new Date(row.created_at),
});

const findStoredEvents = async (sql: SqlExecutor, events: readonly ValidatedEvent[]): Promise<StoredEventRef[]> => {
  const { rows } = await sql.query<RefRow>(
    `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position,
       stream_id, stream_version::text AS stream_version, event_id::text AS event_id
     FROM es_events WHERE event_id = ANY($1::uuid[])`,
    [events.map((event) => event.id)],
  );
  return rows.map((row) => ({
    id: row.event_id,
    streamId: row.stream_id,
    revision: BigInt(row.stream_version),
    position: rowPosition(row),
  }));
};

const currentRevision = async (sql: SqlExecutor, streamId: string): Promise<bigint> => {
  const { rows } = await sql.query<{ version: string }>(
    'SELECT version::text AS version FROM es_streams WHERE stream_id = $1',
    [streamId],
  );
  return rows[0] ? BigInt(rows[0].version) : -1n;
};

/**
 * Queues appends to one stream before their transaction has an id. `$all` orders by transaction id, and a
 * transaction takes its id at its first write: were the row lock of `claimRevisions` the queue, a writer could take
 * its id, then be overtaken in the queue by one with a higher id, and its later revision would precede the earlier
 * one in `$all`. An advisory lock takes no transaction id, so each writer's id is taken after the previous writer of
 * the stream committed, hence higher. Two streams whose hashes collide only queue together.
 */
const lockStream = async (sql: SqlExecutor, streamId: string): Promise<void> => {
  await sql.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [streamId]);
};

/**
 * Moves the stream row forward by `count` if it is at the expected revision and returns the new
 * revision, or undefined on a conflict. The row lock it takes makes concurrent appends to one
 * stream queue up; a waiting UPDATE re-checks its WHERE against the committed row.
 */
const claimRevisions = async (
  sql: SqlExecutor,
  streamId: string,
  expected: ExpectedRevision,
  count: number,
): Promise<bigint | undefined> => {
  const [statement, params] = claimStatement(streamId, expected, String(count));
  const { rows } = await sql.query<{ version: string }>(`${statement} RETURNING version::text AS version`, params);
  return rows[0] ? BigInt(rows[0].version) : undefined;
};

const claimStatement = (streamId: string, expected: ExpectedRevision, count: string): [string, unknown[]] => {
  switch (expected) {
    case 'no_stream':
      return [
        `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2::bigint - 1) ON CONFLICT (stream_id) DO NOTHING`,
        [streamId, count],
      ];
    case 'any':
      return [
        `INSERT INTO es_streams (stream_id, version) VALUES ($1, $2::bigint - 1)
         ON CONFLICT (stream_id) DO UPDATE SET version = es_streams.version + $2::bigint, updated_at = now()`,
        [streamId, count],
      ];
    case 'stream_exists':
      return [
        `UPDATE es_streams SET version = version + $2::bigint, updated_at = now() WHERE stream_id = $1`,
        [streamId, count],
      ];
    default:
      return [
        `UPDATE es_streams SET version = version + $2::bigint, updated_at = now()
         WHERE stream_id = $1 AND version = $3::bigint`,
        [streamId, count, expected.toString()],
      ];
  }
};

const insertEvents = async (
  sql: SqlExecutor,
  streamId: string,
  firstRevision: bigint,
  events: readonly ValidatedEvent[],
): Promise<GlobalPosition> => {
  // One JSON parameter rather than parallel arrays: both drivers pass it identically, and the
  // ORDER BY makes identity values follow the order of the events.
  const { rows } = await sql.query<Pick<EventRow, 'transaction_id' | 'global_position' | 'stream_version'>>(
    `INSERT INTO es_events (stream_id, stream_version, event_id, event_type, data, metadata)
     SELECT $1, $2::bigint + e.ordinality - 1, (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata'
     FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ordinality)
     ORDER BY e.ordinality
     RETURNING transaction_id::text AS transaction_id, global_position::text AS global_position,
       stream_version::text AS stream_version`,
    [streamId, firstRevision.toString(), JSON.stringify(events)],
  );
  const last = rows.reduce((a, b) => (BigInt(b.stream_version) > BigInt(a.stream_version) ? b : a));
  return rowPosition(last);
};

/**
 * `close()` leaves the database open: the caller created it and may share it with read models
 * and migrations.
 */
export const createSqlEventStore = (db: SqlDatabase): EventStore => {
  const append = (streamId: string, events: readonly ValidatedEvent[], expected: ExpectedRevision) =>
    db.transaction(async (tx): Promise<AppendResult> => {
      await lockStream(tx, streamId);
      const retried = resolveStoredEventIds(streamId, events, await findStoredEvents(tx, events));
      if (retried) return retried;
      const last = await claimRevisions(tx, streamId, expected, events.length);
      if (last === undefined) {
        // Under READ COMMITTED this statement sees what the writer we queued behind committed,
        // which may be this very append sent twice at once.
        const raced = resolveStoredEventIds(streamId, events, await findStoredEvents(tx, events));
        if (raced) return raced;
        throw new WrongExpectedRevisionError(streamId, expected, await currentRevision(tx, streamId));
      }
      const position = await insertEvents(tx, streamId, last - BigInt(events.length) + 1n, events);
      // PGlite serves one process, whose runner the commands wake themselves.
      if (db.dialect === 'postgres') {
        await notifyOnCommit(tx, [...new Set(events.map((event) => eventAppendedTopic(event.type)))]);
      }
      return { nextExpectedRevision: last, position };
    });

  return {
    kind: db.dialect,

    async appendToStream(
      streamId: string,
      events: readonly NewEvent[],
      options: AppendOptions = {},
    ): Promise<AppendResult> {
      const expected = options.expectedRevision ?? 'any';
      const validated = validateAppend(events, expected);
      try {
        return await append(streamId, validated, expected);
      } catch (error) {
        if (pgErrorCode(error) !== PgErrorCode.uniqueViolation) throw error;
        // A concurrent append committed some of these ids while we held none of its locks
        // (or, as a backstop, the same revisions); its transaction has ended, so look again.
        const raced = resolveStoredEventIds(streamId, validated, await findStoredEvents(db, validated));
        if (raced) return raced;
        throw new WrongExpectedRevisionError(streamId, expected, await currentRevision(db, streamId));
      }
    },

    async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      validateReadStream(options);
      const { rows } = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM es_events
         WHERE stream_id = $1 AND stream_version >= $2::bigint
         ORDER BY es_events.stream_version LIMIT $3`,
        [streamId, (options.fromRevision ?? 0n).toString(), options.maxCount ?? null],
      );
      return rows.map(toRecorded);
    },

    async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
      validateReadAll(options);
      const after = options.after === undefined ? { high: 0n, low: 0n } : decodePosition(options.after);
      const { rows } = await db.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM es_events
         WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND ${READABLE}
         ORDER BY ${GLOBAL_ORDER} LIMIT $3`,
        [after.high.toString(), after.low.toString(), options.maxCount],
      );
      return rows.map(toRecorded);
    },

    async headPosition(): Promise<GlobalPosition | undefined> {
      const { rows } = await db.query<Pick<EventRow, 'transaction_id' | 'global_position'>>(
        `SELECT transaction_id::text AS transaction_id, global_position::text AS global_position
         FROM es_events WHERE ${READABLE}
         ORDER BY ${GLOBAL_ORDER_DESC} LIMIT 1`,
      );
      return rows[0] ? rowPosition(rows[0]) : undefined;
    },

    async ping(): Promise<void> {
      await db.query('SELECT 1');
    },

    async close(): Promise<void> {},
  };
};
