import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import type {
  AllStreamJSONRecordedEvent,
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  AppendResult,
  AppendToStreamOptions,
  EventData,
  JSONType,
  Position,
  ReadAllOptions,
  ReadStreamOptions,
  StreamingRead,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { describeEventStoreContract } from '../testing/event-store-contract.js';
import { WrongExpectedRevisionError } from './errors.js';
import { connectEsdbEventStore, createEsdbEventStore } from './esdb-event-store.js';
import type { EsdbClientLike } from './esdb-event-store.js';
import type { ExpectedRevision } from './event-store.js';
import { encodePosition } from './global-position.js';

type Recorded = AllStreamJSONRecordedEvent;

const streaming = <E>(items: readonly E[], error?: Error): StreamingRead<E> => {
  const readable = error
    ? new Readable({
        objectMode: true,
        read() {
          this.destroy(error);
        },
      })
    : Readable.from(items);
  return Object.assign(readable, { cancel: async () => {} }) as unknown as StreamingRead<E>;
};

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

// Like the real client, every read deserialises anew, so readers get their own objects.
const resolved = (event: Recorded): { event: Recorded } => ({
  event: {
    ...event,
    data: json(event.data),
    metadata: event.metadata === undefined ? undefined : json(event.metadata),
  },
});

const comparePosition = (a: Position, b: Position): number =>
  a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit);

/**
 * Keeps what the server keeps, as far as the adapter can tell: streams, revisions, one $all log
 * with (commit, prepare) positions, inclusive reads from a position. Each append commits at one
 * commit position, its events at distinct prepare positions, so the two halves are told apart.
 */
class FakeEsdbClient implements EsdbClientLike {
  readonly log: Recorded[] = [];
  readonly appends: { streamName: string; events: EventData[]; options: AppendToStreamOptions | undefined }[] = [];
  disposed = false;
  omitAppendPosition = false;
  private nextCommit = 1_000n;

  appendToStream = (async (
    streamName: string,
    eventOrEvents: EventData | EventData[],
    options?: AppendToStreamOptions,
  ): Promise<AppendResult> => {
    const events = Array.isArray(eventOrEvents) ? eventOrEvents : [eventOrEvents];
    this.appends.push({ streamName, events, options });
    const stream = this.stream(streamName);
    const current = stream.length === 0 ? NO_STREAM : BigInt(stream.length - 1);
    const expected: AppendExpectedRevision = options?.expectedRevision ?? ANY;
    const ok =
      expected === ANY ||
      (expected === NO_STREAM && current === NO_STREAM) ||
      (expected === STREAM_EXISTS && current !== NO_STREAM) ||
      expected === current;
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName, expected, current });
    const written = this.write(streamName, events);
    return {
      success: true,
      nextExpectedRevision: written.at(-1)!.revision,
      ...(this.omitAppendPosition ? {} : { position: written.at(-1)!.position }),
    };
  }) as EsdbClientLike['appendToStream'];

  readStream = ((streamName: string, options: ReadStreamOptions = {}) => {
    const stream = this.stream(streamName);
    if (stream.length === 0) return streaming([], new StreamNotFoundError(undefined, streamName));
    const from =
      options.fromRevision === undefined || options.fromRevision === START ? 0 : Number(options.fromRevision);
    const selected = stream.slice(from, from + Number(options.maxCount ?? Number.MAX_SAFE_INTEGER));
    return streaming(selected.map(resolved));
  }) as EsdbClientLike['readStream'];

  readAll = ((options: ReadAllOptions = {}) => {
    const { fromPosition = START, direction = FORWARDS } = options;
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const ordered = direction === FORWARDS ? this.log : [...this.log].reverse();
    const selected = ordered.filter((event) => {
      if (fromPosition === START || fromPosition === END)
        return fromPosition === (direction === FORWARDS ? START : END);
      const order = comparePosition(event.position, fromPosition);
      return direction === FORWARDS ? order >= 0 : order <= 0;
    });
    return streaming<AllStreamResolvedEvent>(selected.slice(0, maxCount).map(resolved));
  }) as EsdbClientLike['readAll'];

  dispose = async (): Promise<void> => {
    this.disposed = true;
  };

  writeSystemEvents(count: number): void {
    this.write(
      `$stats-${randomUUID()}`,
      Array.from({ length: count }, () => ({
        id: randomUUID(),
        contentType: 'application/json' as const,
        type: '$statsCollected',
        data: {},
        metadata: undefined,
      })),
    );
  }

  private stream(streamName: string): Recorded[] {
    return this.log.filter((event) => event.streamId === streamName);
  }

  private write(streamName: string, events: readonly EventData[]): Recorded[] {
    const base = this.stream(streamName).length;
    const commit = this.nextCommit;
    this.nextCommit += 1_000n;
    const written = events.map((event, index): Recorded => ({
      streamId: streamName,
      id: event.id,
      isJson: true,
      revision: BigInt(base + index),
      type: event.type,
      created: new Date(),
      // What the real client does: serialised to JSON on the way in, parsed on the way out.
      data: json(event.data) as JSONType,
      metadata: event.metadata === undefined ? undefined : (json(event.metadata) as JSONType),
      position: { commit, prepare: commit - 500n + BigInt(index) * 10n },
    }));
    this.log.push(...written);
    return written;
  }
}

const newEvent = (type = 'Happened') => ({ id: randomUUID(), type, data: { at: 1 } });

describeEventStoreContract('esdb over a typed fake client', async () => ({
  store: createEsdbEventStore(new FakeEsdbClient()),
  cleanup: async () => {},
}));

describe('EventStoreDB adapter mapping', () => {
  it.each<[ExpectedRevision, AppendExpectedRevision]>([
    ['any', ANY],
    ['no_stream', NO_STREAM],
    ['stream_exists', STREAM_EXISTS],
    [0n, 0n],
  ])('sends expected revision %s as %s', async (expectedRevision, sent) => {
    const client = new FakeEsdbClient();
    const store = createEsdbEventStore(client);
    if (expectedRevision === 'stream_exists' || expectedRevision === 0n) await store.appendToStream('s', [newEvent()]);

    await store.appendToStream('s', [newEvent()], { expectedRevision });

    expect(client.appends.at(-1)!.options).toEqual({ expectedRevision: sent });
  });

  it('passes the event id through and sends data and metadata as JSON', async () => {
    const client = new FakeEsdbClient();
    const id = randomUUID();
    const metadata = { correlationId: 'c-1', actor: { userId: 'u', role: 'admin' } };

    await createEsdbEventStore(client).appendToStream('s', [
      { id: id.toUpperCase(), type: 'Typed', data: [1, 'two'], metadata },
    ]);

    expect(client.appends[0]!.events).toEqual([
      { id, contentType: 'application/json', type: 'Typed', data: [1, 'two'], metadata },
    ]);
  });

  it.each<[string, bigint | typeof NO_STREAM, bigint]>([
    ['a revision', 4n, 4n],
    ['no stream', NO_STREAM, -1n],
  ])('maps WrongExpectedVersionError with %s to WrongExpectedRevisionError', async (_, current, actual) => {
    const client = new FakeEsdbClient();
    client.appendToStream = (async () => {
      throw new WrongExpectedVersionError(undefined, { streamName: 's', expected: 2n, current });
    }) as EsdbClientLike['appendToStream'];

    const error = await createEsdbEventStore(client)
      .appendToStream('s', [newEvent()], { expectedRevision: 2n })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: 's', expected: 2n, actual });
  });

  it('lets other client errors through', async () => {
    const client = new FakeEsdbClient();
    const unavailable = new UnavailableError(undefined, 'server down');
    client.readStream = (() => streaming([], unavailable)) as EsdbClientLike['readStream'];

    await expect(createEsdbEventStore(client).readStream('s')).rejects.toBe(unavailable);
  });

  it('reads a missing stream (StreamNotFoundError) as empty', async () => {
    expect(await createEsdbEventStore(new FakeEsdbClient()).readStream('missing')).toEqual([]);
  });

  it('encodes {commit, prepare} as the position and decodes `after` back into a read position', async () => {
    const client = new FakeEsdbClient();
    const store = createEsdbEventStore(client);
    const result = await store.appendToStream('s', [newEvent(), newEvent()]);
    const [first, second] = client.log;

    expect(result.position).toBe(encodePosition(second!.position.commit, second!.position.prepare));
    const [read] = await store.readStream('s');
    expect(read!.position).toBe(encodePosition(first!.position.commit, first!.position.prepare));

    const readAll = client.readAll;
    const seen: (ReadAllOptions | undefined)[] = [];
    client.readAll = ((options?: ReadAllOptions) => {
      seen.push(options);
      return readAll(options);
    }) as EsdbClientLike['readAll'];
    const after = await store.readAll({ after: read!.position, maxCount: 10 });
    expect(seen[0]).toMatchObject({ fromPosition: first!.position, direction: FORWARDS });
    // The server includes the event at `after`; the port excludes it.
    expect(after.map((e) => e.id)).toEqual([second!.id]);
  });

  it('maps the recorded event and defaults metadata that is not a JSON object', async () => {
    const client = new FakeEsdbClient();
    const event = newEvent('Mapped');
    await createEsdbEventStore(client).appendToStream('s', [event]);
    client.log[0]!.metadata = ['not', 'an', 'object'];

    const [read] = await createEsdbEventStore(client).readStream('s');
    expect(read).toEqual({
      id: event.id,
      type: 'Mapped',
      streamId: 's',
      revision: 0n,
      position: encodePosition(client.log[0]!.position.commit, client.log[0]!.position.prepare),
      data: event.data,
      metadata: {},
      recordedAt: client.log[0]!.created,
    });
  });

  it('leaves system events out of $all, across pages made only of them', async () => {
    const client = new FakeEsdbClient();
    const store = createEsdbEventStore(client);
    client.writeSystemEvents(3);
    await store.appendToStream('s', [newEvent('First')]);
    client.writeSystemEvents(250);
    await store.appendToStream('s', [newEvent('Second')]);
    client.writeSystemEvents(120);

    const all = await store.readAll({ maxCount: 10 });
    expect(all.map((e) => e.type)).toEqual(['First', 'Second']);
    expect(await store.readAll({ after: all[0]!.position, maxCount: 10 })).toEqual([all[1]]);
    expect(await store.readAll({ after: all[1]!.position, maxCount: 10 })).toEqual([]);
    expect(await store.headPosition()).toBe(all[1]!.position);
  });

  it('has no head while $all holds only system events', async () => {
    const client = new FakeEsdbClient();
    client.writeSystemEvents(150);

    expect(await createEsdbEventStore(client).headPosition()).toBeUndefined();
  });

  it('reads the position back when the append reply carries none', async () => {
    const client = new FakeEsdbClient();
    client.omitAppendPosition = true;
    const store = createEsdbEventStore(client);

    const result = await store.appendToStream('s', [newEvent(), newEvent()]);

    const last = client.log.at(-1)!;
    expect(result).toEqual({
      nextExpectedRevision: 1n,
      position: encodePosition(last.position.commit, last.position.prepare),
    });
  });

  it('answers a retry from the stream without appending again', async () => {
    const client = new FakeEsdbClient();
    const store = createEsdbEventStore(client);
    const events = [newEvent(), newEvent()];
    const original = await store.appendToStream('s', events, { expectedRevision: 'no_stream' });

    expect(await store.appendToStream('s', events, { expectedRevision: 'no_stream' })).toEqual(original);
    expect(client.appends).toHaveLength(1);
  });

  it('pings with a one-event read of $all from the end', async () => {
    const client = new FakeEsdbClient();
    const readAll = client.readAll;
    const seen: (ReadAllOptions | undefined)[] = [];
    client.readAll = ((options?: ReadAllOptions) => {
      seen.push(options);
      return readAll(options);
    }) as EsdbClientLike['readAll'];

    await createEsdbEventStore(client).ping();

    expect(seen).toEqual([{ fromPosition: END, direction: BACKWARDS, maxCount: 1 }]);
  });

  it('disposes the client on close only when it owns it', async () => {
    const shared = new FakeEsdbClient();
    const owned = new FakeEsdbClient();

    await createEsdbEventStore(shared).close();
    await createEsdbEventStore(owned, { disposeClientOnClose: true }).close();

    expect(shared.disposed).toBe(false);
    expect(owned.disposed).toBe(true);
  });

  it('fails to connect at once when no server listens', async () => {
    // Port 1 on loopback refuses connections, so the ping fails without waiting on a timeout.
    await expect(connectEsdbEventStore('esdb://127.0.0.1:1?tls=false')).rejects.toMatchObject({ type: 'unavailable' });
  });
});
